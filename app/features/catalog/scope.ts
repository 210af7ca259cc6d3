import type { CatalogEntry, CatalogSector, CatalogTopic } from "./schema";

/** Which part of the catalogue a page lists. */
export type CatalogScope = { kind: "all" } | { kind: "topic"; topic: CatalogTopic } | { kind: "sector"; sector: CatalogSector };

const cache = new Map<string, (entry: CatalogEntry) => boolean>();

/** The entry predicate of a scope; the same function object for the same scope (stable for memoisation). */
export function scopeFilter(scope: CatalogScope): (entry: CatalogEntry) => boolean {
  const key = scope.kind === "all" ? "all" : scope.kind === "topic" ? `t:${scope.topic}` : `s:${scope.sector}`;
  let filter = cache.get(key);
  if (!filter) {
    filter =
      scope.kind === "all"
        ? () => true
        : scope.kind === "topic"
          ? (entry) => entry.topic === scope.topic
          : (entry) => entry.data_sector === scope.sector;
    cache.set(key, filter);
  }
  return filter;
}
