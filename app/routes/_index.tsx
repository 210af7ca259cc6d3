import { RoutePage } from "~/components/RoutePage";
import { AreaOverview } from "~/features/home/AreaOverview";
import { CoverageFacts } from "~/features/home/CoverageFacts";
import { routeMeta } from "~/lib/meta";

export default function HomeRoute() {
  return (
    <RoutePage path="/" title="South Asia Climate and Agriculture Portal">
      <CoverageFacts />
      <AreaOverview />
    </RoutePage>
  );
}

export const meta = routeMeta("/");
