import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function AnalyticsClimateLivestockRoute() {
  return <RoutePage path="/analytics/climate-livestock" />;
}

export const meta = routeMeta("/analytics/climate-livestock");
