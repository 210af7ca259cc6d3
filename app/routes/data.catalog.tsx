import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function DataCatalogRoute() {
  return <RoutePage path="/data/catalog" />;
}

export const meta = routeMeta("/data/catalog");
