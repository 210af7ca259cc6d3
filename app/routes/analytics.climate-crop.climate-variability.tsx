import { RoutePage } from "~/components/RoutePage";
import { ClimateVariability } from "~/features/analytics/ClimateVariability";
import { variabilityQueries } from "~/features/analytics/queries";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisLoader } from "../../server/analytics/loader.server";

export const loader = analysisLoader(variabilityQueries);
export const clientLoader = referenceClientLoader(["getGeos", "getWarmingLevels"]);

export default function AnalyticsClimateVariabilityRoute() {
  return (
    <RoutePage path="/analytics/climate-crop/climate-variability">
      <ClimateVariability />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-crop/climate-variability");
