import { api } from "./api";

/** One RTK Query cache entry a loader hands to the client: endpoint, argument and value. */
export interface ApiCacheEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

/** Loader data that carries cache entries. */
export interface WithApiCache {
  apiCache?: ApiCacheEntry[];
}

/** Entries from every matched route's loader data, in route order. */
export function cacheEntriesFrom(loaderData: unknown[]): ApiCacheEntry[] {
  return loaderData.flatMap((data) =>
    data && typeof data === "object" && Array.isArray((data as WithApiCache).apiCache) ? (data as WithApiCache).apiCache! : [],
  );
}

/** Synchronous actions that put the entries in the cache as fulfilled queries. */
export function primeActions(entries: ApiCacheEntry[]) {
  if (entries.length === 0) return [];
  return [api.util.upsertQueryEntries(entries as never)];
}
