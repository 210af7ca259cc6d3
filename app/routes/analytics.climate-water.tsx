import { RoutePage } from "~/components/RoutePage";
import { ClimateWater } from "~/features/analytics/ClimateWater";
import { WATER_VARIABLES, windowQueries } from "~/features/analytics/queries";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisLoader } from "../../server/analytics/loader.server";

export const loader = analysisLoader((selection, levels) => windowQueries(selection, WATER_VARIABLES, levels));
export const clientLoader = referenceClientLoader(["getGeos", "getWarmingLevels"]);

export default function AnalyticsClimateWaterRoute() {
  return (
    <RoutePage path="/analytics/climate-water">
      <ClimateWater />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-water");
