import { RoutePage } from "~/components/RoutePage";
import { ClimateLivestock } from "~/features/analytics/ClimateLivestock";
import { livestockQueries } from "~/features/analytics/livestock";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisLoader } from "../../server/analytics/loader.server";

export const loader = analysisLoader((selection, levels) => livestockQueries(selection, levels));
export const clientLoader = referenceClientLoader(["getGeos", "getWarmingLevels"]);

export default function AnalyticsClimateLivestockRoute() {
  return (
    <RoutePage path="/analytics/climate-livestock">
      <ClimateLivestock />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-livestock");
