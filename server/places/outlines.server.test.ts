import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminSourceLines, loadGeoFeatures, outlineSourceLine } from "./outlines.server";
import { DE_FACTO, disputedAreas } from "./worldview.server";

const COUNTRIES = [
  { code: "AFG", name: "Afghanistan" },
  { code: "BGD", name: "Bangladesh" },
  { code: "BTN", name: "Bhutan" },
  { code: "IND", name: "India" },
  { code: "LKA", name: "Sri Lanka" },
  { code: "MDV", name: "Maldives" },
  { code: "NPL", name: "Nepal" },
  { code: "PAK", name: "Pakistan" },
];

describe("what a map of the states and provinces says of their outlines", () => {
  it("names the shipped outlines' one source and licence, then the countries whose units are not today's", () => {
    const [source, ...notes] = adminSourceLines(COUNTRIES);
    expect(source).toMatch(/^Outlines of the states and provinces: Natural Earth 1:10m Admin 1 - States, Provinces, .*; public domain \(Natural Earth terms of use\)\.$/);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Bangladesh shown with its seven divisions before 2015: Mymensingh division/);
    expect(notes[1]).toMatch(/^Nepal shown with its 14 zones of 1962-2015/);
  });

  it("gives each source its countries when the outlines come from more than one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sacap-admin1-"));
    const entry = (source: string, current = true) => ({ source, licence: "CC BY 4.0", current, note: `${source} note.` });
    writeFileSync(path.join(dir, "admin1.json"), JSON.stringify({ sources: { NPL: entry("Survey Department of Nepal", true), IND: entry("Natural Earth"), PAK: entry("Natural Earth", false) }, features: [] }));
    expect(adminSourceLines(COUNTRIES, dir)).toEqual([
      "Outlines of the states and provinces of India and Pakistan: Natural Earth; CC BY 4.0.",
      "Outlines of the states and provinces of Nepal: Survey Department of Nepal; CC BY 4.0.",
      "Natural Earth note.",
    ]);
  });
});

describe("the disputed areas as places", () => {
  const geoDir = path.resolve("seeds", "geo");
  const seeds = { geos: [{ field_value: "IND" }, { field_value: "XD-B07" }, { field_value: "XD-B08" }] };

  it("are outlined whole, as the layer draws them, whatever the point of view", () => {
    const layer = new Map(disputedAreas(geoDir).map((a) => [a.code, a.geometry]));
    for (const worldview of [DE_FACTO, "IND", "PAK", "CHN"]) {
      const features = loadGeoFeatures(geoDir, seeds, worldview);
      expect(features.map((f) => f.code)).toEqual(["IND", "XD-B07", "XD-B08"]);
      expect(features[1].geometry).toBe(layer.get("XD-B07"));
      expect(features[2].geometry).toBe(layer.get("XD-B08"));
    }
  });

  it("say where their outline comes from and that it is a place of its own", () => {
    const line = outlineSourceLine({ code: "XD-B07", type: "Disputed" }, geoDir);
    expect(line).toMatch(/^Outline: Natural Earth 1:50m Admin 0 - Breakaway and disputed areas, version 5\.1 \(2022\); public domain/);
    expect(line).toContain(`"Admin. by China; Claimed by India"`);
    expect(line).toContain("never merged into a country's state or province");
  });
});
