import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { fixedHeight: true };

export default function SecondPageRoute() {
  return <RoutePage path="/second-page" />;
}

export const meta = routeMeta("/second-page");
