import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriesResponseSchema } from "../../../app/features/cmip6/series";
import type { SeriesFrequency } from "../../../app/features/cmip6/seriesQuery";
import { loadSeeds } from "../../seeds.server";
import { IngestedSeriesStore } from "../ingested-store.server";
import { SampleSeriesStore } from "../sample/sample-store";
import { createSeriesService } from "../service.server";
import { LayeredSeriesStore } from "../store";
import { ingest, slabDays, SLAB_VALUES, type IngestSummary } from "./ingest.server";
import { describeNetcdf, unitConversion } from "./netcdf";
import { datasetFromMetadata, observedFlag, recogniseObservation } from "./observed";
import { writeTestNetcdf } from "./testing/write-netcdf";

/**
 * Observational datasets: recognised from the global attributes the producers write (CHIRPS v2.0 daily
 * files, ERA5 and ERA5-Land from the Climate Data Store, IMD), or from `--observed`; their variables mapped
 * and converted; stored as scenario `observed` with the dataset id as model; served apart from the models.
 * The synthetic files carry constant fields, so every place's mean is known without a mask.
 */

const seeds = loadSeeds();
const CHIRPS_ATTRIBUTES = {
  Conventions: "CF-1.6",
  title: "CHIRPS Version 2.0",
  version: "Version 2.0",
  history: "created by Climate Hazards Group",
  institution: "Climate Hazards Group.  University of California at Santa Barbara",
  reference: "Funk, C.C., Peterson, P.J., Landsfeld, M.F., et al., 2014, A quasi-global precipitation time series for drought monitoring: U.S. Geological Survey Data Series 832",
};
const ECMWF_ATTRIBUTES = { GRIB_centre: "ecmf", GRIB_centreDescription: "European Centre for Medium-Range Weather Forecasts", Conventions: "CF-1.7", institution: "European Centre for Medium-Range Weather Forecasts" };

describe("recognising a dataset from its attributes", () => {
  const file = (attributes: Record<string, string>, variables: string[], latStep?: number) => ({ attributes, variables, latStep });

  it("knows CHIRPS 2.0, ERA5 and ERA5-Land (by name, else by grid) and IMD", () => {
    expect(datasetFromMetadata(file(CHIRPS_ATTRIBUTES, ["precip"], 0.05)).dataset?.id).toBe("chirps-v2.0");
    expect(datasetFromMetadata(file(ECMWF_ATTRIBUTES, ["t2m"], 0.25)).dataset?.id).toBe("era5");
    expect(datasetFromMetadata(file(ECMWF_ATTRIBUTES, ["t2m"], 0.1)).dataset?.id).toBe("era5-land");
    expect(datasetFromMetadata(file({ ...ECMWF_ATTRIBUTES, history: "retrieved from reanalysis-era5-land" }, ["t2m"], 0.25)).dataset?.id).toBe("era5-land");
    expect(datasetFromMetadata(file({ source: "India Meteorological Department, Pune" }, ["rf"], 0.25)).dataset?.id).toBe("imd");
  });

  it("says why it takes none: another CHIRPS version, an ECMWF file on another grid, no known producer", () => {
    expect(datasetFromMetadata(file({ title: "CHIRPS Version 3.0" }, ["precip"], 0.05))).toMatchObject({ dataset: undefined, reason: expect.stringContaining("CHIRPS version 3.0") });
    expect(datasetFromMetadata(file(ECMWF_ATTRIBUTES, ["t2m"], 1))).toMatchObject({ dataset: undefined, reason: expect.stringContaining("--observed era5") });
    expect(datasetFromMetadata(file({ title: "My rain" }, ["pr"], 1))).toMatchObject({ dataset: undefined, reason: expect.stringContaining("no observational dataset") });
  });

  it("maps the dataset's variable names to the portal's and refuses a flag the attributes contradict", () => {
    const era5 = recogniseObservation(file(ECMWF_ATTRIBUTES, ["valid_time", "latitude", "longitude", "t2m", "tp", "expver"], 0.25));
    expect(era5.ok && era5.variables.map((v) => [v.name, v.map.variable])).toEqual([["t2m", "tas"], ["tp", "pr"]]);
    const imd = recogniseObservation(file({}, ["TIME", "LATITUDE", "LONGITUDE", "RAINFALL"], 0.25), observedFlag("imd"));
    expect(imd.ok && imd.variables.map((v) => [v.name, v.map.variable])).toEqual([["RAINFALL", "pr"]]);
    expect(recogniseObservation(file(CHIRPS_ATTRIBUTES, ["precip"], 0.05), observedFlag("era5"))).toMatchObject({ ok: false, reason: expect.stringContaining("attributes say chirps-v2.0") });
    expect(recogniseObservation(file({}, ["pr"], 0.25), observedFlag("imd"))).toMatchObject({ ok: false, reason: expect.stringContaining("without a variable the portal maps") });
    expect(() => observedFlag("gpcc")).toThrow("--observed gpcc: not a dataset the portal knows (chirps, era5, era5-land, imd)");
  });

  it("converts the datasets' own units: ERA5 metres and a daily file's millimetres to mm/day, IMD °C", () => {
    expect(unitConversion("pr", "m", { m: [1000, 0] })).toMatchObject({ scale: 1000, offset: 0, to: "mm/day" });
    expect(unitConversion("pr", "mm", { mm: [1, 0] })).toMatchObject({ scale: 1, offset: 0 });
    expect(unitConversion("tas", "K")).toMatchObject({ scale: 1, offset: -273.15 });
    // model files keep their strict list: "m" is not a precipitation unit without the dataset's say-so
    expect(() => unitConversion("pr", "m")).toThrow(/units "m"/);
  });

  it("reads fewer days at a time when a slab of the grid is large (CHIRPS at 0.05°)", () => {
    expect(slabDays(32, 1000)).toBe(32);
    expect(slabDays(32, 640_000)).toBe(Math.floor(SLAB_VALUES / 640_000));
    expect(slabDays(32, 50_000_000)).toBe(1);
  });
});

