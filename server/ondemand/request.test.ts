import { describe, expect, it } from "vitest";
import { SOUTH_ASIA_AXES } from "../../app/features/grids/grid";
import { getSeeds } from "../seeds.server";
import { modelMember } from "../../app/features/cmip6/warmingLevels";
import { MAX_POLYGON_VERTICES, parseRequest, polygonProblem, requestKey, requestSize, type RequestCatalog } from "./request";

/**
 * A request for an index on demand is checked field by field, with the rule a bad field breaks named, and
 * put in one canonical form: the same question in other words has the same key, another question or
 * other data another key.
 */

const seeds = getSeeds();
const catalog: RequestCatalog = {
  scenarios: ["ssp245", "ssp585"],
  models: seeds.cmip6Models.map(modelMember),
  places: new Set(seeds.geos.map((g) => g.field_value)),
  warmingLevels: seeds.warmingLevels,
  grid: SOUTH_ASIA_AXES,
  years: { start: 2015, end: 2100 },
};
const square = (x: number, y: number, d = 0.5) => [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]];

function parsed(process: string, inputs: unknown) {
  const result = parseRequest(process, inputs, catalog);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.request;
}
function problems(process: string, inputs: unknown) {
  const result = parseRequest(process, inputs, catalog);
  if (result.ok) throw new Error("accepted");
  return result.errors;
}

