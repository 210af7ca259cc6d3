import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { aezModuleListSchema } from "./schema";
import { ALL_MODULES, buildAezView, isFullMap, openModuleHref, openModules, openModuleValues } from "./view";

const seeds = aezModuleListSchema.parse(JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8")));

describe("the view of /pyaez", () => {
  it("opens the first module with maps, and the one named, or all; nothing for an unknown one", () => {
    expect(openModules(seeds, null)).toEqual(["1"]);
    expect(openModules(seeds, "")).toEqual(["1"]);
    expect(openModules(seeds, "1")).toEqual(["1"]);
    expect(openModules(seeds, "4")).toEqual(["1", "4"]);
    expect(openModules(seeds, ALL_MODULES)).toEqual(seeds.map((m) => m.id));
    expect(openModules(seeds, "9")).toBeUndefined();
    expect(openModules([{ ...seeds[5] }, seeds[1]], null)).toEqual(["2"]);
    expect(openModuleValues(seeds)).toEqual(["1", "2", "3", "4", "5", "6", "all"]);
  });

  it("keeps every module and map with its name, in full only in the open modules", () => {
    const view = buildAezView(seeds, ["2"]);
    expect(view.open).toEqual(["2"]);
    expect(view.modules.map((m) => [m.id, m.name, m.child.map((c) => [c.id, c.name])])).toEqual(seeds.map((m) => [m.id, m.name, m.child.map((c) => [c.id, c.name])]));
    for (const module of view.modules) for (const map of module.child) expect(isFullMap(map)).toBe(module.id === "2");
    expect(view.modules[1]).toEqual(seeds[1]);
    expect(Object.keys(view.modules[0].child[0])).toEqual(["id", "name"]);
    expect(JSON.stringify(view).length).toBeLessThan(JSON.stringify(seeds).length / 2);
  });

  it("links a map shown by name to the page with its module open, at its anchor", () => {
    expect(openModuleHref("3", "module-3.2-2")).toBe("/pyaez?module=3#module-3.2-2");
  });
});
