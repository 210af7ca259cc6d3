import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function AnalyticsClimateCropClimateVariabilityRoute() {
  return <RoutePage path="/analytics/climate-crop/climate-variability" />;
}

export const meta = routeMeta("/analytics/climate-crop/climate-variability");
