import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ScenarioSeries } from "./series";
import {
  choicePeriods,
  levelCountText,
  levelMethodNote,
  levelWindows,
  modelMember,
  parseWindowChoice,
  tableCitation,
  tableProvenance,
  WINDOW_CHOICES,
  type WarmingLevels,
} from "./warmingLevels";
import { parseWarmingLevelsCsv, warmingLevelProblems, warmingLevelsSchema } from "./warmingLevelTable";
import { modelClimatologies, signAgreement, windowStatistics } from "./windows";

const row = (model: string, scenario: "ssp245" | "ssp585", level: 1.5 | 2 | 3 | 4, start: number, member = "r1i1p1f1") => ({
  model,
  member,
  scenario,
  grid: "gn",
  warming_level: level,
  start_year: start,
  end_year: start + 19,
});

const TABLE: WarmingLevels = {
  source: "test",
  version: "2025-11-07",
  versionNote: "test",
  licence: "CC BY-SA 4.0; credit the authors",
  method: "test",
  rows: [
    row("A", "ssp245", 1.5, 2005),
    row("A", "ssp245", 2, 2030),
    row("B", "ssp245", 1.5, 2020),
    row("B", "ssp245", 2, 2045),
    row("B", "ssp245", 3, 2070),
    row("C", "ssp245", 1.5, 2025, "r1i1p1f1"),
    row("C", "ssp245", 2, 2050, "r1i1p1f1"),
    row("A", "ssp585", 2, 2028),
  ],
};
const MODELS = [
  { code: "A", variant: "r1i1p1f1" },
  { code: "B", variant: "r1i1p1f1" },
  { code: "C", variant: "r4i1p1f1" }, // the archive downscaled another member
  { code: "D", variant: "r1i1p1f1" }, // absent from the table
];

describe("the shipped warming-level table", () => {
  const parsed = warmingLevelsSchema.safeParse(parseWarmingLevelsCsv(readFileSync("seeds/warming-levels.csv", "utf8")));

  it("is valid, with its source and method, and every row of the public file", () => {
    expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
    const table = parsed.data!;
    expect(table.source).toContain("doi:10.5281/zenodo.3591806");
    expect(table.source).not.toMatch(/Atlas/);
    expect(table.method).toContain("1850-1900");
    expect(table.method).toContain("areacella");
    // the public file's SSP2-4.5 and SSP5-8.5 rows (version 2025-11-07)
    expect(table.rows).toHaveLength(318);
    expect(warmingLevelProblems(table)).toEqual([]);
  });

  it("states its version and licence in its header", () => {
    const text = readFileSync("seeds/warming-levels.csv", "utf8");
    expect(text).toMatch(/^# version: 2025-11-07 \(executed 2025-11-07; mathause\/cmip_warming_levels commit 9340654\)$/m);
    const table = parsed.data!;
    expect(table.version).toBe("2025-11-07");
    expect(table.versionNote).toBe("executed 2025-11-07; mathause/cmip_warming_levels commit 9340654");
    expect(table.licence).toMatch(/^CC BY-SA 4\.0\b/);
    expect(table.licence).toContain("Hauser");
    expect(tableCitation(table)).toBe("Hauser et al., doi:10.5281/zenodo.3591806, version 2025-11-07, CC BY-SA 4.0");
    // the line of download headers
    expect(tableProvenance(table)).toContain("Version 2025-11-07 (executed 2025-11-07; mathause/cmip_warming_levels commit 9340654). Licence: CC BY-SA 4.0");
  });

  it("refuses a header without a version or a licence", () => {
    const body = "model,member,scenario,grid,warming_level,start_year,end_year\nX,r1i1p1f1,ssp245,gn,2.0,2030,2049\n";
    const without = warmingLevelsSchema.safeParse(parseWarmingLevelsCsv(`# source: s\n# method: m\n${body}`));
    expect(without.success).toBe(false);
    expect(without.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["version", "licence"]));
    const undated = warmingLevelsSchema.safeParse(parseWarmingLevelsCsv(`# source: s\n# version: latest\n# licence: CC BY-SA 4.0\n# method: m\n${body}`));
    expect(undated.error!.issues.map((i) => i.path.join("."))).toEqual(["version"]);
    const plain = warmingLevelsSchema.parse(parseWarmingLevelsCsv(`# source: s\n# version: 2025-11-07\n# licence: CC BY-SA 4.0\n# method: m\n${body}`));
    expect(plain).toMatchObject({ version: "2025-11-07", versionNote: "", licence: "CC BY-SA 4.0" });
  });

  it("gives ACCESS-CM2 under SSP2-4.5 the published window at +1.5 °C", () => {
    expect(parsed.data!.rows.find((r) => r.model === "ACCESS-CM2" && r.scenario === "ssp245" && r.warming_level === 1.5)).toMatchObject({ start_year: 2019, end_year: 2038 });
  });

  it("reports a broken row: a window that is not 20 years, an unknown level, a duplicate", () => {
    const text = "# source: s\n# method: m\nmodel,member,scenario,grid,warming_level,start_year,end_year\nX,r1i1p1f1,ssp245,gn,2.5,2030,2049\nX,r1i1p1f1,ssp245,gn,2.0,2030,2040\n";
    const result = warmingLevelsSchema.safeParse(parseWarmingLevelsCsv(text));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toContain("rows.0.warming_level");
    expect(paths).toContain("rows.1.end_year");
    const dup = { ...TABLE, rows: [row("A", "ssp245", 2, 2030), row("A", "ssp245", 2, 2031), row("A", "ssp245", 3, 2020)] };
    expect(warmingLevelProblems(dup).map((p) => p.row)).toEqual([1, 2]);
  });
});

