import { useMemo } from "react";
import { useOpenedOnce } from "~/lib/use-opened-once";
import { catalogSearchItems } from "~/features/catalog/search";
import { aezSearchItems } from "~/features/pyaez/search";
import { useGetAezModulesQuery, useGetCatalogDataQuery } from "~/store/reference";
import { ROUTE_SEARCH_ITEMS, type SearchItem } from "./search-items";

/**
 * What the navigation search offers: every page, then what features add (the AEZ modules and maps, and
 * the catalogue entries).
 * Feature lists are requested only once the search has been opened (`active`), so pages that never
 * open it make no request for them; after that they stay, and come from the cache when a page primed it.
 */
export function useSearchItems(active: boolean): SearchItem[] {
  const opened = useOpenedOnce(active);
  const { data: aezModules } = useGetAezModulesQuery(undefined, { skip: !opened });
  const { data: catalog } = useGetCatalogDataQuery(undefined, { skip: !opened });
  return useMemo(
    () =>
      aezModules || catalog
        ? [...ROUTE_SEARCH_ITEMS, ...aezSearchItems(aezModules ?? []), ...catalogSearchItems(catalog ?? [])]
        : ROUTE_SEARCH_ITEMS,
    [aezModules, catalog],
  );
}
