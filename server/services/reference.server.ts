import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { ContentEncoding } from "../encoding.server";
import { API_LISTS, type ApiListName, type ApiListResults } from "../../app/store/contract";
import { packedEntry, type ApiCacheEntry } from "../../app/store/prime";
import type { Seeds } from "../seeds.server";

/** A JSON body serialised once, with its strong ETag. */
export interface PreparedJson {
  body: string;
  etag: string;
}

export function prepareJson(value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/**
 * The reference lists of the /api contract, read from the validated seeds. Bodies and ETags are computed
 * once at start-up: the lists never change while the server runs.
 */
export function createReferenceService(seeds: Seeds) {
  const prepared = new Map<ApiListName, PreparedJson>();
  const list = <N extends ApiListName>(name: N): ApiListResults[N] =>
    seeds[API_LISTS[name].seed] as unknown as ApiListResults[N];
  for (const name of Object.keys(API_LISTS) as ApiListName[]) prepared.set(name, prepareJson(list(name)));

  // the lists never change while the server runs: each is compressed once per encoding, at the highest level
  const encoded = new Map<string, Uint8Array<ArrayBuffer>>();
  const encode = (name: ApiListName, encoding: ContentEncoding): Uint8Array<ArrayBuffer> => {
    const key = `${name} ${encoding}`;
    let body = encoded.get(key);
    if (!body) {
      const raw = prepared.get(name)!.body;
      body = Uint8Array.from(
        encoding === "br"
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
          : gzipSync(raw, { level: 9 }),
      );
      encoded.set(key, body);
    }
    return body;
  };

  return {
    list,
    json: (name: ApiListName) => prepared.get(name)!,
    /** The list's JSON compressed, once per list and encoding. */
    encode,
    /**
     * RTK Query cache entries for a loader to hand to the page, so the first render requests nothing; the
     * lists of records are packed (their keys once: `packedEntry`) and unpacked where the page reads them.
     */
    cacheEntries: (names: ApiListName[]): ApiCacheEntry[] => names.map((name) => packedEntry(name, undefined, list(name))),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
