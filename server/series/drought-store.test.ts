import { describe, expect, it } from "vitest";
import { GEO_LATITUDES } from "../../app/features/analytics/latitudes";
import { spei, spi } from "../../app/features/cmip6/drought";
import { DAYS_IN_MONTH } from "../../app/features/cmip6/periods";
import { HARGREAVES_SAMANI, hargreavesWaterBalance } from "./drought";
import { combinedSource, DroughtIndexStore } from "./drought-store";
import { SampleSeriesStore } from "./sample/sample-store";
import { LayeredSeriesStore, type SeriesKey, type SeriesSource, type SeriesStore, type StoredSeries } from "./store";

const sample = new SampleSeriesStore();
const store = new DroughtIndexStore(sample);
/** The sample store without its pet series: SPEI then falls back to Hargreaves-Samani. */
const samplePetless: SeriesStore = {
  version: `${sample.version}-no-pet`,
  describe: () => sample.describe(),
  getSeries: (keys) => sample.getSeries(keys.map((k) => (k.indicator === "pet" ? { ...k, indicator: "no-such-indicator" } : k))),
};
const petless = new DroughtIndexStore(samplePetless);
const key = (indicator: string, scenario: string, model = "MRI-ESM2-0", frequency: SeriesKey["frequency"] = "monthly", geo = "IND"): SeriesKey => ({
  indicator,
  geo,
  scenario,
  model,
  frequency,
});
const one = async (s: SeriesStore, k: SeriesKey) => (await s.getSeries([k]))[0];
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
/** Monthly totals (mm) of monthly rates (mm/day), written out here rather than taken from the module. */
const totals = (rate: ArrayLike<number>) => Float64Array.from(rate, (r, i) => r * DAYS_IN_MONTH[i % 12]);

/** The series of `values` joined end to end, as one array from the first one's start. */
function concat(...parts: Float64Array[]) {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
}

