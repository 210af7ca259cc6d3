import type { LayerFilter, ViewerLayer } from "~/features/viewer/schema";

/** The filter keys of a viewer layer, in the order the filter panel shows them. */
export const FILTER_KEYS = [
  "source",
  "category",
  "collection",
  "type",
  "variable",
  "model",
  "scenario",
  "sector",
  "period",
  "aggregation",
] as const satisfies readonly (keyof LayerFilter)[];
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Chosen values per key; a key without values does not filter. Observations (null) are "none". */
export type FilterSelection = Partial<Record<FilterKey, string[]>>;

export const NONE = "none";
export const filterValue = (layer: ViewerLayer, key: FilterKey): string => layer.filter[key] ?? NONE;

export function matches(layer: ViewerLayer, selection: FilterSelection, except?: FilterKey): boolean {
  return FILTER_KEYS.every((key) => {
    if (key === except) return true;
    const chosen = selection[key];
    return !chosen?.length || chosen.includes(filterValue(layer, key));
  });
}

/** Positions (in the full list) of the layers that match the selection. */
export function filterLayers(layers: readonly ViewerLayer[], selection: FilterSelection): number[] {
  return layers.flatMap((layer, i) => (matches(layer, selection) ? [i] : []));
}

/**
 * Counts of each value of a key among the layers that match every other key (so choosing a value shows
 * how many layers each alternative would give). Values in first-seen order.
 */
export function facetCounts(layers: readonly ViewerLayer[], selection: FilterSelection, key: FilterKey): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const layer of layers) counts.set(filterValue(layer, key), counts.get(filterValue(layer, key)) ?? 0);
  for (const layer of layers) {
    if (matches(layer, selection, key)) counts.set(filterValue(layer, key), (counts.get(filterValue(layer, key)) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** Reads the selection from URL parameters named after the keys (`source=wb,mswep`). */
export function readSelection(params: URLSearchParams): FilterSelection {
  const selection: FilterSelection = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key).flatMap((v) => v.split(",")).filter(Boolean);
    if (values.length) selection[key] = values;
  }
  return selection;
}

export function writeSelection(params: URLSearchParams, selection: FilterSelection): void {
  for (const key of FILTER_KEYS) {
    params.delete(key);
    const values = selection[key];
    if (values?.length) params.set(key, values.join(","));
  }
}
