import { describe, expect, it } from "vitest";
import { compile } from "vega-lite";
import type { ScenarioSeries } from "../series";
import { annualCycleSpec, bandPoints, changeSpec, chartTitle, levelSpans, memberPoints, spreadSpec, timeSeriesSpec, windowSpans } from "./specs";

const block: ScenarioSeries = {
  scenario: "ssp585",
  years: [2020, 2021, 2022],
  values: { A: [1, 2, null], B: [2, 3, 4] },
  stats: { median: [1.5, 2.5, null], p10: [1.1, 2.1, null], p90: [1.9, 2.9, null], mean: [1.5, 2.5, 4], count: [2, 2, 1] },
  sources: {},
};
const labels = { title: "Annual average temperature, Nepal", axis: "Temperature (°C)", units: "°C", sample: true, note: "2020-2022" };

const layers = (spec: object) => (spec as { layer: { mark: { type: string } | string; data: { values: unknown[] } }[] }).layer;
const markType = (m: { type: string } | string) => (typeof m === "string" ? m : m.type);

describe("chart specifications", () => {
  it("puts the units and the sample-data mark in the subtitle, a line each", () => {
    expect(chartTitle(labels).subtitle).toEqual(["2020-2022", "Units: °C", "Sample data, not model output"]);
    expect(chartTitle({ ...labels, sample: false }).subtitle).toEqual(["2020-2022", "Units: °C"]);
  });

  it("draws a p10-p90 band and a median line per scenario, skipping steps without a median", () => {
    const spec = timeSeriesSpec([block], labels, false);
    expect(layers(spec).map((l) => markType(l.mark))).toEqual(["area", "line"]);
    expect(bandPoints([block])).toEqual([
      { scenario: "ssp585", x: 2020, median: 1.5, p10: 1.1, p90: 1.9 },
      { scenario: "ssp585", x: 2021, median: 2.5, p10: 2.1, p90: 2.9 },
    ]);
    expect((spec as { title: { text: string } }).title.text).toBe(labels.title);
  });

  it("adds the individual models on demand", () => {
    const spec = timeSeriesSpec([block], labels, true);
    expect(layers(spec).map((l) => markType(l.mark))).toEqual(["area", "line", "line"]);
    expect(memberPoints([block])).toHaveLength(5);
  });

  it("marks zero on the change chart", () => {
    expect(layers(changeSpec([block], labels, false)).map((l) => markType(l.mark))).toEqual(["area", "line", "rule"]);
  });

  it("orders the months of the annual cycle", () => {
    const spec = annualCycleSpec([{ scenario: "ssp245", x: "Jan", median: 1, p10: 0, p90: 2 }], ["Jan", "Feb"], labels);
    expect(JSON.stringify(spec)).toContain('"sort":["Jan","Feb"]');
  });

  it("compiles with vega-lite", () => {
    for (const spec of [timeSeriesSpec([block], labels, true), changeSpec([block], labels, true)]) {
      expect(() => compile(spec)).not.toThrow();
    }
  });
});

describe("bar chart", () => {
  it("groups bars within categories in the given order and compiles", async () => {
    const { barChartSpec } = await import("./specs");
    const spec = barChartSpec(
      [
        { category: "El Nino", group: "Kharif", value: -1 },
        { category: "La Nina", group: "Kharif", value: 1 },
        { category: "Neutral", group: "Kharif", value: null },
      ],
      labels,
      "ENSO phase",
      ["El Nino", "Neutral", "La Nina"],
    );
    expect((spec as { data: { values: unknown[] } }).data.values).toHaveLength(2);
    expect(() => compile(spec)).not.toThrow();
  });
});

describe("window marks and the model-selection scatter", () => {
  const windows = windowSpans([{ start: 2020, end: 2039, label: "2020-2039" }]);

  it("shades the 20-year windows and a warming level's span where the median model reaches it", () => {
    expect(windows).toEqual([{ start: 2020, end: 2040, label: "2020-2039" }]);
    const spans = levelSpans("+2 °C", [
      { scenario: "ssp585", name: "SSP5-8.5", periods: { A: { start: 2030, end: 2049 }, B: { start: 2036, end: 2055 }, C: { start: 2041, end: 2060 } } },
      { scenario: "ssp245", name: "SSP2-4.5", periods: { A: { start: 2030, end: 2049 }, B: { start: 2041, end: 2060 } } },
      { scenario: "historical", name: "Historical", periods: {} },
    ]);
    expect(spans).toEqual([
      { start: 2036, end: 2056, label: "+2 °C SSP5-8.5: 2036-2055 (median model)", scenario: "ssp585" },
      { start: 2036, end: 2056, label: "+2 °C SSP2-4.5: 2036-2055 (median model)", scenario: "ssp245" },
    ]);
    const spec = timeSeriesSpec([block], labels, false, [...windows, spans[0]]);
    expect(layers(spec).map((l) => markType(l.mark))).toEqual(["rect", "rect", "text", "area", "line"]);
    expect(() => compile(spec)).not.toThrow();
    expect(layers(changeSpec([block], labels, false, windows)).map((l) => markType(l.mark))).toEqual(["rect", "area", "line", "rule"]);
  });

  it("plots each model, the p10-p90 box and the median cross, naming the selected models", () => {
    const points = [
      { model: "A", temperature: 1, precipitation: -5, selected: true },
      { model: "B", temperature: 2, precipitation: 10, selected: false },
    ];
    const box = { temperature: { median: 1.5, p10: 1.1, p90: 1.9 }, precipitation: { median: 2.5, p10: -3.5, p90: 8.5 } };
    const spec = spreadSpec(points, box, { ...labels, axis: "Change in precipitation (%)" });
    expect(layers(spec).map((l) => markType(l.mark))).toEqual(["rect", "rule", "rule", "point", "point", "text"]);
    expect(layers(spec)[4].data.values).toEqual(points);
    expect(layers(spec)[5].data.values).toEqual([points[0]]);
    expect(layers(spec)[0].data.values).toEqual([{ t10: 1.1, t90: 1.9, p10: -3.5, p90: 8.5 }]);
    expect(() => compile(spec)).not.toThrow();
  });
});