describe("DroughtIndexStore over the sample store", () => {
  it("passes other keys through unchanged, and the sample store itself has no spi/spei", async () => {
    const [tas, pr] = await store.getSeries([key("tas", "historical"), key("pr", "ssp245", "MIROC6", "annual")]);
    expect(tas).toBe(sample.getOne(key("tas", "historical")));
    expect(pr).toBe(sample.getOne(key("pr", "ssp245", "MIROC6", "annual")));
    expect(sample.getOne(key("spi", "historical"))).toBeUndefined();
    expect(store.version).toBe(`${sample.version}+drought-3`);
  });

  it("SPI of a historical run equals the gamma SPI of the run's precipitation totals, fitted over 1985-2014", async () => {
    const pr = sample.getOne(key("pr", "historical"))!;
    const result = (await one(store, { ...key("spi", "historical"), scale: 6 }))!;
    const direct = spi(totals(pr.values), { startYear: 1950, scale: 6 });
    expect(result.startYear).toBe(1950);
    expect(Array.from(result.values)).toEqual(Array.from(direct.values));
    expect(result.source).toBe(sample.source);
    expect(result.drought).toEqual({ scale: 6, reference: { start: 1985, end: 2014 }, warnings: [] });
    const ref = Array.from(result.values.subarray((1985 - 1950) * 12, (2015 - 1950) * 12));
    expect(Math.abs(mean(ref))).toBeLessThan(0.1);
    expect(Math.abs(Math.sqrt(mean(ref.map((v) => v * v))) - 1)).toBeLessThan(0.15);
  });

  it("a scenario is fitted with the historical run in front and answered for its own years; the default scale is 3", async () => {
    const hist = sample.getOne(key("pr", "historical"))!;
    const future = sample.getOne(key("pr", "ssp585"))!;
    const result = (await one(store, key("spi", "ssp585")))!;
    const direct = spi(totals(concat(hist.values, future.values)), { startYear: 1950, scale: 3 });
    expect(result.startYear).toBe(2015);
    expect(result.values.length).toBe(86 * 12);
    expect(Array.from(result.values)).toEqual(Array.from(direct.values.subarray(65 * 12)));
    // January and February 2015 sum over December and November 2014: no gap at the join
    expect(Number.isFinite(result.values[0])).toBe(true);
    expect(result.drought?.scale).toBe(3);
  });

  it("SPEI by Hargreaves-Samani at the place's latitude without a pet series; annual is the December 12-month value", async () => {
    const runs = ["pr", "tas", "tasmax", "tasmin"].map((code) => concat(sample.getOne(key(code, "historical"))!.values, sample.getOne(key(code, "ssp245"))!.values));
    const balance = hargreavesWaterBalance(runs[0], runs[1], runs[2], runs[3], GEO_LATITUDES.IND);
    const direct = spei(balance, { startYear: 1950, scale: 12 });
    const monthly = (await one(petless, { ...key("spei", "ssp245"), scale: 12 }))!;
    expect(Array.from(monthly.values)).toEqual(Array.from(direct.values.subarray(65 * 12)));
    expect(monthly.drought?.evapotranspiration).toBe(HARGREAVES_SAMANI);
    const annual = (await one(petless, key("spei", "ssp245", "MRI-ESM2-0", "annual")))!;
    expect(annual.values.length).toBe(86);
    for (const y of [0, 40, 85]) expect(annual.values[y]).toBe(direct.values[(65 + y) * 12 + 11]);
    // the annual path has only the 12-month scale
    expect(await one(petless, { ...key("spei", "ssp245", "MRI-ESM2-0", "annual"), scale: 3 })).toBeUndefined();
  });

  it("SPEI from the store's pet series where the model run has one: the water balance is P - PET in mm", async () => {
    const pr = concat(sample.getOne(key("pr", "historical"))!.values, sample.getOne(key("pr", "ssp245"))!.values);
    const pet = concat(sample.getOne(key("pet", "historical"))!.values, sample.getOne(key("pet", "ssp245"))!.values);
    const balance = Float64Array.from(pr, (p, i) => (p - pet[i]) * DAYS_IN_MONTH[i % 12]);
    const direct = spei(balance, { startYear: 1950, scale: 3 });
    const monthly = (await one(store, { ...key("spei", "ssp245"), scale: 3 }))!;
    expect(Array.from(monthly.values)).toEqual(Array.from(direct.values.subarray(65 * 12)));
    expect(monthly.drought?.evapotranspiration).toMatch(/^Sample: FAO-56 Penman-Monteith/);
  });

  it("a model lacking tasmax has SPI but no SPEI; a place without a latitude has none either", async () => {
    const [spiCesm, speiCesm] = await store.getSeries([key("spi", "ssp585", "CESM2"), key("spei", "ssp585", "CESM2")]);
    expect(spiCesm).toBeDefined();
    expect(speiCesm).toBeUndefined();
    // without a pet series, Hargreaves-Samani needs the place's latitude
    const noLatitude = new DroughtIndexStore(samplePetless, { latitudes: {} });
    expect(await one(noLatitude, key("spei", "historical"))).toBeUndefined();
    expect(await one(noLatitude, key("spi", "historical"))).toBeDefined();
    expect(await one(new DroughtIndexStore(sample, { latitudes: {} }), key("spei", "historical"))).toBeDefined();
    expect(await one(store, key("spi", "historical", "MRI-ESM2-0", "monthly", "atlantis"))).toBeUndefined();
  });

  it("a warmer, drier west: the models' median SPEI-12 in Helmand falls below -0.5 by 2080-2099 under SSP5-8.5", async () => {
    const models = ["ACCESS-CM2", "CanESM5", "EC-Earth3", "GFDL-ESM4", "INM-CM5-0", "MIROC6", "MPI-ESM1-2-LR", "MRI-ESM2-0", "NorESM2-LM", "UKESM1-0-LL"];
    const found = await store.getSeries(models.map((m) => ({ ...key("spei", "ssp585", m, "annual", "helmand") })));
    const late = found.filter((s): s is StoredSeries => s !== undefined).map((s) => mean(Array.from(s.values.subarray(2080 - 2015))));
    late.sort((a, b) => a - b);
    expect(late.length).toBeGreaterThanOrEqual(8);
    expect(late[Math.floor(late.length / 2)]).toBeLessThan(-0.5);
  });
});

/** An in-memory store of ingested-like series: whole runs per (indicator, scenario, model), monthly only. */
function fakeStore(series: Record<string, StoredSeries>): SeriesStore {
  return {
    version: "fake-1",
    describe: () => ({ name: "fake ingested", sources: [] }),
    getSeries: async (keys) => keys.map((k) => (k.frequency === "monthly" ? series[`${k.indicator}|${k.scenario}|${k.model}`] : undefined)),
  };
}
const ingested = (id: string): SeriesSource => ({ id, source: `Ingested NetCDF, ${id} (pr_${id}.nc)`, method: "area mean", version: "1", sample: false });
/** A wet-season cycle with pseudo-random year-to-year variation, mm/day. */
function rain(years: number, seed: number): Float64Array {
  return Float64Array.from({ length: years * 12 }, (_, i) => {
    const wobble = Math.sin((i + seed) * 12.9898) * 43758.5453;
    return Math.max(0, 3 + 2.5 * Math.sin(((i % 12) - 3) * (Math.PI / 6)) + 2 * (wobble - Math.floor(wobble) - 0.5));
  });
}

