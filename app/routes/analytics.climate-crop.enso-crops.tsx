import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function AnalyticsClimateCropEnsoCropsRoute() {
  return <RoutePage path="/analytics/climate-crop/enso-crops" />;
}

export const meta = routeMeta("/analytics/climate-crop/enso-crops");