// a 0.25° grid over Nepal and Bangladesh, 2001 (365 days)
const LAT = Array.from({ length: 48 }, (_, i) => 19.125 + 0.25 * i); // 19.125 .. 30.875
const LON = Array.from({ length: 60 }, (_, i) => 79.125 + 0.25 * i); // 79.125 .. 93.875
const DAYS = 365;
let dir: string;
let db: string;
let auto: IngestSummary;
let flagged: IngestSummary;
let conflict: IngestSummary;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-observed-"));
  db = path.join(dir, "series.db");
  const common = { lat: LAT, lon: LON, chunkDays: 31 };
  const auto1 = path.join(dir, "auto");
  const imdDir = path.join(dir, "imd");
  const { mkdirSync } = await import("node:fs");
  mkdirSync(auto1);
  mkdirSync(imdDir);
  // CHIRPS: precip 3 mm/day, -9999 fill on one corner cell (outside the places), days since 1980-1-1
  const chirpsStart = 7671; // 2001-01-01 is day 7671 since 1980-01-01
  await writeTestNetcdf({
    ...common,
    path: path.join(auto1, "chirps-v2.0.2001.days_p25.nc"),
    names: { lat: "latitude", lon: "longitude" },
    attributes: CHIRPS_ATTRIBUTES,
    variable: "precip",
    units: "mm/day",
    time: Array.from({ length: DAYS }, (_, t) => chirpsStart + t),
    timeUnits: "days since 1980-1-1 0:0:0",
    calendar: "gregorian",
    fillValue: -9999,
    value: (_, r, c) => (r === 0 && c === 0 ? -9999 : 3),
  });
  // ERA5 daily statistics from the CDS: valid_time, t2m 300 K and tp 5 mm as metres, packing noise of -1e-9 m
  await writeTestNetcdf({
    ...common,
    path: path.join(auto1, "era5_daily_2001.nc"),
    names: { time: "valid_time", lat: "latitude", lon: "longitude" },
    attributes: ECMWF_ATTRIBUTES,
    variable: "t2m",
    units: "K",
    time: Array.from({ length: DAYS }, (_, t) => 978_307_200 + t * 86_400),
    timeUnits: "seconds since 1970-01-01",
    calendar: "proleptic_gregorian",
    value: () => 300,
    more: [{ variable: "tp", units: "m", value: (t) => (t === 40 ? -1e-9 : 0.005) }],
  });
  // a file nobody can place
  await writeTestNetcdf({ ...common, path: path.join(auto1, "rain.nc"), variable: "rain", units: "mm", time: [0.5], timeUnits: "days since 2001-01-01", value: () => 1 });
  // IMD rainfall without attributes: only --observed says what it is; -999 marks missing days without _FillValue
  await writeTestNetcdf({
    ...common,
    path: path.join(imdDir, "RF25_ind2001_rfp25.nc"),
    variable: "RAINFALL",
    units: "mm",
    names: { time: "TIME", lat: "LATITUDE", lon: "LONGITUDE" },
    time: Array.from({ length: DAYS }, (_, t) => t),
    timeUnits: "days since 2001-01-01 00:00:00",
    value: (t) => (t === 0 ? -999 : 4),
  });
  auto = await ingest({ paths: [auto1], database: db, seeds, geoDir: "seeds/geo", chunkDays: 64 });
  flagged = await ingest({ paths: [imdDir], database: db, seeds, geoDir: "seeds/geo", observed: observedFlag("imd") });
  conflict = await ingest({ paths: [path.join(auto1, "chirps-v2.0.2001.days_p25.nc")], database: db, seeds, geoDir: "seeds/geo", observed: observedFlag("era5") });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("ingesting observational datasets", () => {
  it("describes a file: attributes, variables, grid spacing and the years of its time axis", async () => {
    const d = await describeNetcdf(path.join(dir, "auto", "era5_daily_2001.nc"));
    expect(d.attributes.institution).toBe("European Centre for Medium-Range Weather Forecasts");
    expect(d.variables).toEqual(expect.arrayContaining(["t2m", "tp", "valid_time"]));
    expect(d.latStep).toBeCloseTo(0.25, 6);
    expect(d.years).toEqual({ start: 2001, end: 2001 });
  });

  it("takes CHIRPS and ERA5 by their attributes, ignores a file without them, and IMD by --observed", () => {
    expect(auto.failed).toEqual([]);
    expect(auto.ingested.sort()).toEqual(["chirps-v2.0.2001.days_p25.nc", "era5_daily_2001.nc", "era5_daily_2001.nc"]);
    expect(auto.ignored).toEqual([{ file: "rain.nc", reason: expect.stringContaining("attributes name no observational dataset") }]);
    // CHIRPS is 0.05° on the catalogue; a 0.25° file is the p25 product (or regridded): said, not refused
    expect(auto.warnings).toContainEqual(expect.stringContaining("chirps-v2.0.2001.days_p25.nc: precip is on a 0.25° grid; chirps-v2.0 gives pr at 0.05°"));
    expect(flagged.failed).toEqual([]);
    expect(flagged.ingested).toEqual(["RF25_ind2001_rfp25.nc"]);
    expect(conflict.ingested).toEqual([]);
    expect(conflict.ignored).toEqual([{ file: "chirps-v2.0.2001.days_p25.nc", reason: expect.stringContaining("--observed era5, but the file's attributes say chirps-v2.0") }]);
  });

  it("stores them as scenario observed with the dataset id as model, converted to the portal's units", async () => {
    const store = new IngestedSeriesStore(db);
    try {
      const get = async (indicator: string, model: string, frequency: SeriesFrequency = "monthly") => {
        const [found] = await store.getSeries([{ indicator, geo: "NPL", scenario: "observed", model, frequency }]);
        expect(found, `${indicator} ${model}`).toBeDefined();
        return found!;
      };
      const chirps = await get("pr", "chirps-v2.0");
      expect(chirps.startYear).toBe(2001);
      Array.from(chirps.values).forEach((v) => expect(v).toBeCloseTo(3, 5));
      // ERA5: 300 K is 26.85 °C; 0.005 m a day is 5 mm/day, and the -1e-9 m day is zero rain (February: 27 days of 5)
      (await get("tas", "era5")).values.forEach((v) => expect(v).toBeCloseTo(26.85, 4));
      const era5pr = Array.from((await get("pr", "era5")).values);
      expect(era5pr[0]).toBeCloseTo(5, 5);
      expect(era5pr[1]).toBeCloseTo((27 * 5) / 28, 5);
      // IMD: -999 (no _FillValue attribute) on 1 January is a missing day, so January
      // has no value; every other month is 4
      const imd = Array.from((await get("pr", "imd")).values);
      expect(imd[0]).toBeNaN();
      imd.slice(1).forEach((v) => expect(v).toBeCloseTo(4, 5));
      const provenance = chirps.source;
      expect(provenance.id).toBe("ingested:chirps-v2.0:observed");
      expect(provenance.source).toContain("CHIRPS (Climate Hazards Group InfraRed Precipitation with Station data), version 2.0");
      expect(provenance.source).toContain("chirps-v2.0.2001.days_p25.nc");
      expect(provenance.source).toContain("Licence: Public domain");
      expect(provenance.source).toContain("Funk, C., Peterson, P.");
      expect(provenance.sample).toBe(false);
      expect((await get("pr", "imd")).source.source).toContain("Pai, D. S.");
      expect((await get("tas", "era5")).source.source).toContain("Licence to use Copernicus products");
    } finally {
      store.close();
    }
  });

  it("serves them through the series API as scenario=observed, never in a model ensemble", async () => {
    const store = new IngestedSeriesStore(db);
    try {
      const service = createSeriesService(seeds, new LayeredSeriesStore([store, new SampleSeriesStore()]));
      const ask = async (search: string, frequency: SeriesFrequency = "monthly") => {
        const parsed = service.parse(frequency, new URLSearchParams(search));
        if (!parsed.ok) return { problem: parsed.problem };
        const resolved = service.resolve(frequency, parsed.query);
        if (!resolved.ok) return { notFound: resolved.message };
        const answer = await service.answer(resolved.value);
        return "status" in answer ? { notFound: answer.message } : { answer: seriesResponseSchema.parse(answer) };
      };
      const { answer } = await ask("indicator=pr&geo=NPL&scenario=observed&season=JJAS&start=2001&end=2001");
      expect(answer!.ensemble).toBe(false);
      expect(answer!.sample).toBe(false);
      expect(answer!.models).toEqual([
        { code: "chirps-v2.0", variant: "observed", grid: "observed" },
        { code: "era5", variant: "observed", grid: "observed" },
        { code: "imd", variant: "observed", grid: "observed" },
      ]);
      expect(answer!.series[0].scenario).toBe("observed");
      expect(answer!.series[0].values["chirps-v2.0"]).toEqual([3]);
      expect(Object.keys(answer!.series[0].values).sort()).toEqual(["chirps-v2.0", "era5", "imd"]);
      // one dataset
      const one = await ask("indicator=pr&geo=NPL&scenario=observed&model=era5&start=2001&end=2001", "annual");
      expect(Object.keys(one.answer!.series[0].values)).toEqual(["era5"]);
      // nothing ingested for a place or variable: 404 naming the scenario, never sample values
      expect((await ask("indicator=tas&geo=AFG&scenario=observed")).notFound).toMatch(/No observations of tas for AFG have been ingested/);
      // a model ensemble never takes observations in, nor observations a model
      expect((await ask("indicator=pr&geo=NPL&scenario=observed,historical")).problem).toMatchObject({ field: "scenario" });
      expect((await ask("indicator=pr&geo=NPL&scenario=observed&model=ACCESS-CM2")).problem).toMatchObject({ field: "model", value: "ACCESS-CM2" });
      expect((await ask("indicator=pr&geo=NPL&scenario=historical&model=chirps-v2.0")).problem).toMatchObject({ field: "model", value: "chirps-v2.0" });
      expect((await ask("indicator=pr&geo=NPL&model=chirps-v2.0")).problem).toMatchObject({ field: "model" });
      expect((await ask("indicator=pr&geo=NPL&scenario=observed&model=ensemble")).problem).toMatchObject({ field: "model" });
      expect((await ask("indicator=pr&geo=NPL&scenario=observed&window=2040-2059")).problem).toMatchObject({ field: "window" });
      const models = await ask("indicator=pr&geo=NPL&scenario=historical&start=2001&end=2001", "annual");
      expect(models.answer!.series.map((s) => s.scenario)).toEqual(["historical"]);
      expect(Object.keys(models.answer!.series[0].values)).not.toContain("chirps-v2.0");
    } finally {
      store.close();
    }
  });

  it("never invents observations: the sample store alone has no scenario observed", async () => {
    const sample = new SampleSeriesStore();
    const found = await sample.getSeries([
      { indicator: "pr", geo: "NPL", scenario: "observed", model: "chirps-v2.0", frequency: "monthly" },
      { indicator: "tas", geo: "IND", scenario: "observed", model: "ACCESS-CM2", frequency: "annual" },
    ]);
    expect(found).toEqual([undefined, undefined]);
    const service = createSeriesService(seeds, sample);
    const parsed = service.parse("monthly", new URLSearchParams("indicator=pr&geo=NPL&scenario=observed"));
    expect(parsed.ok).toBe(true);
    const resolved = service.resolve("monthly", parsed.ok ? parsed.query : ({} as never));
    const answer = resolved.ok ? await service.answer(resolved.value) : undefined;
    expect(answer).toMatchObject({ status: 404, details: { field: "scenario", value: "observed" } });
  });
});
