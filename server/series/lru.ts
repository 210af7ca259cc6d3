/** What a named cache holds now: entries, their weight (bytes where a weight is given) and its bound. */
export interface CacheReport {
  name: string;
  entries: number;
  weight: number;
  capacity: number;
  /** What weight and capacity count: bytes (a weight per entry was given) or entries. */
  unit: "bytes" | "entries";
}

const ONE_EACH = () => 1;

/** The named caches of this thread (weakly: a cache nobody holds is not kept alive by the report). */
const named = new Set<WeakRef<LruCache<unknown, unknown>>>();

/** The named caches of this thread that are alive, by name. */
export function cacheReport(): CacheReport[] {
  const reports: CacheReport[] = [];
  for (const ref of named) {
    const cache = ref.deref();
    if (!cache) named.delete(ref);
    else reports.push(cache.report());
  }
  return reports.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A least-recently-used cache bounded by a total weight (entries count 1 each unless a weight is given,
 * e.g. bytes): memory stays bounded however many distinct queries arrive. A named cache is listed by
 * `cacheReport` (the portal's /healthz).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = ONE_EACH,
    readonly name?: string,
  ) {
    if (name) named.add(new WeakRef(this as LruCache<unknown, unknown>));
  }

  report(): CacheReport {
    return { name: this.name ?? "unnamed", entries: this.entries.size, weight: this.total, capacity: this.capacity, unit: this.weigh === ONE_EACH ? "entries" : "bytes" };
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // re-insert: a Map iterates in insertion order, so the first key is the least recently used
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    const weight = this.weigh(value);
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    if (weight > this.capacity) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.capacity) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  /** The cached value, or the computed one (then cached). */
  getOrSet(key: K, compute: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }
}
