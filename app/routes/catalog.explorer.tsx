import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { fixedHeight: true };

export default function CatalogExplorerRoute() {
  return <RoutePage path="/catalog/explorer" />;
}

export const meta = routeMeta("/catalog/explorer");
