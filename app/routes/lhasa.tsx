import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { fixedHeight: true };

export default function LhasaRoute() {
  return <RoutePage path="/lhasa" />;
}

export const meta = routeMeta("/lhasa");
