import { RoutePage } from "~/components/RoutePage";
import { ClimateLivestock } from "~/features/analytics/ClimateLivestock";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import { LIVESTOCK_VIEW, viewPageLoader } from "../../server/analytics/water-livestock-views.server";

export const loader = viewPageLoader(LIVESTOCK_VIEW);
export const clientLoader = referenceClientLoader(["getGeos"]);

export default function AnalyticsClimateLivestockRoute() {
  return (
    <RoutePage path="/analytics/climate-livestock">
      <ClimateLivestock />
    </RoutePage>
  );
}

export const meta = routeMeta("/analytics/climate-livestock");
