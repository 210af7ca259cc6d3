import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fuzzyFilter } from "~/lib/fuzzy";
import { searchText } from "~/features/navigation/search-items";
import { aezModuleListSchema } from "./schema";
import { AEZ_SEARCH_LABEL, aezSearchItems } from "./search";

const seeds = aezModuleListSchema.parse(JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8")));

describe("aezSearchItems", () => {
  const items = aezSearchItems(seeds);

  it("has one item per module and per map, each with a distinct link into /pyaez", () => {
    const maps = seeds.reduce((n, m) => n + m.child.length, 0);
    expect(items).toHaveLength(seeds.length + maps);
    expect(new Set(items.map((i) => i.href)).size).toBe(items.length);
    for (const item of items) {
      expect(item.href).toMatch(/^\/pyaez#module-\d(\.\d{1,2}(-\d+)?)?$/);
      expect(item.label).toBe(AEZ_SEARCH_LABEL);
    }
  });

  it("links modules and maps to their anchors", () => {
    expect(items[0]).toEqual({ href: "/pyaez#module-1", title: "Module 1: Climate Regime", label: AEZ_SEARCH_LABEL, keywords: "AEZ" });
    expect(items.find((i) => i.title === "1.4 LGP")).toEqual({
      href: "/pyaez#module-1.4",
      title: "1.4 LGP",
      label: AEZ_SEARCH_LABEL,
      keywords: "Climate Regime Length of growing period",
    });
    expect(items.find((i) => i.title === "Module 6: Economic Suitability Analysis")?.href).toBe("/pyaez#module-6");
  });

  it("sends the two maps with id 3.2 to their own anchors", () => {
    expect(items.filter((i) => i.title.startsWith("3.2 ")).map((i) => [i.title, i.href])).toEqual([
      ["3.2 Yield Class Rainfed", "/pyaez#module-3.2"],
      ["3.2 Yield Class Irrigated", "/pyaez#module-3.2-2"],
    ]);
  });

  it("ranks the named map first for a search by its name or abbreviation", () => {
    const top = (query: string) => fuzzyFilter(items, query, searchText)[0]?.href;
    expect(top("LGP")).toBe("/pyaez#module-1.4");
    expect(top("Fournier")).toBe("/pyaez#module-5.1");
    expect(top("permafrost")).toBe("/pyaez#module-1.82");
    expect(top("growing period")).toBe("/pyaez#module-1.4");
  });

  it("is empty without modules", () => {
    expect(aezSearchItems([])).toEqual([]);
  });
});
