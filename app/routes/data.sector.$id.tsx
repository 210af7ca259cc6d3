import type { MetaFunction, Params } from "@remix-run/react";
import { CatalogPage, type CatalogPageData } from "~/features/catalog/CatalogPage";
import { catalogClientLoader } from "~/features/catalog/client-loader";
import type { CatalogScope } from "~/features/catalog/scope";
import { sectorById } from "~/features/collector/sectors";
import { pageTitle } from "~/lib/meta";
import { useLoaderData } from "@remix-run/react";
import { catalogPageLoader } from "~server/services/catalog.server";

const scopeOf = (params: Params): CatalogScope | null => {
  const sector = sectorById(params.id ?? "");
  return sector ? { kind: "sector", sector: sector.name } : null;
};

export const loader = /* @__PURE__ */ catalogPageLoader(scopeOf);
export const clientLoader = catalogClientLoader(scopeOf);

export default function DataSectorRoute() {
  const { scope } = useLoaderData<CatalogPageData>();
  const name = scope.kind === "sector" ? scope.sector : "";
  return <CatalogPage path="/data/sector/:id" title={`${name} sector`} description={`The datasets of the ${name} sector of the catalogue.`} />;
}

export const meta: MetaFunction<unknown> = ({ data }) => {
  const scope = (data as CatalogPageData | undefined)?.scope;
  return [{ title: pageTitle(scope?.kind === "sector" ? `${scope.sector} sector` : "Page not found") }];
};
