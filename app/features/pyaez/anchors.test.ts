import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { aezEntries, anchorHref, entryAnchors, firstMap } from "./anchors";
import { aezModuleListSchema, type AezChild, type AezModule } from "./schema";

const seeds = aezModuleListSchema.parse(JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8")));

const map = (id: string, name = `Map ${id}`): AezChild => ({
  id,
  name,
  route: `/pyaez#module-${id}`,
  image: `/aez/module-${id}.svg`,
  desc: `About ${name}.`,
});
const mod = (id: string, child: AezChild[]): AezModule => ({ id, name: `Module ${id}`, val: `module-${id}`, route: `/pyaez#module-${id}`, child });

describe("aezEntries", () => {
  it("anchors modules and maps by id", () => {
    const [entry] = aezEntries([mod("1", [map("1.1"), map("1.81")])]);
    expect(entry.anchor).toBe("module-1");
    expect(entry.maps.map((m) => [m.anchor, m.duplicate])).toEqual([
      ["module-1.1", false],
      ["module-1.81", false],
    ]);
  });

  it("keeps the first anchor for a reused id and suffixes the later ones", () => {
    const entries = aezEntries([mod("3", [map("3.1"), map("3.2", "Rainfed"), map("3.5"), map("3.2", "Irrigated"), map("3.2", "Third")])]);
    const maps = entries[0].maps;
    expect(maps.map((m) => m.anchor)).toEqual(["module-3.1", "module-3.2", "module-3.5", "module-3.2-2", "module-3.2-3"]);
    expect(maps[1].child.name).toBe("Rainfed");
    expect(maps[3].child.name).toBe("Irrigated");
    expect(maps.filter((m) => m.duplicate).map((m) => m.child.name)).toEqual(["Irrigated", "Third"]);
  });

  it("stays unique when an id repeats more than twice", () => {
    const anchors = entryAnchors(aezEntries([mod("3", [map("3.2"), map("3.2"), map("3.2")]), mod("4", [])]));
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  it("gives every item a unique key from its position, stable across calls", () => {
    const entries = aezEntries(seeds);
    const keys = entries.flatMap((e) => [e.key, ...e.maps.map((m) => m.key)]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(aezEntries(seeds).flatMap((e) => e.maps.map((m) => m.key))).toEqual(entries.flatMap((e) => e.maps.map((m) => m.key)));
  });

  it("covers the seeds: every module and map once, the second 3.2 as module-3.2-2", () => {
    const entries = aezEntries(seeds);
    const anchors = entryAnchors(entries);
    const total = seeds.length + seeds.reduce((n, m) => n + m.child.length, 0);
    expect(anchors).toHaveLength(total);
    expect(new Set(anchors).size).toBe(total);
    const climate = entries[2].maps;
    expect(climate.map((m) => m.anchor)).toEqual(["module-3.1", "module-3.2", "module-3.3", "module-3.4", "module-3.5", "module-3.2-2"]);
    expect(climate[1].child.name).toBe("Yield Class Rainfed");
    expect(climate[5].child.name).toBe("Yield Class Irrigated");
    expect(entries[5].maps).toEqual([]);
  });
});

describe("firstMap", () => {
  it("is the first map of the first module that has maps, or none", () => {
    const entries = aezEntries([mod("0", []), mod("1", [map("1.1"), map("1.2")]), mod("2", [map("2.1")])]);
    expect(firstMap(entries)).toBe(entries[1].maps[0]);
    expect(firstMap(aezEntries([mod("6", [])]))).toBeUndefined();
    expect(firstMap(aezEntries(seeds))?.anchor).toBe("module-1.1");
  });
});

describe("anchorHref", () => {
  it("links into the page", () => {
    expect(anchorHref("module-1.4")).toBe("/pyaez#module-1.4");
  });
});
