import { LruCache } from "../series/lru";
import type { KeptResult } from "./compute";

/**
 * Where on-demand results are kept, by their key (`requestKey`: the question's canonical inputs and the
 * data version), so that a question asked again is answered at once.
 */
export interface ResultStore {
  get(key: string): Promise<KeptResult | undefined>;
  set(key: string, result: KeptResult): Promise<void>;
}

/** The bytes a result takes. */
export const resultBytes = (r: KeptResult) => r.json.length + r.csv.length;

/** Results in this process's memory, the least recently used going first past `bytes`. */
export class MemoryResults implements ResultStore {
  private readonly cache: LruCache<string, KeptResult>;
  constructor(bytes: number) {
    this.cache = new LruCache(bytes, resultBytes, "ondemand-results");
  }
  async get(key: string): Promise<KeptResult | undefined> {
    return this.cache.get(key);
  }
  async set(key: string, result: KeptResult): Promise<void> {
    this.cache.set(key, result);
  }
}
