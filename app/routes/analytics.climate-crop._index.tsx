import { RoutePage } from "~/components/RoutePage";
import { ClimateCrop } from "~/features/analytics/ClimateCrop";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { analysisViewLoader } from "~server/analytics/views.server";

export const loader = /* @__PURE__ */ analysisViewLoader("climate-crop");
export const clientLoader = referenceClientLoader(["getGeos"]);

export default function AnalyticsClimateCropIndexRoute() {
  return (
    <RoutePage path="/analytics/climate-crop">
      <ClimateCrop />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-crop");
