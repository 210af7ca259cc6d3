import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { invariantResponse } from "../../app/lib/http";
import { applyTableState } from "../../app/components/data-table/model";
import { parseTableState } from "../../app/components/data-table/state";
import type { InitialTableModel } from "../../app/components/data-table/DataTable";
import { CATALOG_COLUMNS } from "../../app/features/catalog/columns";
import { scopeFilter, type CatalogScope } from "../../app/features/catalog/scope";
import type { CatalogEntry } from "../../app/features/catalog/schema";
import type { ApiListName } from "../../app/store/contract";
import type { ReferenceService } from "./reference.server";

/**
 * The first page of a catalogue table for the server render, computed with the same function the
 * browser uses once it has all the rows, from the table state in the URL.
 */
export function initialCatalogPage(reference: ReferenceService, url: URL, scope: CatalogScope): InitialTableModel<CatalogEntry> {
  const entries = reference.list("getCatalogData").filter(scopeFilter(scope));
  const { rows: _all, ...page } = applyTableState(entries, CATALOG_COLUMNS, parseTableState(url.searchParams, CATALOG_COLUMNS));
  return page;
}

/** Small lists every catalogue page renders from the cache (the rows themselves load after hydration). */
const CATALOG_PAGE_LISTS = ["getClimateMetadata", "getMenuCategories"] as const satisfies readonly ApiListName[];

/** Loader of a catalogue table page; `scopeOf` returns null for an unknown topic or sector (a 404). */
export function catalogPageLoader(scopeOf: (params: Params) => CatalogScope | null) {
  return ({ request, params, context }: LoaderFunctionArgs) => {
    const scope = scopeOf(params);
    invariantResponse(scope, "No such catalogue");
    return json({
      scope,
      initial: initialCatalogPage(context.reference, new URL(request.url), scope),
      apiCache: context.reference.cacheEntries([...CATALOG_PAGE_LISTS]),
    });
  };
}
