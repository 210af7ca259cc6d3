import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { fixedHeight: true };

export default function Cmip6ViewerRoute() {
  return <RoutePage path="/cmip6-viewer" />;
}

export const meta = routeMeta("/cmip6-viewer");
