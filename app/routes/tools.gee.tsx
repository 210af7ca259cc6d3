import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { fixedHeight: true };

export default function ToolsGeeRoute() {
  return <RoutePage path="/tools/gee" />;
}

export const meta = routeMeta("/tools/gee");
