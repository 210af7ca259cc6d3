import { describe, expect, it } from "vitest";
import { getSeeds } from "~server/seeds.server";
import { createReferenceService } from "~server/services/reference.server";
import { API_LISTS, type ApiListName } from "./contract";
import { cacheEntriesFrom, packedEntry } from "./prime";

describe("packed lists", () => {
  it("give every reference list back exactly as the API serves it, in fewer bytes", () => {
    const reference = createReferenceService(getSeeds());
    const names = Object.keys(API_LISTS) as ApiListName[];
    const entries = reference.cacheEntries(names);
    const read = cacheEntriesFrom([{ apiCache: JSON.parse(JSON.stringify(entries)) }]);
    for (const [i, name] of names.entries()) {
      expect(read[i]).toEqual({ endpointName: name, arg: undefined, value: JSON.parse(reference.json(name).body) });
    }
    const indicators = entries[names.indexOf("getIndicators")];
    expect(indicators.packed).toBe(true);
    expect(JSON.stringify(indicators).length).toBeLessThan(0.8 * reference.json("getIndicators").body.length);
  });

  it("keep absent keys absent, and leave alone what they could not give back (nulls, non-records)", () => {
    const list = [{ a: 1, b: "x" }, { a: 2 }, { c: [1, 2], a: 3 }];
    const packed = packedEntry("getThings", undefined, list);
    expect(packed.packed).toBe(true);
    expect(cacheEntriesFrom([{ apiCache: [packed] }])[0].value).toEqual(list);
    expect(Object.keys((cacheEntriesFrom([{ apiCache: [packed] }])[0].value as object[])[1])).toEqual(["a"]);
    for (const value of [[{ a: null }], [1, 2], [], { rows: [] }, [[1]]]) {
      expect(packedEntry("getThings", undefined, value)).toEqual({ endpointName: "getThings", arg: undefined, value });
    }
  });
});
