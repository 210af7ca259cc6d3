import { describe, expect, it } from "vitest";
import { monthlyAnswer } from "../../../tests/support/monthly-answers";
import { windowQueries, WATER_VARIABLES } from "./queries";
import { parseAnalysisSelection } from "./selection";
import { annualTotal, buildWaterView } from "./waterView";

const GEOS = [{ field_value: "NPL" }];
const MODELS = ["A", "B", "C"];
const PM = "FAO-56 Penman-Monteith (Allen et al. 1998, eq. 6) from tasmax, tasmin, hurs, rsds, sfcWind; elevation from the cells";
const HS = "Hargreaves-Samani (FAO-56 eq. 52) from tas, tasmax, tasmin (no hurs)";
const base = { A: 2, B: 3, C: 4 } as Record<string, number>;

/** The four answers of a selection: pr (A 2, B 3, C 4 mm/day, July 10 more; +1 in the future) and PET (1, 1.5 in the future). */
function answers(query: string, options: { table?: Parameters<typeof windowQueries>[2]; sources?: Record<string, string> } = {}) {
  const selection = parseAnalysisSelection(new URLSearchParams(query), GEOS);
  const queries = windowQueries(selection, WATER_VARIABLES, options.table);
  const list = queries.map(({ query: q }, i) => {
    const future = i % 2 === 1;
    const pet = q.indicator === "pet";
    return monthlyAnswer({
      indicator: q.indicator,
      scenarios: q.scenario as ("historical" | "ssp245")[],
      start: q.start!,
      end: q.end!,
      models: MODELS,
      value: (model, _year, month) => (pet ? (future ? 1.5 : 1) : base[model] + (future ? 1 : 0) + (month === 7 ? 10 : 0)),
      methods: pet ? { A: PM, B: PM, C: HS } : undefined,
      sources: future && pet ? options.sources : undefined,
    });
  });
  return { selection, answers: list };
}

describe("the water-balance view", () => {
  it("gives the monthly cycles, the annual totals, their change with the models' agreement and the PET methods", () => {
    const { selection, answers: a } = answers("geo=NPL&window=2040-2059");
    const view = buildWaterView(selection, undefined, a);
    expect(view.periods.map((p) => p.label)).toEqual(["1995-2014 (historical)", "2040-2059 (ssp245)"]);
    expect(view.periods[0].pr[0]).toEqual({ month: 1, median: 3, p10: 2.2, p90: 3.8 });
    expect(view.periods[0].pr[6].median).toBe(13);
    expect(view.periods[1].balance[0].median).toBeCloseTo(2.5);
    expect(view.totals[0]).toEqual({ label: "1995-2014 (historical)", pr: 3 * 365 + 310, pet: 365, balance: 2 * 365 + 310 });
    expect(view.change.pr).toBeCloseTo(365);
    expect(view.change.pet).toBeCloseTo(182.5);
    expect(view.change.balance).toBeCloseTo(182.5);
    expect(view.agreement.pr).toEqual({ sign: 1, agree: 3, count: 3, robust: true });
    expect(view.petMethods).toBe("FAO-56 Penman-Monteith for 2 models, Hargreaves-Samani for 1 (no hurs: C)");
    expect(view).toMatchObject({ sample: true, excluded: {}, sources: { kind: "sample" } });
    expect(view.level).toBeUndefined();
    // the download is the page's numbers: a row per period and month
    expect(view.csv.rows).toHaveLength(24);
    expect(view.csv.rows[0]).toEqual(["1995-2014 (historical)", "Jan", 3, 1, 2]);
    expect(view.csv.rows[18]).toEqual(["2040-2059 (ssp245)", "Jul", 14, 1.5, 12.5]);
    expect(view.csv.header).toMatchObject({ geo: "NPL", period: "1995-2014 (historical), 2040-2059 (ssp245)", sample: true });
    expect(view.csv.header.method).toContain("PET by model: FAO-56 Penman-Monteith for 2 models");
    // plain data: the same after a trip through JSON
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(annualTotal(view.periods[1].pet)).toBe(view.totals[1].pet);
  });

  it("leaves out a model whose series mix ingested and sample data, and says so in the download", () => {
    const { selection, answers: a } = answers("geo=NPL&window=2040-2059", { sources: { C: "nex" } });
    const view = buildWaterView(selection, undefined, a);
    expect(Object.keys(view.excluded)).toEqual(["C"]);
    expect(view.periods[0].pr[0].median).toBe(2.5);
    expect(view.agreement.pr?.count).toBe(2);
    expect(view.sources.kind).toBe("mixed");
    expect(view.csv.header.method).toMatch(/left out: C/);
  });

  it("at a warming level takes each model's window and counts the models in", () => {
    const row = (model: string, start: number) => ({ model, member: "r1i1p1f1", scenario: "ssp245" as const, grid: "gn", warming_level: 2 as const, start_year: start, end_year: start + 19 });
    const table = { rows: [row("A", 2031), row("B", 2046)] };
    const { selection, answers: a } = answers("geo=NPL&window=gwl:2.0", { table });
    const view = buildWaterView(selection, table, a);
    expect(view.level?.counts).toEqual([
      { label: "Precipitation", count: 2, of: 3 },
      { label: "PET", count: 2, of: 3 },
    ]);
    expect(Object.keys(view.level!.windows.periods)).toEqual(["A", "B"]);
    expect(view.level!.windows.notInTable).toEqual(["C"]);
    expect(view.periods[1].pr[0].median).toBe(3.5);
    expect(view.csv.header.period).toContain("each model's own 20-year window: A 2031-2050, B 2046-2065");
  });
});
