import { RoutePage } from "~/components/RoutePage";
import { ClimateWater } from "~/features/analytics/ClimateWater";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisViewLoader } from "~server/analytics/views.server";

export const loader = /* @__PURE__ */ analysisViewLoader("climate-water");
export const clientLoader = referenceClientLoader(["getGeos"]);

export default function AnalyticsClimateWaterRoute() {
  return (
    <RoutePage path="/analytics/climate-water">
      <ClimateWater />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-water");
