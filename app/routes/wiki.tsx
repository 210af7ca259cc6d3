import { RoutePage } from "~/components/RoutePage";
import { Wiki } from "~/features/static-pages/Wiki";
import { routeMeta } from "~/lib/meta";

export default function WikiRoute() {
  return <RoutePage path="/wiki">
      <Wiki />
    </RoutePage>;
}

export const meta = routeMeta("/wiki");
