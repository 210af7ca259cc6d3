import { describe, expect, it } from "vitest";
import { fuzzyFilter, fuzzyScore } from "./fuzzy";

describe("fuzzyScore", () => {
  it("matches characters in order, ignoring case", () => {
    expect(fuzzyScore("cmd", "CMIP6 data explorer")).not.toBeNull();
    expect(fuzzyScore("dmc", "CMIP6 data explorer")).toBeNull();
    expect(fuzzyScore("", "anything")).toBe(0);
  });

  it("ranks substrings above scattered matches and word starts above inner matches", () => {
    const exact = fuzzyScore("viewer", "CMIP6 viewer")!;
    const scattered = fuzzyScore("viewer", "Video review error")!;
    expect(exact).toBeGreaterThan(scattered);
    expect(fuzzyScore("data", "Data collector")!).toBeGreaterThan(fuzzyScore("data", "Metadata")!);
  });
});

describe("fuzzyFilter", () => {
  const titles = ["Home", "CMIP6 data explorer", "CMIP6 viewer", "Climate catalog", "Contact form"];
  it("keeps only matches, best first", () => {
    expect(fuzzyFilter(titles, "cmip6 v", (t) => t)).toEqual(["CMIP6 viewer"]);
    expect(fuzzyFilter(titles, "cat", (t) => t)[0]).toBe("Climate catalog");
    expect(fuzzyFilter(titles, "zzz", (t) => t)).toEqual([]);
  });
  it("returns everything in order for an empty query", () => {
    expect(fuzzyFilter(titles, "", (t) => t)).toEqual(titles);
  });
});
