import { describe, expect, it } from "vitest";
import { heatDayRows, LIVESTOCK_ROWS, livestockCodes, livestockQueries } from "./livestock";
import { analysisQueryString, parseAnalysisSelection } from "./selection";

const geos = [{ field_value: "IND" }, { field_value: "PAK" }];

describe("species and definition in the analysis selection", () => {
  it("reads species and thi from the URL, falls back to the defaults, and writes only what differs", () => {
    const chosen = parseAnalysisSelection(new URLSearchParams("geo=PAK&species=cattle&thi=max"), geos);
    expect([chosen.species, chosen.thi]).toEqual(["cattle", "max"]);
    const unknown = parseAnalysisSelection(new URLSearchParams("species=goats&thi=hourly"), geos);
    expect([unknown.species, unknown.thi]).toEqual(["dairy", "mean"]);
    expect(analysisQueryString(unknown)).toBe("geo=IND");
    expect(analysisQueryString(chosen)).toBe("geo=PAK&species=cattle&thi=max");
    expect(parseAnalysisSelection(new URLSearchParams(analysisQueryString(chosen)), geos)).toEqual(chosen);
  });

  it("asks for the baseline and the future of each threshold of the species", () => {
    const selection = parseAnalysisSelection(new URLSearchParams("geo=PAK&window=2040-2059"), geos);
    expect(livestockCodes({ species: "cattle", thi: "max" }).map((c) => c.code)).toEqual(["thimax75", "thimax79", "thimax84"]);
    const q = livestockQueries(selection);
    expect(q.map((x) => [x.query.indicator, x.query.scenario, x.query.start, x.query.end])).toEqual([
      ["thimean68", ["historical"], 1995, 2014],
      ["thimean68", ["ssp245"], 2040, 2059],
      ["thimean72", ["historical"], 1995, 2014],
      ["thimean72", ["ssp245"], 2040, 2059],
    ]);
  });
});

describe("heat-stress days by month, season and year", () => {
  const cycle = (f: (m: number) => number) => Array.from({ length: 12 }, (_, m) => f(m + 1));
  it("adds each model's months for seasons and the year, then takes the median and the p10-p90 across models", () => {
    // three models: 1, 2 and 3 days every month in the baseline; the future adds 1, 2 and -1 days a month
    const base = { A: cycle(() => 1), B: cycle(() => 2), C: cycle(() => 3) };
    const future = { A: cycle(() => 2), B: cycle(() => 4), C: cycle(() => 2) };
    const rows = heatDayRows(base, future);
    expect(rows.map((r) => r.label)).toEqual(LIVESTOCK_ROWS.map((r) => r.label));
    expect(rows[0]).toMatchObject({ label: "Jan", baseline: { median: 2, p10: 1.2, p90: 2.8 }, future: { median: 2 }, change: 1 });
    const jjas = rows.find((r) => r.label.includes("JJAS"))!;
    expect(jjas.baseline.median).toBe(8);
    expect(jjas.change).toBe(4);
    const year = rows[rows.length - 1];
    expect(year.label).toBe("Year");
    expect(year.baseline.median).toBe(24);
    // changes +12, +24, -12: two of three rise, not robust
    expect(year.agreement).toEqual({ sign: 1, agree: 2, count: 3, robust: false });
  });

  it("leaves a model out of a season with a month missing, and out of the change without a baseline", () => {
    const base = { A: cycle((m) => (m === 7 ? NaN : 1)), B: cycle(() => 2) };
    const future = { A: cycle(() => 5), B: cycle(() => 3), C: cycle(() => 9) };
    const rows = heatDayRows(base, future);
    const jjas = rows.find((r) => r.label.includes("JJAS"))!;
    expect(jjas.baseline.median).toBe(8);
    expect(jjas.change).toBe(4);
    expect(jjas.agreement?.count).toBe(1);
    expect(rows[0].agreement?.count).toBe(2);
  });
});
