import type { MetaFunction, Params } from "@remix-run/react";
import { useParams } from "@remix-run/react";
import { CatalogPage, type CatalogPageData } from "~/features/catalog/CatalogPage";
import { ClimateLookups } from "~/features/catalog/ClimateLookups";
import { catalogClientLoader } from "~/features/catalog/client-loader";
import { CATALOG_TOPICS } from "~/features/catalog/constants";
import type { CatalogScope } from "~/features/catalog/scope";
import { portalRoute } from "~/features/navigation/routes";
import { pageTitle } from "~/lib/meta";
import { catalogPageLoader } from "~server/services/catalog.server";

/** The topic catalogues (the explorer, a map viewer, has its own route). */
const scopeOf = (params: Params): CatalogScope | null => {
  const topic = CATALOG_TOPICS.find((t) => t === params.topic);
  return topic ? { kind: "topic", topic } : null;
};

export const loader = /* @__PURE__ */ catalogPageLoader(scopeOf);
export const clientLoader = catalogClientLoader(scopeOf);

export default function CatalogTopicRoute() {
  const { topic } = useParams();
  return <CatalogPage path={`/catalog/${topic}`}>{topic === "climate" && <ClimateLookups />}</CatalogPage>;
}

export const meta: MetaFunction<unknown> = ({ data }) => {
  const scope = (data as CatalogPageData | undefined)?.scope;
  if (scope?.kind !== "topic") return [{ title: pageTitle("Page not found") }];
  const route = portalRoute(`/catalog/${scope.topic}`);
  return [{ title: pageTitle(route.title) }, { name: "description", content: route.description }];
};
