import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { fixedHeight: true };

export default function IsimipRoute() {
  return <RoutePage path="/isimip" />;
}

export const meta = routeMeta("/isimip");
