import { api } from "./api";

/** One RTK Query cache entry a loader hands to the client: endpoint, argument and value. */
export interface ApiCacheEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
  /** The value is a list of records written as a `PackedList` (`packedEntry`): unpacked when read. */
  packed?: true;
}

/**
 * A list of records as a document carries it: the keys once, then each record's values in that order (null
 * where a record has no such key). A reference list repeats the same keys in every record, a third of its
 * bytes; the page's store gets the records back as they were (`cacheEntriesFrom`).
 */
export interface PackedList {
  keys: string[];
  rows: unknown[][];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The entry of a list of records, packed (`PackedList`) when that gives the records back exactly: plain
 * records with no null value (null marks an absent key). Anything else is primed as it is.
 */
export function packedEntry(endpointName: string, arg: unknown, value: unknown): ApiCacheEntry {
  if (!Array.isArray(value) || value.length === 0 || !value.every((r) => isRecord(r) && Object.values(r).every((v) => v !== null && v !== undefined))) {
    return { endpointName, arg, value };
  }
  const records = value as Record<string, unknown>[];
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const packed: PackedList = { keys, rows: records.map((r) => keys.map((k) => (k in r ? r[k] : null))) };
  return { endpointName, arg, value: packed, packed: true };
}

/** The records of a packed list, each with its own keys only. */
export function unpackList({ keys, rows }: PackedList): Record<string, unknown>[] {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      if (row[i] !== null) record[key] = row[i];
    });
    return record;
  });
}

/** Loader data that carries cache entries. */
export interface WithApiCache {
  apiCache?: ApiCacheEntry[];
}

/** Entries from every matched route's loader data, in route order, packed lists unpacked. */
export function cacheEntriesFrom(loaderData: unknown[]): ApiCacheEntry[] {
  return loaderData
    .flatMap((data) => (data && typeof data === "object" && Array.isArray((data as WithApiCache).apiCache) ? (data as WithApiCache).apiCache! : []))
    .map((entry) => (entry.packed ? { endpointName: entry.endpointName, arg: entry.arg, value: unpackList(entry.value as PackedList) } : entry));
}

/** Synchronous actions that put the entries in the cache as fulfilled queries. */
export function primeActions(entries: ApiCacheEntry[]) {
  if (entries.length === 0) return [];
  return [api.util.upsertQueryEntries(entries as never)];
}
