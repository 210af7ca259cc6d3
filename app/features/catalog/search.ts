import type { SearchItem } from "~/features/navigation/search-items";
import { entryHref } from "./columns";
import type { CatalogEntry } from "./schema";

export const CATALOG_SEARCH_LABEL = "Catalogue";

/** Navigation search destinations for catalogue entries: each entry's own page. */
export function catalogSearchItems(entries: readonly CatalogEntry[]): SearchItem[] {
  return entries.map((entry) => ({
    href: entryHref(entry),
    title: entry.name,
    label: CATALOG_SEARCH_LABEL,
    keywords: [entry.source, entry.indic, entry.data_sector].filter(Boolean).join(" "),
  }));
}