describe("the shipped table with the portal's models", () => {
  const table = warmingLevelsSchema.parse(parseWarmingLevelsCsv(readFileSync("seeds/warming-levels.csv", "utf8")));
  const models = (JSON.parse(readFileSync("seeds/cmip6-models.json", "utf8")) as { field_value: string; field_variant: string }[]).map(modelMember);
  /** Each model's window for a window code, as the series API chooses it (`choicePeriods`). */
  const windowsOf = (scenario: string, code: string) => {
    const { periods, level } = choicePeriods(table, scenario, parseWindowChoice(code)!, models);
    if (!("byModel" in periods) || !level) throw new Error(`${code} is not a warming level`);
    return { byModel: periods.byModel, level };
  };

  it("gives window=gwl:2.0 under SSP2-4.5 the windows of the 2025-11-07 version", () => {
    const { byModel } = windowsOf("ssp245", "gwl:2.0");
    // the table of 2020-12 had TaiESM1 in 2032-2051 and IITM-ESM in 2051-2070
    expect(byModel.TaiESM1).toEqual({ start: 2034, end: 2053 });
    expect(byModel["IITM-ESM"]).toEqual({ start: 2052, end: 2071 });
    expect(windowsOf("ssp585", "gwl:2.0").byModel.TaiESM1).toEqual({ start: 2027, end: 2046 });
  });

  it("has windows for CMCC-ESM2, a model of the catalogue", () => {
    expect(models.map((m) => m.code)).toContain("CMCC-ESM2");
    expect(windowsOf("ssp245", "gwl:1.5").byModel["CMCC-ESM2"]).toEqual({ start: 2021, end: 2040 });
    expect(windowsOf("ssp245", "gwl:2.0").byModel["CMCC-ESM2"]).toEqual({ start: 2031, end: 2050 });
    expect(windowsOf("ssp245", "gwl:3.0").byModel["CMCC-ESM2"]).toEqual({ start: 2056, end: 2075 });
    expect(windowsOf("ssp245", "gwl:4.0").level.notReached).toContain("CMCC-ESM2");
    expect(windowsOf("ssp585", "gwl:4.0").byModel["CMCC-ESM2"]).toEqual({ start: 2061, end: 2080 });
    for (const code of ["gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"]) {
      expect(windowsOf("ssp245", code).level.notInTable).toEqual(["GFDL-CM4_gr2", "HadGEM3-GC31-MM"]);
      expect(windowsOf("ssp585", code).level.notInTable).toEqual(["GFDL-CM4_gr2"]);
    }
  });

  it("names the models whose timing is from another member than the downscaled one", () => {
    const { level } = windowsOf("ssp245", "gwl:2.0");
    expect(level.otherMember).toEqual([
      { model: "CESM2", member: "r4i1p1f1", tableMember: "r1i1p1f1" },
      { model: "CESM2-WACCM", member: "r3i1p1f1", tableMember: "r1i1p1f1" },
      { model: "FGOALS-g3", member: "r3i1p1f1", tableMember: "r1i1p1f1" },
    ]);
    expect(level.periods.CESM2).toEqual({ start: 2032, end: 2051 });
    const note = levelMethodNote(level);
    expect(note).toContain("Timing from another member than the downscaled one: CESM2 (r1i1p1f1; NEX-GDDP-CMIP6 r4i1p1f1), CESM2-WACCM");
    expect(note).toContain("Not in the warming-level table: GFDL-CM4_gr2 and HadGEM3-GC31-MM.");
  });

  it("states the table's version and licence in the method note", () => {
    const { level } = windowsOf("ssp245", "gwl:3.0");
    expect(level.table).toEqual({ version: "2025-11-07", licence: table.licence });
    const note = levelMethodNote(level);
    expect(note).toContain("table: Hauser et al., doi:10.5281/zenodo.3591806, version 2025-11-07, CC BY-SA 4.0");
    expect(note).not.toMatch(/Atlas's table|table of the IPCC|Atlas table/);
    // a table without version and licence still names the source
    expect(levelMethodNote(levelWindows({ rows: table.rows }, "ssp245", 3, models))).toContain("table: Hauser et al., doi:10.5281/zenodo.3591806)");
  });
});

describe("levelWindows: each model's own window", () => {
  it("takes the table's window, leaves out models that do not reach the level or are absent, and names other members", () => {
    const w = levelWindows(TABLE, "ssp245", 2, MODELS);
    expect(w.periods).toEqual({ A: { start: 2030, end: 2049 }, B: { start: 2045, end: 2064 }, C: { start: 2050, end: 2069 } });
    expect(w.notInTable).toEqual(["D"]);
    expect(w.notReached).toEqual([]);
    expect(w.otherMember).toEqual([{ model: "C", member: "r4i1p1f1", tableMember: "r1i1p1f1" }]);
    const three = levelWindows(TABLE, "ssp245", 3, MODELS);
    expect(Object.keys(three.periods)).toEqual(["B"]);
    expect(three.notReached).toEqual(["A", "C"]);
    expect(levelCountText(three, "SSP2-4.5")).toBe("+3 °C: 1 of 4 models under SSP2-4.5");
    expect(levelMethodNote(three)).toContain("Not reached by 2100: A and C.");
    // another scenario has its own rows: B and C have none under SSP5-8.5
    expect(levelWindows(TABLE, "ssp585", 2, MODELS).notInTable).toEqual(["B", "C", "D"]);
  });
});

describe("window codes", () => {
  it("reads warming levels and ranges of years, and refuses others", () => {
    expect(parseWindowChoice("gwl:2.0")).toMatchObject({ kind: "gwl", level: 2, label: "+2 °C", code: "gwl:2.0" });
    expect(parseWindowChoice("gwl:2")?.code).toBe("gwl:2.0");
    expect(parseWindowChoice("gwl:1.5")?.label).toBe("+1.5 °C");
    expect(parseWindowChoice("gwl:2.5")).toBeUndefined();
    expect(parseWindowChoice("gwl:")).toBeUndefined();
    expect(parseWindowChoice("2040-2059")).toMatchObject({ kind: "years", period: { start: 2040, end: 2059, label: "2040-2059" } });
    expect(parseWindowChoice("2059-2040")).toBeUndefined();
    expect(parseWindowChoice("1900-1919")).toBeUndefined();
    expect(WINDOW_CHOICES.map((c) => c.code)).toEqual(["2020-2039", "2040-2059", "2060-2079", "2080-2099", "gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"]);
    for (const c of WINDOW_CHOICES) expect(parseWindowChoice(c.code)).toEqual(c);
  });
});

/** Annual blocks where model m's value in year y is f(m, y). */
function blocks(models: string[], f: (model: string, year: number) => number): ScenarioSeries[] {
  const make = (scenario: string, start: number, end: number) => {
    const years = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const values = Object.fromEntries(models.map((m) => [m, years.map((y) => f(m, y))]));
    const empty = years.map(() => null);
    return { scenario, years, values, stats: { median: empty, p10: empty, p90: empty, mean: empty, count: years.map(() => 0) }, sources: Object.fromEntries(models.map((m) => [m, "sample"])) } as ScenarioSeries;
  };
  return [make("historical", 1950, 2014), make("ssp245", 2015, 2100)];
}

describe("statistics at a warming level", () => {
  it("averages each model over its own window, joining the historical run where the window starts before 2015", () => {
    // value = year: a model's climatology is the middle of its window
    const data = blocks(["A", "B", "C", "D"], (_m, y) => y);
    const w = levelWindows(TABLE, "ssp245", 1.5, MODELS);
    const baseline = modelClimatologies(data, { start: 1995, end: 2014 });
    const s = windowStatistics(data, { byModel: w.periods }, baseline);
    // A 2005-2024 (mean 2014.5, from both runs), B 2020-2039 (2029.5), C 2025-2044 (2034.5); D has no window
    expect(s.count).toBe(3);
    expect(s.models.A.mean).toBeCloseTo(2014.5);
    expect(s.median).toBeCloseTo(2029.5);
    expect(s.change?.median).toBeCloseTo(2029.5 - 2004.5);
    expect(s.change?.agreement).toEqual({ sign: 1, agree: 3, count: 3, robust: true });
    expect(Object.keys(s.models).sort()).toEqual(["A", "B", "C"]);
  });
});

describe("signAgreement: the IPCC AR6 simple approach", () => {
  it("is robust where at least 80 % of the models agree on the sign", () => {
    expect(signAgreement([1, 2, 3, 4, -1])).toEqual({ sign: 1, agree: 4, count: 5, robust: true }); // exactly 80 %
    expect(signAgreement([1, 2, 3, -4, -1])).toEqual({ sign: 1, agree: 3, count: 5, robust: false });
    expect(signAgreement([-1, -2, -3, -4, -5, -6, -7, 1, 2, null])).toEqual({ sign: -1, agree: 7, count: 9, robust: false });
    expect(signAgreement([-1, -2, -3, -4, -5, -6, -7, -8, 2, null])).toEqual({ sign: -1, agree: 8, count: 9, robust: true });
    expect(signAgreement([0, 0, 0, 0, 1])).toEqual({ sign: 0, agree: 4, count: 5, robust: true });
    expect(signAgreement([1, -1])).toEqual({ sign: 0, agree: 1, count: 2, robust: false });
    expect(signAgreement([null, null])).toBeNull();
  });

  it("matches a count done by hand on random changes", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.3;
    for (let k = 0; k < 200; k++) {
      const changes = Array.from({ length: 5 + (k % 30) }, rand);
      const positive = changes.filter((c) => c > 0).length;
      const share = Math.max(positive, changes.length - positive) / changes.length;
      expect(signAgreement(changes)!.robust).toBe(share >= 0.8);
    }
  });
});
