import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { captcha: true };

export default function DataShareRoute() {
  return <RoutePage path="/data/share" />;
}

export const meta = routeMeta("/data/share");
