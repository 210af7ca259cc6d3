import { describe, expect, it } from "vitest";
import { bandChartSpec, type BandPoint } from "../cmip6/charts/specs";
import { bandDigits, chartView, chartViewSpec, packBand, unpackBand } from "./chartView";

const point = (scenario: string, x: number | string, median: number | null, p10: number | null = null, p90: number | null = null): BandPoint => ({ scenario, x, median, p10, p90 });

describe("packed band lines", () => {
  it("keep one run per line of consecutive years, a new run after a gap, and give back the same points", () => {
    const points = [point("historical", 1950, 1, 0, 2), point("historical", 1951, 1.5, 0.5, 2.5), point("ssp245", 2015, 2), point("ssp245", 2017, 3, 2, 4), point("ssp245", 2018, 3.5)];
    const packed = packBand(points, 3);
    expect(packed.map((b) => [b.scenario, b.start, b.median])).toEqual([
      ["historical", 1950, [1, 1.5]],
      ["ssp245", 2015, [2]],
      ["ssp245", 2017, [3, 3.5]],
    ]);
    expect(unpackBand(packed)).toEqual(points);
  });

  it("keep x values that are not years as they are", () => {
    const points = [point("1995-2014", "Jan", 1), point("1995-2014", "Feb", 2), point("2040-2059", "Jan", 3)];
    const packed = packBand(points, 3);
    expect(packed[0]).toEqual({ scenario: "1995-2014", x: ["Jan", "Feb"], median: [1, 2], p10: [null, null], p90: [null, null] });
    expect(unpackBand(packed)).toEqual(points);
  });

  it("round values to three decimals more than the tooltips show, at least three", () => {
    expect(packBand([point("a", 2000, 1.23456789, -0.00049, 8.3333333)], 3)[0]).toMatchObject({ median: [1.235], p10: [-0], p90: [8.333] });
    expect(bandDigits({ labels: { title: "", axis: "", units: "%", sample: false, decimals: 0 } })).toBe(3);
    // precipitation shown to 0.1 mm/day: its statistics' four decimals (`windowDecimals` of 3) are kept
    expect(bandDigits({ labels: { title: "", axis: "", units: "mm/day", sample: false, decimals: 1 } })).toBe(4);
  });

  it("draw the same specification as the points they were packed from, when no value had more decimals", () => {
    const band = [point("historical", 1950, 1.25, 1, 1.5), point("historical", 1951, 1.5, 1.2, 1.75), point("ssp245", 2015, 2, 1.5, 2.5)];
    const options = { labels: { title: "T", axis: "T (°C)", units: "°C", sample: true, decimals: 2 }, band, x: { title: "Year", type: "year" as const }, rules: [0] };
    const chart = chartView("Temperature", "file", "summary", options);
    expect(chartViewSpec(JSON.parse(JSON.stringify(chart)))).toEqual(bandChartSpec(options));
  });
});
