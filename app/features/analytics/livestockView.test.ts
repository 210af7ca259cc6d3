import { describe, expect, it } from "vitest";
import { monthlyAnswer } from "../../../tests/support/monthly-answers";
import { LIVESTOCK_ROWS, livestockQueries } from "./livestock";
import { buildLivestockView } from "./livestockView";
import { parseAnalysisSelection } from "./selection";

const GEOS = [{ field_value: "PAK" }];
const MODELS = ["A", "B", "C"];
const days = { A: 1, B: 2, C: 3 } as Record<string, number>;

/** Each threshold's answers: A 1, B 2, C 3 days a month (a higher threshold half of that); the future adds 1 (C: -1). */
function answers(query: string, sources?: Record<string, string>) {
  const selection = parseAnalysisSelection(new URLSearchParams(query), GEOS);
  const list = livestockQueries(selection).map(({ query: q }, i) => {
    const [future, higher] = [i % 2 === 1, i >= 2];
    return monthlyAnswer({
      indicator: q.indicator,
      scenarios: q.scenario as ("historical" | "ssp585")[],
      start: q.start!,
      end: q.end!,
      models: MODELS,
      value: (model) => (days[model] + (future ? (model === "C" ? -1 : 1) : 0)) / (higher ? 2 : 1),
      sources: future ? sources : undefined,
    });
  });
  return { selection, answers: list };
}

describe("the livestock heat-stress view", () => {
  it("gives a table per threshold of the species, the download with the same numbers and the method", () => {
    const { selection, answers: a } = answers("geo=PAK&scenario=ssp585&window=2040-2059");
    const view = buildLivestockView(selection, undefined, a);
    expect(view.tables.map((t) => [t.code, t.threshold])).toEqual([
      ["thimean68", 68],
      ["thimean72", 72],
    ]);
    expect(view.tables[0].rows.map((r) => r.label)).toEqual(LIVESTOCK_ROWS.map((r) => r.label));
    expect(view.tables[0].rows[0]).toMatchObject({ label: "Jan", baseline: { median: 2, p10: 1.2, p90: 2.8 }, future: { median: 2, p10: 2, p90: 2.8 }, change: 1, agreement: { agree: 2, count: 3, robust: false } });
    const year = view.tables[1].rows[LIVESTOCK_ROWS.length - 1];
    expect(year).toMatchObject({ label: "Year", baseline: { median: 12 }, change: 6 });
    expect(view).toMatchObject({ sample: true, excluded: {}, sources: { kind: "sample" } });
    expect(view.level).toBeUndefined();
    // header, then one row per month, season and the year
    expect(view.csv.columns[1]).toBe("THI>=68 1995-2014 (historical) median");
    expect(view.csv.columns).toHaveLength(1 + 2 * 8);
    expect(view.csv.rows).toHaveLength(LIVESTOCK_ROWS.length);
    expect(view.csv.rows[0].slice(0, 9)).toEqual(["Jan", 2, 1.2, 2.8, 2, 2, 2.8, 1, "not robust (2 of 3)"]);
    expect(view.csv.header).toMatchObject({ units: "days", baseline: "1995-2014", period: "1995-2014, 2040-2059", sample: true });
    expect(view.csv.header.indicator).toBe("Days with THI at or above 68, 72 (thimean68, thimean72): Dairy cattle, Daily mean (tas with hurs)");
    expect(view.csv.header.method).toContain("(NRC 1971)");
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it("leaves out a model whose baseline and future differ in source, in every table", () => {
    const { selection, answers: a } = answers("geo=PAK&species=cattle&thi=max", { B: "nex" });
    const view = buildLivestockView(selection, undefined, a);
    expect(view.tables.map((t) => t.threshold)).toEqual([75, 79, 84]);
    expect(Object.keys(view.excluded)).toEqual(["B"]);
    expect(view.tables[0].rows[0].baseline.median).toBe(2);
    expect(view.tables[0].rows[0].agreement?.count).toBe(2);
    expect(view.csv.header.method).toMatch(/left out: B/);
  });
});
