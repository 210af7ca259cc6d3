import { RoutePage } from "~/components/RoutePage";
import { ClimateCrop } from "~/features/analytics/ClimateCrop";
import { cropQueries } from "~/features/analytics/queries";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisLoader } from "../../server/analytics/loader.server";

export const loader = analysisLoader(cropQueries);
export const clientLoader = referenceClientLoader(["getGeos", "getWarmingLevels"]);

export default function AnalyticsClimateCropIndexRoute() {
  return (
    <RoutePage path="/analytics/climate-crop">
      <ClimateCrop />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-crop");
