import { RoutePage } from "~/components/RoutePage";
import { ClimateVariability } from "~/features/analytics/ClimateVariability";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisViewLoader } from "~server/analytics/views.server";

export const loader = /* @__PURE__ */ analysisViewLoader("climate-variability");
export const clientLoader = referenceClientLoader(["getGeos"]);

export default function AnalyticsClimateVariabilityRoute() {
  return (
    <RoutePage path="/analytics/climate-crop/climate-variability">
      <ClimateVariability />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-crop/climate-variability");
