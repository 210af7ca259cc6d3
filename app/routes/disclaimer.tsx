import { RoutePage } from "~/components/RoutePage";
import { Disclaimer } from "~/features/static-pages/Disclaimer";
import { routeMeta } from "~/lib/meta";

export default function DisclaimerRoute() {
  return <RoutePage path="/disclaimer">
      <Disclaimer />
    </RoutePage>;
}

export const meta = routeMeta("/disclaimer");
