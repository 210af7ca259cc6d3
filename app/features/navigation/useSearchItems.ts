import { useMemo } from "react";
import { useOpenedOnce } from "~/lib/use-opened-once";
import { catalogSearchItems } from "~/features/catalog/search";
import { aezSearchItems } from "~/features/pyaez/search";
import { profileSearchItems } from "~/features/profile/search";
import { useGetAezModulesQuery, useGetCatalogDataQuery, useGetGeosQuery } from "~/store/reference";
import { SECTOR_SEARCH_ITEMS } from "~/features/collector/search";
import { ROUTE_SEARCH_ITEMS, type SearchItem } from "./search-items";

/** Pages and the catalogue sectors' pages (their tables and charts), known without a request. */
export const PAGE_SEARCH_ITEMS = [...ROUTE_SEARCH_ITEMS, ...SECTOR_SEARCH_ITEMS];

/**
 * What the navigation search offers: every page, then what features add (the places' profiles, the AEZ
 * modules and maps, and the catalogue entries).
 * Feature lists are requested only once the search has been opened (`active`), so pages that never
 * open it make no request for them; after that they stay, and come from the cache when a page primed it.
 */
export function useSearchItems(active: boolean): SearchItem[] {
  const opened = useOpenedOnce(active);
  const { data: aezModules } = useGetAezModulesQuery(undefined, { skip: !opened });
  const { data: catalog } = useGetCatalogDataQuery(undefined, { skip: !opened });
  const { data: geos } = useGetGeosQuery(undefined, { skip: !opened });
  return useMemo(
    () =>
      aezModules || catalog || geos
        ? [...PAGE_SEARCH_ITEMS, ...profileSearchItems(geos ?? []), ...aezSearchItems(aezModules ?? []), ...catalogSearchItems(catalog ?? [])]
        : PAGE_SEARCH_ITEMS,
    [aezModules, catalog, geos],
  );
}
