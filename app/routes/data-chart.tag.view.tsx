import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { collector: true };

export default function DataChartTagViewRoute() {
  return <RoutePage path="/data-chart/tag/view" />;
}

export const meta = routeMeta("/data-chart/tag/view");
