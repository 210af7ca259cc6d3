import { beforeAll, describe, expect, it } from "vitest";
import { seriesResponseSchema, type SeriesResponse } from "../../app/features/cmip6/series";
import type { SeriesFrequency, SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import { getSeeds } from "../seeds.server";
import { DroughtIndexStore } from "./drought-store";
import { SampleSeriesStore } from "./sample/sample-store";
import { createSeriesService, type AnswerPrecision, type SeriesService } from "./service.server";
import { LayeredSeriesStore, type SeriesStore } from "./store";

let service: SeriesService;
let store: SampleSeriesStore;
beforeAll(() => {
  store = new SampleSeriesStore();
  service = createSeriesService(getSeeds(), store);
});

function resolve(frequency: SeriesFrequency, search: string) {
  const parsed = service.parse(frequency, new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return service.resolve(frequency, parsed.query);
}

async function answer(frequency: SeriesFrequency, search: string, precision: AnswerPrecision = "sent"): Promise<SeriesResponse> {
  const resolved = resolve(frequency, search);
  if (!resolved.ok) throw new Error(resolved.message);
  const value = await service.answer(resolved.value, precision);
  if ("status" in value) throw new Error(value.message);
  return seriesResponseSchema.parse(value);
}

describe("resolving a query", () => {
  it("answers 404 for an indicator without series at this frequency, naming the path that has them", () => {
    expect(resolve("monthly", "indicator=fd&geo=AFG")).toMatchObject({
      ok: false,
      status: 404,
      details: { field: "indicator", value: "fd", paths: ["/api/cmip6/annual"] },
    });
  });

  it("answers 404 for a scenario asked outside its years, and picks the covering scenarios when none is asked", () => {
    expect(resolve("annual", "indicator=tas&geo=NPL&scenario=historical&start=2050&end=2060")).toMatchObject({
      ok: false,
      status: 404,
      details: { field: "scenario", value: "historical", period: { start: 1950, end: 2014 } },
    });
    const future = resolve("annual", "indicator=tas&geo=NPL&start=2020&end=2039");
    expect(future.ok && future.value.scenarios.map((s) => s.scenario.field_value)).toEqual(["ssp245", "ssp585"]);
    const all = resolve("annual", "indicator=tas&geo=NPL");
    expect(all.ok && all.value.period).toEqual({ start: 1950, end: 2100 });
    expect(resolve("monthly", "indicator=tas&geo=NPL&scenario=historical&season=DJF&start=1950&end=1950")).toMatchObject({
      ok: false,
      message: 'Scenario "historical" covers 1950-2014, not 1950-1950 (DJF 1950 starts in 1949)',
    });
    expect(resolve("monthly", "indicator=tas&geo=NPL&season=NDJFM&start=2015&end=2015")).toMatchObject({
      ok: false,
      message: "No scenario has complete NDJFM seasons in 2015-2015",
    });
    const hist = resolve("annual", "indicator=tas&geo=NPL&scenario=historical");
    expect(hist.ok && hist.value.period).toEqual({ start: 1950, end: 2014 });
  });

  it("gives equal queries one ETag and different ones different ETags", () => {
    const etag = (search: string) => {
      const r = resolve("annual", search);
      if (!r.ok) throw new Error(r.message);
      return r.value.etag;
    };
    const all = etag("indicator=tas&geo=NPL");
    expect(etag("indicator=tas&geo=NPL&model=ensemble&scenario=ssp585,historical,ssp245&start=1950&end=2100")).toBe(all);
    const every = getSeeds().cmip6Models.map((m) => m.field_value).reverse().join(",");
    expect(etag(`indicator=tas&geo=NPL&model=${every}`)).toBe(all);
    expect(etag("indicator=tas&geo=BTN")).not.toBe(all);
    expect(etag("indicator=tas&geo=NPL&end=2099")).not.toBe(all);
    expect(all).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});

describe("answers", () => {
  it("gives the 35-model annual ensemble with statistics per scenario", async () => {
    const a = await answer("annual", "indicator=tas&geo=IND");
    expect(a.ensemble).toBe(true);
    expect(a.models).toHaveLength(35);
    expect(a.series.map((s) => [s.scenario, s.years[0], s.years.at(-1), Object.keys(s.values).length])).toEqual([
      ["historical", 1950, 2014, 35],
      ["ssp245", 2015, 2100, 35],
      ["ssp585", 2015, 2100, 35],
    ]);
    const ssp585 = a.series[2];
    expect(ssp585.stats.count.every((c) => c === 35)).toBe(true);
    for (let t = 0; t < ssp585.years.length; t++) {
      expect(ssp585.stats.p10[t]!).toBeLessThanOrEqual(ssp585.stats.median[t]!);
      expect(ssp585.stats.median[t]!).toBeLessThanOrEqual(ssp585.stats.p90[t]!);
    }
    expect(a.indicator).toMatchObject({ code: "tas", units: "°C", chartTitle: "Annual average temperature", decimals: 2, aggregation: "mean" });
    expect(a.provenance).toEqual({ sample: expect.objectContaining({ source: "sample generator", sample: true }) });
    expect(new Set(Object.values(ssp585.sources))).toEqual(new Set(["sample"]));
    expect(a.sample).toBe(true);
  });

  it("rounds values to the indicator's decimals and takes them from the store", async () => {
    const a = await answer("annual", "indicator=pr&geo=MDV&scenario=historical&model=MIROC6&start=2000&end=2004");
    const stored = store.getOne({ indicator: "pr", geo: "MDV", scenario: "historical", model: "MIROC6", frequency: "annual" })!;
    expect(a.series[0].years).toEqual([2000, 2001, 2002, 2003, 2004]);
    expect(a.series[0].values.MIROC6).toEqual(Array.from(stored.values.subarray(50, 55), (v) => Math.round(v * 1000) / 1000));
    expect(a.series[0].stats.count).toEqual([1, 1, 1, 1, 1]);
    // the statistics of the stored values, rounded once to one more decimal (not the rounded values again)
    expect(a.series[0].stats.median).toEqual(Array.from(stored.values.subarray(50, 55), (v) => Math.round(v * 10000) / 10000));
    expect(a.ensemble).toBe(false);
    // unrounded for the statistics computed elsewhere in the server
    const full = await answer("annual", "indicator=pr&geo=MDV&scenario=historical&model=MIROC6&start=2000&end=2004", "full");
    expect(full.series[0].values.MIROC6).toEqual(Array.from(stored.values.subarray(50, 55)));
  });

  it("takes a window mean as the rounded mean of the unrounded yearly values, the ensemble statistics of those means, and changes from unrounded baselines", async () => {
    const search = "indicator=tas&geo=BTN&scenario=ssp245&model=EC-Earth3,MIROC6,CanESM5&window=2040-2059";
    const a = await answer("annual", search);
    const meanOf = (scenario: string, model: string, start: number, end: number) => {
      const stored = store.getOne({ indicator: "tas", geo: "BTN", scenario, model, frequency: "annual" })!;
      const xs = stored.values.subarray(start - stored.startYear, end - stored.startYear + 1);
      return xs.reduce((s, v) => s + v, 0) / xs.length;
    };
    const roundedMeanOf = (scenario: string, model: string, start: number, end: number) => {
      const stored = store.getOne({ indicator: "tas", geo: "BTN", scenario, model, frequency: "annual" })!;
      const xs = stored.values.subarray(start - stored.startYear, end - stored.startYear + 1);
      return xs.reduce((s, v) => s + Math.round(v * 100) / 100, 0) / xs.length;
    };
    const w = a.windows![0];
    let differs = 0;
    for (const model of ["EC-Earth3", "MIROC6", "CanESM5"]) {
      const exact = meanOf("ssp245", model, 2040, 2059);
      expect(w.models[model].mean, model).toBe(Math.round(exact * 1000) / 1000);
      expect(w.models[model].change, model).toBe(Math.round((exact - meanOf("historical", model, 1995, 2014)) * 1000) / 1000);
      if (Math.round(roundedMeanOf("ssp245", model, 2040, 2059) * 1000) !== Math.round(exact * 1000)) differs++;
    }
    // the median of three models' unrounded means is one of them, rounded once
    const means = ["EC-Earth3", "MIROC6", "CanESM5"].map((m) => meanOf("ssp245", m, 2040, 2059)).sort((x, y) => x - y);
    expect(w.median).toBe(Math.round(means[1] * 1000) / 1000);
    // and in a full answer, the same statistics unrounded
    const full = await answer("annual", search, "full");
    expect(full.windows![0].median).toBe(means[1]);
    // the mean of the rounded yearly values is another number for some model (what the rule prevents)
    expect(differs).toBeGreaterThan(0);
  });

  it("gives every month, one month, or a season of the monthly series", async () => {
    const q = "indicator=tas&geo=NPL&scenario=ssp245&model=CanESM5,MIROC6&start=2020&end=2022";
    const every = await answer("monthly", q);
    expect(every.series[0].years).toEqual([2020, 2020, 2020, 2020, 2020, 2020, 2020, 2020, 2020, 2020, 2020, 2020, 2021, 2021, 2021, 2021, 2021, 2021, 2021, 2021, 2021, 2021, 2021, 2021, 2022, 2022, 2022, 2022, 2022, 2022, 2022, 2022, 2022, 2022, 2022, 2022]);
    expect(every.series[0].months!.slice(0, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1]);
    const july = await answer("monthly", `${q}&month=7`);
    expect(july.month).toBe(7);
    expect(july.series[0].months).toBeUndefined();
    expect(july.series[0].values.CanESM5).toEqual([6, 18, 30].map((i) => every.series[0].values.CanESM5[i]));

    // DJF 2021 is December 2020, January and February 2021, weighted by days
    const djf = await answer("monthly", `${q}&season=DJF`);
    expect(djf.season).toMatchObject({ code: "DJF", months: [12, 1, 2] });
    const v = every.series[0].values.MIROC6 as number[];
    expect(djf.series[0].years).toEqual([2020, 2021, 2022]);
    expect(djf.series[0].values.MIROC6[1]).toBeCloseTo((v[11] * 31 + v[12] * 31 + v[13] * 28) / 90, 1);
  });

  it("leaves out a season whose first months fall before the experiment", async () => {
    const djf = await answer("monthly", "indicator=pr&geo=BGD&scenario=historical,ssp585&model=MIROC6&season=NDJFM&end=2020");
    expect(djf.series.map((s) => [s.scenario, s.years[0], s.years.at(-1)])).toEqual([
      ["historical", 1951, 2014],
      ["ssp585", 2016, 2020],
    ]);
    const jjas = await answer("monthly", "indicator=pr&geo=BGD&scenario=historical&model=MIROC6&season=JJAS&start=1950&end=1951");
    expect(jjas.series[0].years).toEqual([1950, 1951]);
  });

  it("takes block maxima for seasons of an extreme index", async () => {
    const q = "indicator=txx&geo=PAK&scenario=historical&model=GFDL-ESM4&start=2000&end=2000";
    const months = (await answer("monthly", q)).series[0].values["GFDL-ESM4"] as number[];
    const jja = await answer("monthly", `${q}&season=JJA`);
    expect(jja.series[0].values["GFDL-ESM4"]).toEqual([Math.max(months[5], months[6], months[7])]);
    expect(jja.indicator.aggregation).toBe("max");
  });

  it("serialises each distinct answer once and primes the RTK Query cache", async () => {
    const resolved = resolve("annual", "indicator=cdd&geo=helmand");
    if (!resolved.ok) throw new Error(resolved.message);
    const first = await service.json(resolved.value);
    const again = await service.json(resolved.value);
    expect(again).toBe(first);
    const query: SeriesQuery = { indicator: "cdd", geo: "helmand" };
    const entry = await service.cacheEntry("annual", query);
    expect(entry).toMatchObject({ endpointName: "getAnnualSeries", arg: query });
    expect(seriesResponseSchema.safeParse(entry!.value).success).toBe(true);
    expect(await service.cacheEntry("monthly", { indicator: "cdd", geo: "helmand" })).toBeUndefined();
    expect(await service.cacheEntry("annual", { indicator: "cdd", geo: "atlantis" })).toBeUndefined();
  });
});

describe("with a real source layered over the sample store", () => {
  it("marks which models are sample data", async () => {
    const ingested: SeriesStore = {
      version: "ingested-1",
      describe: () => ({ name: "ingested", sources: [] }),
      getSeries: async (keys) =>
        keys.map((k) =>
          k.model === "MIROC6" && k.scenario === "historical"
            ? {
                startYear: 1950,
                values: new Float64Array(65).fill(20),
                source: { id: "nex", source: "NEX-GDDP-CMIP6", method: "area mean", version: "1.1", sample: false },
              }
            : undefined,
        ),
    };
    const mixed = createSeriesService(getSeeds(), new LayeredSeriesStore([ingested, new SampleSeriesStore()]));
    const parsed = mixed.parse("annual", new URLSearchParams("indicator=tas&geo=NPL&scenario=historical&model=MIROC6,CanESM5&end=1951"));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const resolved = mixed.resolve("annual", parsed.query);
    if (!resolved.ok) throw new Error(resolved.message);
    const value = (await mixed.answer(resolved.value)) as SeriesResponse;
    expect(value.series[0].values.MIROC6).toEqual([20, 20]);
    expect(value.series[0].sources).toEqual({ CanESM5: "sample", MIROC6: "nex" });
    expect(Object.keys(value.provenance).sort()).toEqual(["nex", "sample"]);
    expect(value.sample).toBe(true);
    // another store version, another ETag for the same query
    const plain = resolve("annual", "indicator=tas&geo=NPL&scenario=historical&model=MIROC6,CanESM5&end=1951");
    expect(plain.ok && plain.value.etag).not.toBe(resolved.value.etag);
  });
});

describe("model-variable availability", () => {
  it("counts only the models that have the variable: the ensemble of tasmax has 32 members, not 35", async () => {
    const tasmax = await answer("annual", "indicator=tasmax&geo=NPL&scenario=ssp585&start=2050&end=2051");
    expect(tasmax.models).toHaveLength(32);
    expect(tasmax.models.map((m) => m.code)).not.toContain("CESM2");
    expect(tasmax.series[0].stats.count).toEqual([32, 32]);
    const tas = await answer("annual", "indicator=tas&geo=NPL&scenario=ssp585&start=2050&end=2051");
    expect(tas.models).toHaveLength(35);
    const dtr = await answer("annual", "indicator=dtr&geo=NPL&scenario=ssp585&start=2050&end=2051");
    expect(dtr.series[0].stats.count).toEqual([32, 32]);
  });

  it("has nothing for a model asked by name for a variable it lacks", () => {
    const resolved = resolve("annual", "indicator=tasmax&geo=NPL&model=CESM2");
    if (!resolved.ok) throw new Error(resolved.message);
    return expect(service.answer(resolved.value)).resolves.toMatchObject({ status: 404 });
  });
});

describe("a window or warming level in the answer", () => {
  /** Each model's mean over `years` of the joined historical and scenario values, by hand. */
  function meanOver(full: SeriesResponse, scenario: string, model: string, start: number, end: number): number {
    const values: number[] = [];
    for (const block of full.series.filter((b) => b.scenario === "historical" || b.scenario === scenario)) {
      block.years.forEach((y, i) => {
        if (y >= start && y <= end && block.values[model][i] !== null) values.push(block.values[model][i]!);
      });
    }
    return values.reduce((a, b) => a + b, 0) / values.length;
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };

  it("takes each model's own window at +2 °C, joining the historical run, against 1995-2014", async () => {
    const full = await answer("annual", "indicator=tas&geo=NPL");
    const withLevel = await answer("annual", "indicator=tas&geo=NPL&scenario=ssp245&start=2090&end=2100&window=gwl:2");
    expect(withLevel.series.map((b) => b.scenario)).toEqual(["ssp245"]);
    const [summary] = withLevel.windows!;
    const table = getSeeds().warmingLevels.rows.filter((r) => r.scenario === "ssp245" && r.warming_level === 2);
    const reaching = full.models.map((m) => m.code).filter((m) => table.some((r) => r.model === m));
    expect(summary).toMatchObject({ scenario: "ssp245", window: { code: "gwl:2.0", label: "+2 °C" }, count: reaching.length, of: 35 });
    expect(summary.text).toBe(`+2 °C: ${reaching.length} of 35 models under SSP2-4.5 (middle of the road)`);
    const inTable = new Set(getSeeds().warmingLevels.rows.filter((r) => r.scenario === "ssp245").map((r) => r.model));
    expect(summary.notInTable).toEqual(full.models.map((m) => m.code).filter((m) => !inTable.has(m)));
    expect(summary.notInTable).toEqual(expect.arrayContaining(["GFDL-CM4_gr2"]));
    // the table has had CMCC-ESM2 since 2022
    expect(summary.notInTable).not.toContain("CMCC-ESM2");
    expect(summary.models["CMCC-ESM2"]?.period).toEqual({ start: 2031, end: 2050 });
    expect(summary.notReached).toEqual(full.models.map((m) => m.code).filter((m) => inTable.has(m) && !reaching.includes(m)));
    expect(summary.otherMember?.map((o) => o.model)).toEqual(["CESM2", "CESM2-WACCM", "FGOALS-g3"]);
    expect(summary.method).toContain("doi:10.5281/zenodo.3591806, version 2025-11-07, CC BY-SA 4.0");
    expect(summary.method).toContain("at least 80 %");
    const changes = reaching.map((m) => {
      const row = table.find((r) => r.model === m)!;
      expect(summary.models[m].period).toEqual({ start: row.start_year, end: row.end_year });
      const change = meanOver(full, "ssp245", m, row.start_year, row.end_year) - meanOver(full, "ssp245", m, 1995, 2014);
      expect(summary.models[m].change).toBeCloseTo(change, 2);
      return change;
    });
    expect(summary.change!.median).toBeCloseTo(median(changes), 2);
    const up = changes.filter((c) => c > 0).length;
    expect(summary.agreement).toEqual({ sign: 1, agree: up, count: changes.length, robust: up / changes.length >= 0.8 });
  });

  it("gives a fixed window the same numbers as the explorer's method, per future scenario", async () => {
    const a = await answer("annual", "indicator=pr&geo=PAK&window=2080-2099");
    expect(a.windows!.map((w) => w.scenario)).toEqual(["ssp245", "ssp585"]);
    const full = await answer("annual", "indicator=pr&geo=PAK");
    const w = a.windows![1];
    const models = Object.keys(w.models);
    expect(w.median).toBeCloseTo(median(models.map((m) => meanOver(full, "ssp585", m, 2080, 2099))), 3);
    expect(w.notReached).toBeUndefined();
  });

  it("refuses a warming level for the historical run alone and a bad window, naming the parameter", () => {
    for (const search of ["window=gwl:2.5", "window=gwl:x", "window=2059-2040", "window=1900-1919", "window=gwl:2&scenario=historical", "window=gwl:2&window=gwl:3"]) {
      const parsed = service.parse("annual", new URLSearchParams(`indicator=tas&geo=NPL&${search}`));
      expect(parsed.ok, search).toBe(false);
      expect(!parsed.ok && parsed.problem.field).toBe("window");
    }
  });
});

describe("several period statistics of one query (a place's profile)", () => {
  it("gives each window and level the same statistics as the API's window answer, from one reading", async () => {
    const codes = ["2040-2059", "gwl:2.0", "gwl:4.0"];
    const table = await service.windows("annual", { indicator: "txx", geo: "ganges", scenario: ["ssp245", "ssp585"] }, codes);
    expect(table).toBeDefined();
    for (const [i, code] of codes.entries()) {
      const a = await answer("annual", `indicator=txx&geo=ganges&scenario=ssp245,ssp585&window=${code}`);
      expect(table!.summaries[i]).toEqual(a.windows!.map(({ models: _models, ...summary }) => summary));
    }
    expect(table!.series.map((r) => r.scenario)).toEqual(["historical", "ssp245", "ssp585"]);
    expect(Object.values(table!.provenance).every((p) => p.sample)).toBe(true);
  });

  it("gives the 1995-2014 climatology as the median of the models' own means", async () => {
    const table = await service.windows("annual", { indicator: "tas", geo: "NPL", scenario: ["ssp585"] }, ["2080-2099"]);
    const history = await answer("annual", "indicator=tas&geo=NPL&scenario=historical&start=1995&end=2014", "full");
    const means = Object.values(history.series[0].values)
      .map((xs) => xs.reduce<number>((sum, v) => sum + v!, 0) / xs.length)
      .sort((a, b) => a - b);
    const mid = means.length / 2;
    const median = means.length % 2 ? means[Math.floor(mid)] : (means[mid - 1] + means[mid]) / 2;
    expect(table!.baseline!.count).toBe(means.length);
    expect(table!.baseline!.median).toBe(Math.round(median * 1000) / 1000);
  });

  it("has nothing for an invalid query or an unknown window code", async () => {
    expect(await service.windows("annual", { indicator: "nope", geo: "NPL" }, ["2040-2059"])).toBeUndefined();
    expect(await service.windows("annual", { indicator: "tas", geo: "NPL" }, ["gwl:2.5"])).toBeUndefined();
  });
});

describe("SPI and SPEI through the drought layer", () => {
  const drought = createSeriesService(getSeeds(), new DroughtIndexStore(new SampleSeriesStore()));
  const resolveIn = (frequency: SeriesFrequency, search: string) => {
    const parsed = drought.parse(frequency, new URLSearchParams(search));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const resolved = drought.resolve(frequency, parsed.query);
    if (!resolved.ok) throw new Error(resolved.message);
    return resolved.value;
  };

  it("the default scale is spelled out: the same ETag as scale=3, another one for scale=6", () => {
    const base = "indicator=spi&geo=NPL&scenario=historical&model=MIROC6";
    expect(resolveIn("monthly", base).scale).toBe(3);
    expect(resolveIn("monthly", base).etag).toBe(resolveIn("monthly", `${base}&scale=3`).etag);
    expect(resolveIn("monthly", `${base}&scale=6`).etag).not.toBe(resolveIn("monthly", base).etag);
    expect(resolveIn("annual", base).scale).toBe(12);
    expect(resolveIn("annual", "indicator=pr&geo=NPL").scale).toBeUndefined();
  });

  it("states the index, scale, reference, distribution, fitting, references and each run's evapotranspiration", async () => {
    const value = (await drought.answer(resolveIn("monthly", "indicator=spei&geo=NPL&scenario=historical,ssp585&model=MIROC6,CESM2&scale=6&start=2010&end=2020"))) as SeriesResponse;
    seriesResponseSchema.parse(value);
    expect(value.method).toMatchObject({ index: "spei", scale: 6, reference: { start: 1985, end: 2014 }, distribution: expect.stringMatching(/log-logistic/), fitting: expect.stringMatching(/L-moments/) });
    // the sample store's pet series (FAO-56 Penman-Monteith from its monthly means) make the water balance
    const pm = expect.stringMatching(/^Sample: FAO-56 Penman-Monteith/);
    expect(value.method?.evapotranspiration).toEqual({ historical: { MIROC6: pm }, ssp585: { MIROC6: pm } });
    expect(value.method?.references.some((r) => r.startsWith("Allen, R.G."))).toBe(true);
    expect(value.method?.references.some((r) => r.startsWith("Hargreaves, G.H."))).toBe(false);
    expect(value.warnings).toEqual([]);
    // CESM2 lacks tasmax: no SPEI, so no member
    expect(value.models.map((m) => m.code)).toEqual(["MIROC6"]);
    expect(value.sample).toBe(true);
    const annual = (await drought.answer(resolveIn("annual", "indicator=spi&geo=NPL&scenario=historical&model=MIROC6&start=2000&end=2001"))) as SeriesResponse;
    expect(annual.method).toMatchObject({ index: "spi", scale: 12, text: expect.stringContaining("ending in December") });
    expect(annual.method?.evapotranspiration).toBeUndefined();
    const plain = (await drought.answer(resolveIn("annual", "indicator=pr&geo=NPL&scenario=historical&model=MIROC6&start=2000&end=2001"))) as SeriesResponse;
    expect(plain.method).toBeUndefined();
    expect(plain.warnings).toBeUndefined();
  });
});
