import { describe, expect, it } from "vitest";
import { RAMPS } from "../maps/colorScale";
import { cellMap, changeRamp, niceBound, resultView, yearlyBand, type ResultDocument } from "./result";

const stat = (median: number, count = 3) => ({ median, p10: median - 1, p90: median + 1, count });

function document(overrides: Partial<ResultDocument> = {}): ResultDocument {
  return {
    process: "days-above",
    title: "Days above a temperature",
    inputs: { variable: "tasmax", threshold: 30, scenario: "ssp585", window: "gwl:2.0" },
    sample: true,
    source: "Generated sample data, not model output.",
    units: "days",
    method: { index: "count(T > threshold). ETCCDI SU", season: "Months counted: the calendar year." },
    provenance: { dataVersion: "v1", key: "k", computed: "2025-01-01T00:00:00.000Z", sources: ["sample"] },
    region: { label: "Nepal (NPL)", place: "NPL", cells: 3 },
    baseline: { period: "1995-2014", ...stat(10) },
    window: { period: "gwl:2.0", ...stat(20) },
    change: { ...stat(10), agreement: { sign: 1, agree: 3, count: 3, robust: true } },
    excluded: { C: { reason: "baseline not ingested" } },
    withoutVariable: ["D"],
    withoutWindow: { E: "does not reach +2 °C by 2100" },
    years: [2013, 2014, 2050, 2051],
    models: [
      { model: "A", window: { start: 2040, end: 2059 }, baseline: 9, windowMean: 19, change: 10, baselineYears: 20, windowYears: 20, series: [8, 10, 18, null] },
      { model: "B", window: { start: 2045, end: 2064 }, baseline: 11, windowMean: 22, change: 11, baselineYears: 20, windowYears: 19, series: [10, 12, 20, 24] },
      { model: "C", window: undefined, baseline: null, windowMean: 21, change: null, baselineYears: 0, windowYears: 20, series: [null, null, 22, 26] },
    ],
    cells: { lat: [27.125, 27.125, 27.375], lon: [85.125, 85.375, 85.125], change: [0.5, -3, null], agreement: [1, 0.5, null] },
    ...overrides,
  };
}

describe("a job's results on the page", () => {
  it("list each model with its own window and why it is left out, then the ensemble", () => {
    const view = resultView(document());
    expect(view.rows.map((r) => [r.model, r.window, r.change, r.windowYears, r.excluded])).toEqual([
      ["A", "2040-2059", 10, 20, undefined],
      ["B", "2045-2064", 11, 19, undefined],
      ["C", "gwl:2.0", null, 20, "baseline not ingested"],
    ]);
    expect(view).toMatchObject({ scenario: "ssp585", baselinePeriod: "1995-2014", windowPeriod: "gwl:2.0", sample: true, withoutVariable: ["D"], withoutWindow: [["E", "does not reach +2 °C by 2100"]] });
    expect(view.ensemble.change).toMatchObject({ median: 10, agreement: { robust: true } });
    expect(view.method[0]).toEqual({ name: "Index and standard", text: "count(T > threshold). ETCCDI SU" });
  });

  it("chart each season year's median and 10-90 % range across the models with a value, historical to 2014", () => {
    const band = yearlyBand(document(), "ssp585");
    expect(band.map((p) => [p.scenario, p.x, p.median])).toEqual([
      ["historical", 2013, 9],
      ["historical", 2014, 11],
      ["ssp585", 2050, 20],
      ["ssp585", 2051, 25],
    ]);
    expect(band[2].p10).toBeCloseTo(18.4);
  });

  it("map a region of more than one cell only", () => {
    expect(resultView(document()).cellMap).toBeDefined();
    expect(resultView(document({ region: { label: "the cell", place: "NPL", cells: 1 } })).cellMap).toBeUndefined();
  });
});

describe("the map of the cells' change", () => {
  it("colours each cell by its class on a scale symmetric about zero, greys cells without a change and hatches low agreement", () => {
    const map = cellMap(document());
    expect({ columns: map.columns, rows: map.rows, west: map.west, north: map.north }).toEqual({ columns: 2, rows: 2, west: 85, north: 27.5 });
    // |change| up to 3: the scale is -5 to 5 in nine classes of 10/9
    expect(map.classes[0].label).toBe("-5 to -3.889");
    const painted = map.classes.filter((c) => c.path).map((c) => [c.color, c.path]);
    expect(painted).toEqual([
      [RAMPS.temperatureChange[1], "M1 1h1v1h-1z"],
      [RAMPS.temperatureChange[4], "M0 1h1v1h-1z"],
    ]);
    expect(map.missing).toBe("M0 0h1v1h-1z");
    expect(map.hatched).toBe("M1 1h1v1h-1z");
    expect([map.min, map.max, map.withValue]).toEqual([-3, 0.5, 2]);
  });

  it("draws a row's neighbouring cells of one class as one run, and the user's polygon over them", () => {
    const polygon = { type: "Polygon", coordinates: [[[85, 27], [85.5, 27], [85.5, 27.25], [85, 27]]] };
    const map = cellMap(document({ inputs: { polygon }, cells: { lat: [27.125, 27.125], lon: [85.125, 85.375], change: [1, 1], agreement: [1, 1] } }));
    expect(map.classes.find((c) => c.path)?.path).toBe("M0 0h2v1h-2z");
    expect(map.outline).toBe("M0 1L2 1L2 0L0 1z");
  });

  it("takes the ramp of the index: dry and cold days their own, rain blue-green, heat red", () => {
    expect([changeRamp("dry-spell-longest", "pr"), changeRamp("days-below", "tasmin"), changeRamp("season-max", "pr"), changeRamp("wet-days", "pr"), changeRamp("days-above", "tasmax")]).toEqual([
      "dryChange",
      "coldChange",
      "precipitationChange",
      "precipitationChange",
      "temperatureChange",
    ]);
    expect([niceBound(3), niceBound(0.07), niceBound(10), niceBound(0), niceBound(NaN)]).toEqual([5, 0.1, 10, 1, 1]);
  });
});
