import { RoutePage } from "~/components/RoutePage";
import { ClimateLivestock } from "~/features/analytics/ClimateLivestock";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisViewLoader } from "~server/analytics/views.server";

export const loader = /* @__PURE__ */ analysisViewLoader("climate-livestock");
export const clientLoader = referenceClientLoader(["getGeos"]);

export default function AnalyticsClimateLivestockRoute() {
  return (
    <RoutePage path="/analytics/climate-livestock">
      <ClimateLivestock />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-livestock");
