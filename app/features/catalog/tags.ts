import { applyTableState } from "~/components/data-table/model";
import { defaultTableState, parseTableState } from "~/components/data-table/state";
import type { FacetCount } from "~/components/data-table/types";
import { CATALOG_COLUMNS } from "./columns";
import type { CatalogEntry } from "./schema";

/** The kinds of tags the catalogue is browsed by, and the table column (facet) each one filters. */
export const TAG_KINDS = [
  { id: "source", title: "Source" },
  { id: "indic", title: "Variable" },
  { id: "sector", title: "Sector" },
] as const;

export type TagKind = (typeof TAG_KINDS)[number]["id"];

/** Every tag of each kind with the number of entries carrying it, most used first (the table's facet counts). */
export function tagCounts(entries: readonly CatalogEntry[]): Record<TagKind, FacetCount[]> {
  const { facetCounts } = applyTableState(entries, CATALOG_COLUMNS, defaultTableState(CATALOG_COLUMNS));
  return Object.fromEntries(TAG_KINDS.map((kind) => [kind.id, facetCounts[kind.id] ?? []])) as Record<TagKind, FacetCount[]>;
}

/** Only the chosen tags (the table's `in.<kind>` facet values, as it reads them) of a URL's parameters. */
export function chosenTags(params: URLSearchParams): URLSearchParams {
  const { facets } = parseTableState(params, CATALOG_COLUMNS);
  const next = new URLSearchParams();
  for (const k of TAG_KINDS) for (const v of facets[k.id] ?? []) next.append(`in.${k.id}`, v);
  return next;
}

/** The search of the tag-data page for a set of chosen tags (the catalogue table's facet parameters). */
export function tagSearch(chosen: URLSearchParams, kind: TagKind, value: string): string {
  const next = chosenTags(chosen);
  const key = `in.${kind}`;
  const values = next.getAll(key);
  next.delete(key);
  for (const v of values.includes(value) ? values.filter((x) => x !== value) : [...values, value]) next.append(key, v);
  return next.toString();
}
