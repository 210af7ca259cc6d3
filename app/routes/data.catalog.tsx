import { CatalogPage } from "~/features/catalog/CatalogPage";
import { catalogClientLoader } from "~/features/catalog/client-loader";
import type { CatalogScope } from "~/features/catalog/scope";
import { routeMeta } from "~/lib/meta";
import { catalogPageLoader } from "~server/services/catalog.server";

const scopeOf = (): CatalogScope => ({ kind: "all" });

export const loader = /* @__PURE__ */ catalogPageLoader(scopeOf);
export const clientLoader = catalogClientLoader(scopeOf);

export default function DataCatalogRoute() {
  return <CatalogPage path="/data/catalog" title="Data catalogue" />;
}

export const meta = routeMeta("/data/catalog");
