import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function AnalyticsClimateCropIndexRoute() {
  return <RoutePage path="/analytics/climate-crop" />;
}

export const meta = routeMeta("/analytics/climate-crop");
