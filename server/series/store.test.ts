import { describe, expect, it } from "vitest";
import { LruCache } from "./lru";
import { LayeredSeriesStore, type SeriesKey, type SeriesSource, type SeriesStore, type StoredSeries } from "./store";

/** A store holding fixed series, as an ingested source would. */
function fixedStore(id: string, held: Record<string, number[]>): SeriesStore & { asked: SeriesKey[][] } {
  const source: SeriesSource = { id, source: id, method: "fixed", version: "1", sample: false };
  const asked: SeriesKey[][] = [];
  return {
    version: `${id}-1`,
    asked,
    describe: () => ({ name: id, sources: [source] }),
    getSeries: async (keys) => {
      asked.push([...keys]);
      return keys.map((k): StoredSeries | undefined => {
        const values = held[`${k.indicator}|${k.model}`];
        return values ? { startYear: 2015, values: Float64Array.from(values), source } : undefined;
      });
    },
  };
}

const key = (indicator: string, model: string): SeriesKey => ({ indicator, model, geo: "NPL", scenario: "ssp245", frequency: "annual" });

describe("LayeredSeriesStore", () => {
  it("answers each key from the first store that has it and asks the next only for the rest", async () => {
    const ingested = fixedStore("ingested", { "tas|A": [1, 2] });
    const fallback = fixedStore("fallback", { "tas|A": [9, 9], "tas|B": [3, 4] });
    const layered = new LayeredSeriesStore([ingested, fallback]);
    const [a, b, c] = await layered.getSeries([key("tas", "A"), key("tas", "B"), key("pr", "A")]);
    expect(Array.from(a!.values)).toEqual([1, 2]);
    expect(a!.source.id).toBe("ingested");
    expect(Array.from(b!.values)).toEqual([3, 4]);
    expect(b!.source.id).toBe("fallback");
    expect(c).toBeUndefined();
    expect(fallback.asked).toEqual([[key("tas", "B"), key("pr", "A")]]);
    expect(layered.version).toBe("ingested-1+fallback-1");
    expect(layered.describe().sources.map((s) => s.id)).toEqual(["ingested", "fallback"]);
  });

  it("needs a store", () => {
    expect(() => new LayeredSeriesStore([])).toThrow();
  });
});

describe("LruCache", () => {
  it("evicts the least recently used entries beyond its capacity", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.size).toBe(2);
  });

  it("bounds the total weight and skips values heavier than the whole cache", () => {
    const cache = new LruCache<string, string>(10, (s) => s.length);
    cache.set("a", "12345");
    cache.set("b", "123456");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.weight).toBe(6);
    cache.set("huge", "x".repeat(11));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.getOrSet("c", () => "1234")).toBe("1234");
    expect(cache.weight).toBe(10);
  });
});