describe("on-demand requests", () => {
  it("fills in every default: the index's parameters, the year, ssp245, 1995-2014, 2041-2060 and all models", () => {
    const r = parsed("days-above", { geo: "NPL" });
    expect(r.index.parameters).toEqual({ variable: "tasmax", threshold: 25, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(r.scenario).toBe("ssp245");
    expect(r.baseline).toMatchObject({ start: 1995, end: 2014 });
    expect(r.window.code).toBe("2041-2060");
    expect(r.models).toHaveLength(seeds.cmip6Models.length);
    expect(r.region).toEqual({ kind: "geo", code: "NPL" });
  });

  it("names the field, the rule and what it accepts for each wrong input", () => {
    expect(problems("days-above", { geo: "NPL", threshold: 99 })).toEqual([expect.objectContaining({ field: "threshold", allowed: { min: -60, max: 60 } })]);
    expect(problems("days-above", { geo: "NPL", base: 3 })[0]).toMatchObject({ field: "base", message: 'days-above has no parameter "base"' });
    expect(problems("days-above", { geo: "NPL", months: [13] })[0]).toMatchObject({ field: "months" });
    expect(problems("days-above", { geo: "NPL", scenario: "ssp119" })[0]).toMatchObject({ field: "scenario", allowed: ["ssp245", "ssp585"] });
    expect(problems("days-above", { geo: "NPL", window: "2041-2090" })[0]).toMatchObject({ field: "window", rule: "window-length" });
    expect(problems("days-above", { geo: "NPL", window: "soon" })[0]).toMatchObject({ field: "window", rule: "window-form" });
    expect(problems("days-above", { geo: "NPL", baseline: "1981-2010" })[0]).toMatchObject({ field: "baseline", allowed: ["1995-2014"] });
    expect(problems("days-above", { geo: "NPL", models: ["HAL-9000"] })[0]).toMatchObject({ field: "models", message: "unknown models: HAL-9000" });
    expect(problems("days-above", { geo: "atlantis" })[0]).toMatchObject({ field: "geo", rule: "known-place" });
    expect(problems("days-above", {})[0]).toMatchObject({ field: "region", rule: "one-region" });
    expect(problems("days-above", { geo: "NPL", cell: "27,85" })[0]).toMatchObject({ field: "region", rule: "one-region" });
    expect(problems("days-above", { cell: "51.5,0" })[0]).toMatchObject({ field: "cell", rule: "cell-in-grid" });
    expect(problems("frost-days", { geo: "NPL" })[0]).toMatchObject({ field: "process" });
  });

  it("refuses a malformed polygon naming the rule it breaks", () => {
    const rule = (polygon: unknown) => polygonProblem(polygon, SOUTH_ASIA_AXES)?.rule;
    expect(rule({ type: "Polygon", coordinates: square(85, 27) })).toBeUndefined();
    expect(rule({ type: "MultiPolygon", coordinates: [square(85, 27), square(80, 20)] })).toBeUndefined();
    expect(rule({ type: "Point", coordinates: [85, 27] })).toBe("geometry-type");
    expect(rule({ type: "Polygon", coordinates: [[[85, 27], [86, 27], [86, 28], [85, 28]]] })).toBe("closed-rings");
    expect(rule({ type: "Polygon", coordinates: [[[85, 27], [86, 27], [85, 27]]] })).toBe("ring-size");
    expect(rule({ type: "Polygon", coordinates: [[[85, 27], [86, "x"], [86, 28], [85, 27]]] })).toBe("positions");
    expect(rule({ type: "Polygon", coordinates: square(120, 27) })).toBe("within-grid");
    expect(rule({ type: "Polygon", coordinates: [[[85, 27], [86, 27], [87, 27], [85, 27]]] })).toBe("area");
    const many = Array.from({ length: MAX_POLYGON_VERTICES + 1 }, (_, i) => [85 + Math.cos(i / 400), 27 + Math.sin(i / 400)]);
    expect(rule({ type: "Polygon", coordinates: [[...many, many[0]]] })).toBe("max-vertices");
    expect(problems("days-above", { polygon: { type: "Polygon", coordinates: [[[85, 27], [86, 27], [86, 28], [85, 28]]] } })[0]).toMatchObject({ field: "polygon", rule: "closed-rings" });
  });

  it("takes each model's own window at a warming level, and leaves out the models that do not reach it", () => {
    const r = parsed("season-mean", { geo: "NPL", window: "gwl:4.0", scenario: "ssp245" });
    expect(r.window.code).toBe("gwl:4.0");
    expect(Object.keys(r.withoutWindow).length).toBeGreaterThan(0);
    for (const model of r.models) expect(r.window.byModel[model].end - r.window.byModel[model].start).toBe(19);
    expect(new Set(Object.values(r.window.byModel).map((p) => p.start)).size).toBeGreaterThan(1);
    expect(problems("season-mean", { geo: "NPL", window: "gwl:2.0", scenario: "ssp370" })[0].field).toBe("scenario");
  });

  it("gives the same question in other words the same key, and another question or other data another", () => {
    const key = (process: string, inputs: unknown, version = "v1") => requestKey(parsed(process, inputs), version);
    const base = key("days-above", { geo: "NPL", months: [12, 1, 2] });
    expect(key("days-above", { months: [1, 2, 12], geo: "NPL", threshold: 25, variable: "tasmax", scenario: "ssp245", window: "2041-2060", baseline: "1995-2014" })).toBe(base);
    expect(key("days-above", { geo: "NPL", months: [12, 1, 2], models: [...catalog.models.map((m) => m.code)].reverse() })).toBe(base);
    expect(key("days-above", { geo: "NPL", months: [12, 1, 2], threshold: 26 })).not.toBe(base);
    expect(key("days-above", { geo: "NPL", months: [12, 1, 2] }, "v2")).not.toBe(base);
    expect(key("days-above", { geo: "NPL", months: [12, 1, 2], models: ["MIROC6"] })).not.toBe(base);
    // any point inside a cell names the cell
    expect(key("wet-days", { cell: "27.6,85.3" })).toBe(key("wet-days", { cell: "27.7,85.4" }));
    expect(key("wet-days", { cell: "27.6,85.3" })).not.toBe(key("wet-days", { cell: "27.9,85.3" }));
  });

  it("sizes a request by the cell-years its models read, with the year before for a season crossing the new year", () => {
    expect(requestSize(parsed("season-mean", { geo: "NPL", models: ["MIROC6"] }), 100)).toBe(100 * 40);
    expect(requestSize(parsed("season-mean", { geo: "NPL", models: ["MIROC6", "CanESM5"], months: [11, 12, 1, 2, 3] }), 100)).toBe(2 * 100 * 42);
  });
});
