import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function AnalyticsClimateWaterRoute() {
  return <RoutePage path="/analytics/climate-water" />;
}

export const meta = routeMeta("/analytics/climate-water");