describe("DroughtIndexStore over ingested data", () => {
  const histPr: StoredSeries = { startYear: 1950, values: rain(65, 1), source: ingested("m-hist"), coverage: 0.995 };
  const futPr: StoredSeries = { startYear: 2015, values: rain(86, 2), source: ingested("m-ssp245"), coverage: 0.997 };

  it("SPI from ingested precipitation names both runs' files and the scenario's coverage", async () => {
    const s = new DroughtIndexStore(fakeStore({ "pr|historical|M": histPr, "pr|ssp245|M": futPr }));
    const result = (await one(s, key("spi", "ssp245", "M")))!;
    expect(result.source.sample).toBe(false);
    expect(result.source.id).toBe("m-ssp245+m-hist");
    expect(result.source.source).toContain("pr_m-hist.nc");
    expect(result.source.source).toContain("pr_m-ssp245.nc");
    expect(result.coverage).toBe(0.997);
    const direct = spi(totals(concat(histPr.values, futPr.values)), { startYear: 1950, scale: 3 });
    expect(Array.from(result.values)).toEqual(Array.from(direct.values.subarray(65 * 12)));
  });

  it("mixed sources: an ingested scenario over the sample historical run is not fitted, and says why", async () => {
    const s = new DroughtIndexStore(new LayeredSeriesStore([fakeStore({ "pr|ssp245|MIROC6": futPr }), sample]));
    const result = (await one(s, key("spi", "ssp245", "MIROC6")))!;
    // no number from a real future fitted over a generated reference period
    expect(Array.from(result.values).every(Number.isNaN)).toBe(true);
    expect(result.values).toHaveLength(futPr.values.length);
    expect(result.drought?.warnings).toHaveLength(12);
    expect(result.drought?.warnings[0]).toMatchObject({ month: 1, reason: "mixed-sources" });
    expect(result.drought?.warnings[0].message).toContain("one source per model");
    expect(combinedSource([futPr, histPr]).sample).toBe(false);
    // the same model's sample scenario over the sample historical run is fitted as before
    const plain = (await one(s, key("spi", "ssp585", "MIROC6")))!;
    expect(plain.source).toBe(sample.source);
    expect(Array.from(plain.values).some(Number.isFinite)).toBe(true);
  });

  it("missing months: a calendar month with fewer than 30 reference years has no values and a warning", async () => {
    const holes = Float64Array.from(histPr.values);
    // July missing in 1990-1994: 25 of 30 reference years left for July at scale 1
    for (let y = 1990; y <= 1994; y++) holes[(y - 1950) * 12 + 6] = NaN;
    const s = new DroughtIndexStore(fakeStore({ "pr|historical|M": { ...histPr, values: holes } }));
    const result = (await one(s, { ...key("spi", "historical", "M"), scale: 1 }))!;
    expect(result.drought?.warnings).toEqual([expect.objectContaining({ month: 7, years: 25, reason: "short-reference" })]);
    for (let y = 1950; y <= 2014; y++) expect(Number.isNaN(result.values[(y - 1950) * 12 + 6])).toBe(true);
    expect(Number.isFinite(result.values[(2000 - 1950) * 12 + 5])).toBe(true);
  });

  it("SPEI takes the store's pet series and its method; without the historical run's pet it falls back to Hargreaves", async () => {
    const pet = (start: number, years: number) => Float64Array.from({ length: years * 12 }, (_, i) => 3 + Math.sin(((i % 12) - 3) * (Math.PI / 6)) + 0.001 * (start + i / 12 - 1950));
    const withMethod = (s: StoredSeries) => ({ ...s, method: "FAO-56 Penman-Monteith (ingest)" }) as StoredSeries;
    const histPet = withMethod({ startYear: 1950, values: pet(1950, 65), source: ingested("m-hist") });
    const futPet = withMethod({ startYear: 2015, values: pet(2015, 86), source: ingested("m-ssp245") });
    const s = new DroughtIndexStore(fakeStore({ "pr|historical|M": histPr, "pr|ssp245|M": futPr, "pet|historical|M": histPet, "pet|ssp245|M": futPet }));
    const result = (await one(s, key("spei", "ssp245", "M")))!;
    expect(result.drought?.evapotranspiration).toBe("FAO-56 Penman-Monteith (ingest)");
    const balance = Float64Array.from(concat(histPr.values, futPr.values), (p, i) => (p - concat(histPet.values, futPet.values)[i]) * DAYS_IN_MONTH[i % 12]);
    expect(Array.from(result.values)).toEqual(Array.from(spei(balance, { startYear: 1950, scale: 3 }).values.subarray(65 * 12)));
    // pet for the scenario only, and no temperatures: no SPEI rather than a water balance of two methods
    const partial = new DroughtIndexStore(fakeStore({ "pr|historical|M": histPr, "pr|ssp245|M": futPr, "pet|ssp245|M": futPet }));
    expect(await one(partial, key("spei", "ssp245", "M"))).toBeUndefined();
    // a pet without a method is taken as FAO-56
    const plain = new DroughtIndexStore(fakeStore({ "pr|historical|M": histPr, "pet|historical|M": { ...histPet, method: undefined } as StoredSeries }));
    expect((await one(plain, key("spei", "historical", "M")))!.drought?.evapotranspiration).toBe("FAO-56 Penman-Monteith");
  });
});
