import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function CareCompRoute() {
  return <RoutePage path="/care-comp" />;
}

export const meta = routeMeta("/care-comp");
