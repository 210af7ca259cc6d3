import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSeeds } from "../../seeds.server";
import { SampleSeriesStore } from "../sample/sample-store";
import { createSeriesService } from "../service.server";
import { IngestedSeriesStore } from "../ingested-store.server";
import { LayeredSeriesStore } from "../store";
import { adminUnits, disputedPlaces, loadGeoFeatures } from "../../places/outlines.server";
import { disputedAreas } from "../../places/worldview.server";
import { ingest, type IngestSummary } from "./ingest.server";
import { computeMasks } from "./masks";
import { writeTestNetcdf } from "./testing/write-netcdf";

/**
 * Small NetCDF4 files on a 1-degree grid over South Asia with known values, ingested into a fresh
 * series database; area means, unit conversions, calendars, indices and the API answers are checked
 * against values computed by hand from the same inputs.
 */

const seeds = loadSeeds();
const LAT = Array.from({ length: 36 }, (_, i) => 4.5 + i); // 4.5 .. 39.5
const LON = Array.from({ length: 40 }, (_, i) => 60.5 + i); // 60.5 .. 99.5
const masks = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), loadGeoFeatures("seeds/geo", seeds));
const maskOf = (code: string) => masks.masks.find((m) => m.code === code)!;
const polygonsOf = (g: { type: "Polygon"; coordinates: readonly (readonly (readonly number[])[])[] } | { type: "MultiPolygon"; coordinates: readonly (readonly (readonly (readonly number[])[])[])[] }) =>
  g.type === "Polygon" ? [g.coordinates] : g.coordinates;
/** The cos(latitude)-weighted mean over a place of a value that depends on the cell's latitude. */
function areaMean(code: string, f: (lat: number) => number): number {
  const mask = maskOf(code);
  let sum = 0;
  let weight = 0;
  mask.cells.forEach((cell, k) => {
    sum += f(LAT[Math.floor(cell / LON.length)]) * mask.weights[k];
    weight += mask.weights[k];
  });
  return sum / weight;
}

const KELVIN = 273.15;
/** Daily maximum temperature in °C: warmer to the south, so a place's Summer days depend on its cells. */
const txOf = (lat: number) => 25 + 0.2 * (25 - lat) + 0.05;
const DAYS = 365;
/** Rain in mm/day: 2 every day and 30 on 30 June, 1 and 2 July (days 180-182 of a noleap year). */
const prOf = (t: number) => (t >= 180 && t <= 182 ? 30 : 2);

let dir: string;
let db: string;
let first: IngestSummary;

function fileName(variable: string, model = "ACCESS-CM2", scenario = "ssp245", years = "2015") {
  return `${variable}_day_${model}_${scenario}_r1i1p1f1_gn_${years}.nc`;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-ingest-"));
  db = path.join(dir, "series.db");
  const time = Array.from({ length: DAYS }, (_, t) => t + 0.5);
  const common = { lat: LAT, lon: LON, time, timeUnits: "days since 2015-01-01 00:00:00", calendar: "noleap", fillValue: 1e20, chunkDays: 10 };
  const monthOfDay = (t: number) => {
    const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let m = 0;
    for (let rest = t; rest >= lengths[m]; m++) rest -= lengths[m];
    return m + 1;
  };
  await writeTestNetcdf({ ...common, path: path.join(dir, fileName("tas")), variable: "tas", units: "K", value: (t) => KELVIN + monthOfDay(t) });
  await writeTestNetcdf({ ...common, path: path.join(dir, fileName("tasmax")), variable: "tasmax", units: "K", value: (_, r) => KELVIN + txOf(LAT[r]) });
  await writeTestNetcdf({ ...common, path: path.join(dir, fileName("tasmin")), variable: "tasmin", units: "K", value: (_, r) => KELVIN + txOf(LAT[r]) - 10 });
  await writeTestNetcdf({ ...common, path: path.join(dir, fileName("pr")), variable: "pr", units: "kg m-2 s-1", value: (t) => prOf(t) / 86400 });
  // a 360-day model: 40 frost nights (30 January days and 10 of February), then mild nights
  await writeTestNetcdf({
    ...common,
    calendar: "360_day",
    time: Array.from({ length: 360 }, (_, t) => t + 0.5),
    path: path.join(dir, fileName("tasmin", "UKESM1-0-LL", "ssp585")),
    variable: "tasmin",
    units: "K",
    value: (t) => KELVIN + (t < 40 ? -5 : 5),
  });
  // a model the catalogue does not know, and a truncated copy of a good file under another model's name
  copyFileSync(path.join(dir, fileName("tas")), path.join(dir, fileName("tas", "NoSuchModel")));
  // a variable the archive does not have for this model
  copyFileSync(path.join(dir, fileName("tasmax")), path.join(dir, fileName("tasmax", "CESM2")));
  const whole = readFileSync(path.join(dir, fileName("pr")));
  writeFileSync(path.join(dir, fileName("pr", "MIROC6")), whole.subarray(0, Math.floor(whole.length * 0.6)));
  // monthly steps in a file named as daily
  await writeTestNetcdf({ ...common, time: Array.from({ length: 12 }, (_, m) => m * 30 + 15), path: path.join(dir, fileName("tas", "MIROC6", "ssp585")), variable: "tas", units: "K", value: () => KELVIN });
  first = await ingest({ paths: [dir], database: db, seeds, geoDir: "seeds/geo", chunkDays: 16 });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function annual(store: IngestedSeriesStore, indicator: string, geo: string, model = "ACCESS-CM2", scenario = "ssp245") {
  const [found] = await store.getSeries([{ indicator, geo, scenario, model, frequency: "annual" }]);
  expect(found, `${indicator} ${geo} ${model}`).toBeDefined();
  expect(found!.startYear).toBe(2015);
  return found!.values[0];
}
async function monthly(store: IngestedSeriesStore, indicator: string, geo: string, model = "ACCESS-CM2", scenario = "ssp245") {
  const [found] = await store.getSeries([{ indicator, geo, scenario, model, frequency: "monthly" }]);
  expect(found, `${indicator} ${geo} ${model}`).toBeDefined();
  return Array.from(found!.values);
}

describe("npm run ingest", () => {
  it("ingests the good files, reports the truncated and the non-daily one and ignores an unknown model", () => {
    expect(first.ingested.sort()).toEqual([fileName("pr"), fileName("tas"), fileName("tasmax"), fileName("tasmin"), fileName("tasmin", "UKESM1-0-LL", "ssp585")].sort());
    expect(first.failed).toEqual([
      { file: fileName("pr", "MIROC6"), reason: expect.stringMatching(/truncated or damaged/) },
      { file: fileName("tas", "MIROC6", "ssp585"), reason: "time steps are not consecutive days: 2015-01-16 then 2015-02-15 (step 1); only daily files are ingested" },
    ]);
    expect(first.ignored).toEqual(
      expect.arrayContaining([
        { file: fileName("tas", "NoSuchModel"), reason: expect.stringContaining("not in the model catalogue") },
        { file: fileName("tasmax", "CESM2"), reason: expect.stringContaining("CESM2 has no tasmax in NASA NEX-GDDP-CMIP6") },
      ]),
    );
    expect(first.ignored).toHaveLength(2);
    expect(first.rows).toBeGreaterThan(0);
    // the test grid starts at 4 N: the Maldives reach below it, so this file gives them no series
    expect(first.partial).toContainEqual({ files: expect.stringContaining(fileName("tas")), geo: "MDV", coverage: expect.any(Number) });
    expect(first.warnings.some((w) => /: MDV \d+\.\d % covered by the grid of .*\(99 % needed\), skipped$/.test(w))).toBe(true);
  });

  it("converts units and averages over each place with cos(latitude) weights", async () => {
    const store = new IngestedSeriesStore(db);
    try {
      // tas is the month number in °C everywhere (273.15 + m K)
      const tas = await monthly(store, "tas", "NPL");
      tas.forEach((v, m) => expect(v).toBeCloseTo(m + 1, 4));
      expect(await annual(store, "tasmax", "IND")).toBeCloseTo(areaMean("IND", txOf), 4);
      expect(await annual(store, "tasmax", "ganges")).toBeCloseTo(areaMean("ganges", txOf), 4);
      // pr: kg m-2 s-1 to mm/day
      const pr = await monthly(store, "pr", "BGD");
      expect(pr[0]).toBeCloseTo(2, 4);
      expect(pr[5]).toBeCloseTo((29 * 2 + 30) / 30, 4);
      expect(pr[6]).toBeCloseTo((29 * 2 + 60) / 31, 4);
      expect(await annual(store, "pr", "BGD")).toBeCloseTo((362 * 2 + 90) / 365, 4);
    } finally {
      store.close();
    }
  });

  it("averages over states and provinces and disputed areas as over countries: equal to an area mean sampled from each full outline", async () => {
    // an independent mean: the outline sampled on a fine lattice (even-odd point in polygon over its rings),
    // each point taking the value of the 1° cell it falls in, weighted by cos(latitude)
    const outlines = [...adminUnits("seeds/geo"), ...disputedPlaces("seeds/geo")];
    const sampled = (code: string, step: number) => {
      const rings = polygonsOf(outlines.find((u) => u.code === code)!.geometry).flat();
      const inside = (x: number, y: number) => {
        let odd = false;
        for (const ring of rings)
          for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i];
            const [xj, yj] = ring[j];
            if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
          }
        return odd;
      };
      const xs = rings.flat().map((p) => p[0]);
      const ys = rings.flat().map((p) => p[1]);
      let sum = 0;
      let weight = 0;
      for (let y = Math.min(...ys) + step / 2; y < Math.max(...ys); y += step)
        for (let x = Math.min(...xs) + step / 2; x < Math.max(...xs); x += step)
          if (inside(x, y)) {
            const w = Math.cos((y * Math.PI) / 180);
            sum += w * txOf(LAT[Math.floor(y - 4)]);
            weight += w;
          }
      return sum / weight;
    };
    const store = new IngestedSeriesStore(db);
    try {
      // Delhi, within a few cells; Rajasthan, large; Western Province of Sri Lanka, on the coast (its sea cells
      // count by their land share only); Aksai Chin, a disputed area, a place of its own
      for (const [code, step] of [["IN-DL", 0.005], ["IN-RJ", 0.05], ["LK-1", 0.005], ["XD-B07", 0.02]] as const) {
        const ingested = await annual(store, "tasmax", code);
        expect(ingested, code).toBeCloseTo(sampled(code, step), 2);
        expect(ingested, code).toBeCloseTo(areaMean(code, txOf), 4);
      }
      // the three differ: each is its own cells
      const values = await Promise.all(["IN-DL", "IN-RJ", "LK-1"].map((c) => annual(store, "tasmax", c)));
      expect(new Set(values.map((v) => v.toFixed(2))).size).toBe(3);
    } finally {
      store.close();
    }
  });

  it("computes ETCCDI indices per cell and averages them over the place", async () => {
    const store = new IngestedSeriesStore(db);
    try {
      // Summer days: every day where TX > 25 °C (south of 25.25 N), none elsewhere
      expect(await annual(store, "su", "IND")).toBeCloseTo(areaMean("IND", (lat) => (txOf(lat) > 25 ? 365 : 0)), 4);
      expect(await annual(store, "su", "NPL")).toBe(0);
      expect(await annual(store, "su", "LKA")).toBeCloseTo(365, 6);
      expect(await annual(store, "tr", "LKA")).toBeCloseTo(areaMean("LKA", (lat) => (txOf(lat) - 10 > 20 ? 365 : 0)), 4);
      expect(await annual(store, "dtr", "PAK")).toBeCloseTo(10, 4);
      expect(await annual(store, "txx", "AFG")).toBeCloseTo(areaMean("AFG", txOf), 4);
      expect(await annual(store, "rx1day", "NPL")).toBeCloseTo(30, 4);
      const rx5 = await monthly(store, "rx5day", "NPL");
      expect(rx5[5]).toBeCloseTo(4 * 2 + 30, 3); // window 26-30 June
      expect(rx5[6]).toBeCloseTo(2 * 2 + 90, 3); // windows ending 2-4 July
      expect(await annual(store, "r10mm", "NPL")).toBeCloseTo(3, 6);
      expect(await annual(store, "r20mm", "NPL")).toBeCloseTo(3, 6);
      expect(await annual(store, "prcptot", "NPL")).toBeCloseTo(362 * 2 + 90, 2);
      expect(await annual(store, "cdd", "NPL")).toBe(0);
      expect(await annual(store, "cwd", "NPL")).toBeCloseTo(365, 6);
      expect(await annual(store, "fd", "NPL")).toBe(0);
    } finally {
      store.close();
    }
  });

  it("reads a 360_day calendar with thirty-day months", async () => {
    const store = new IngestedSeriesStore(db);
    try {
      expect(await annual(store, "fd", "NPL", "UKESM1-0-LL", "ssp585")).toBeCloseTo(40, 4);
      const tn = await monthly(store, "tasmin", "NPL", "UKESM1-0-LL", "ssp585");
      expect(tn[0]).toBeCloseTo(-5, 4);
      expect(tn[1]).toBeCloseTo((10 * -5 + 20 * 5) / 30, 4);
      expect(tn[11]).toBeCloseTo(5, 4);
      // the year's mean weights each month by its 30 days
      expect(await annual(store, "tasmin", "NPL", "UKESM1-0-LL", "ssp585")).toBeCloseTo((30 * -5 + 30 * (50 / 30) + 300 * 5) / 360, 4);
    } finally {
      store.close();
    }
  });

  it("skips files already ingested, by checksum", async () => {
    const again = await ingest({ paths: [dir], database: db, seeds, geoDir: "seeds/geo" });
    expect(again.ingested).toEqual([]);
    expect(again.skipped.sort()).toEqual(first.ingested.sort());
    expect(again.failed.map((f) => f.file)).toEqual([fileName("pr", "MIROC6"), fileName("tas", "MIROC6", "ssp585")]);
    expect(again.rows).toBe(0);
    expect(first.gridsComputed).toBe(1);
  });

  it("keeps the place masks of a grid in the database for later runs", async () => {
    const more = mkdtempSync(path.join(tmpdir(), "sacap-ingest-more-"));
    try {
      await writeTestNetcdf({
        lat: LAT, lon: LON, time: Array.from({ length: DAYS }, (_, t) => t + 0.5), timeUnits: "days since 2015-01-01", calendar: "noleap",
        path: path.join(more, fileName("hurs")), variable: "hurs", units: "%", value: () => 64,
      });
      const later = await ingest({ paths: [more], database: db, seeds, geoDir: "seeds/geo" });
      expect(later.ingested).toEqual([fileName("hurs")]);
      expect(later.gridsComputed).toBe(0);
      const store = new IngestedSeriesStore(db);
      try {
        expect(await annual(store, "hurs", "BTN")).toBeCloseTo(64, 4);
      } finally {
        store.close();
      }
    } finally {
      rmSync(more, { recursive: true, force: true });
    }
  });

  it("averages the countries from the deployment's point of view on the disputed areas, and says which in every answer", async () => {
    const other = mkdtempSync(path.join(tmpdir(), "sacap-ingest-worldview-"));
    vi.stubEnv("WORLDVIEW", "IND");
    try {
      const database = path.join(other, "series.db");
      const summary = await ingest({ paths: [dir], database, seeds, geoDir: "seeds/geo", chunkDays: 64 });
      expect(summary.worldview).toContain("the point of view of India");
      // independently: the de facto country's cells with the areas India's view gives it added and those it
      // gives away taken out, each area's cells weighed by its own mask (the areas and the countries tile)
      const areas = disputedAreas("seeds/geo");
      const own = computeMasks(Float64Array.from(LAT), Float64Array.from(LON), areas.map((a) => ({ code: a.name, geometry: a.geometry })));
      const sumOf = (mask: { cells: Uint32Array; weights: Float64Array }) => {
        let sum = 0;
        let weight = 0;
        mask.cells.forEach((cell, k) => {
          sum += txOf(LAT[Math.floor(cell / LON.length)]) * mask.weights[k];
          weight += mask.weights[k];
        });
        return { sum, weight };
      };
      const expected = (code: string) => {
        let { sum, weight } = sumOf(maskOf(code));
        for (const a of areas) {
          const part = sumOf(own.masks.find((m) => m.code === a.name)!);
          const sign = a.holders.IND === code && a.deFacto !== code ? 1 : a.deFacto === code && a.holders.IND !== code ? -1 : 0;
          sum += sign * part.sum;
          weight += sign * part.weight;
        }
        return sum / weight;
      };
      const store = new IngestedSeriesStore(database);
      try {
        const india = await annual(store, "tasmax", "IND");
        const pakistan = await annual(store, "tasmax", "PAK");
        expect(india).toBeCloseTo(expected("IND"), 2);
        expect(pakistan).toBeCloseTo(expected("PAK"), 2);
        // India gains the north (Aksai Chin, Gilgit-Baltistan), so is cooler than its de facto outline; Pakistan warmer
        expect(india).toBeLessThan(areaMean("IND", txOf) - 0.05);
        expect(pakistan).toBeGreaterThan(areaMean("PAK", txOf) + 0.05);
        // a state keeps the admin-1 layer's outline
        expect(await annual(store, "tasmax", "IN-RJ")).toBeCloseTo(areaMean("IN-RJ", txOf), 4);
        const source = store.describe().sources.find((x) => x.source.includes("ACCESS-CM2 ssp245"))!;
        expect(source.source).toContain("Boundaries: the point of view of India as Natural Earth publishes it");
      } finally {
        store.close();
      }
    } finally {
      vi.unstubAllEnvs();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("answers the series API from ingested data where it exists and says so", async () => {
    const ingested = new IngestedSeriesStore(db);
    try {
      const service = createSeriesService(seeds, new LayeredSeriesStore([ingested, new SampleSeriesStore()]));
      const ask = async (params: string) => {
        const parsed = service.parse("annual", new URLSearchParams(params));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed));
        const resolved = service.resolve("annual", parsed.query);
        if (!resolved.ok) throw new Error(resolved.message);
        const answer = await service.answer(resolved.value);
        if ("status" in answer) throw new Error(answer.message);
        return answer;
      };
      const real = await ask("indicator=su&geo=LKA&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2016");
      expect(real.sample).toBe(false);
      expect(real.series[0].values["ACCESS-CM2"]).toEqual([365, null]);
      const id = real.series[0].sources["ACCESS-CM2"];
      expect(real.provenance[id]).toMatchObject({ sample: false, source: expect.stringContaining(fileName("tasmax")) });
      expect(real.provenance[id].method).toMatch(/area of its intersection with the outline/);
      // the depiction of the disputed areas its outlines followed: none set, Natural Earth's de facto one
      expect(real.provenance[id].source).toContain("Boundaries: Natural Earth's de facto depiction");
      // Sri Lanka lies wholly inside the test grid
      expect(real.series[0].coverage?.["ACCESS-CM2"]).toBeGreaterThan(0.99);

      const mixed = await ask("indicator=su&geo=LKA&scenario=ssp245&model=ACCESS-CM2,CanESM5&start=2015&end=2015");
      expect(mixed.sample).toBe(true);
      expect(mixed.series[0].sources).toEqual({ "ACCESS-CM2": id, CanESM5: "sample" });
      expect(Object.keys(mixed.series[0].coverage ?? {})).toEqual(["ACCESS-CM2"]);
      expect(mixed.provenance.sample.sample).toBe(true);
      expect(mixed.provenance[id].sample).toBe(false);
    } finally {
      ingested.close();
    }
  });
});

/** A file written by the netCDF-C library itself (ncgen), when netcdf-bin is installed. */
const ncgen = spawnSync("ncgen", ["-h"], { stdio: "ignore" }).error === undefined;

describe.skipIf(!ncgen)("files written by the netCDF library", () => {
  it("ingests an ncgen -k nc4 file with a standard calendar, unlimited time and a fill value", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "sacap-ncgen-"));
    try {
      const days = 366; // 2016 is a leap year in the standard calendar
      const lat = [26.5, 27.5, 28.5];
      const lon = [81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5];
      const values: string[] = [];
      for (let t = 0; t < days; t++) {
        for (let r = 0; r < lat.length; r++) for (let c = 0; c < lon.length; c++) values.push(c === 0 && r === 0 ? "_" : String(KELVIN + (t < 59 ? -2 : 10)));
      }
      const cdl = `netcdf tasmin {
dimensions:
  time = UNLIMITED ;
  lat = ${lat.length} ;
  lon = ${lon.length} ;
variables:
  double time(time) ;
    time:units = "days since 2016-01-01 12:00:00" ;
    time:calendar = "standard" ;
  double lat(lat) ;
    lat:units = "degrees_north" ;
  double lon(lon) ;
    lon:units = "degrees_east" ;
  float tasmin(time, lat, lon) ;
    tasmin:units = "K" ;
    tasmin:_FillValue = 1.e+20f ;
data:
  time = ${Array.from({ length: days }, (_, t) => t).join(", ")} ;
  lat = ${lat.join(", ")} ;
  lon = ${lon.join(", ")} ;
  tasmin = ${values.join(", ")} ;
}
`;
      writeFileSync(path.join(work, "tasmin.cdl"), cdl);
      const file = path.join(work, "tasmin_day_MIROC6_ssp245_r1i1p1f1_gn_2016.nc");
      execFileSync("ncgen", ["-k", "nc4", "-o", file, path.join(work, "tasmin.cdl")]);
      expect(statSync(file).size).toBeGreaterThan(0);
      const database = path.join(work, "series.db");
      // the small test grid covers part of Nepal: coverage is not what this test is about
      const summary = await ingest({ paths: [file], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
      expect(summary.failed).toEqual([]);
      expect(summary.ingested).toEqual([path.basename(file)]);
      const store = new IngestedSeriesStore(database);
      try {
        const [fd] = await store.getSeries([{ indicator: "fd", geo: "NPL", scenario: "ssp245", model: "MIROC6", frequency: "annual" }]);
        // January and February of a leap year: 31 + 28 frost nights; 29 February is the first mild one
        expect(fd!.values[0]).toBeCloseTo(59, 6);
        const [tn] = await store.getSeries([{ indicator: "tasmin", geo: "NPL", scenario: "ssp245", model: "MIROC6", frequency: "monthly" }]);
        expect(tn!.values[1]).toBeCloseTo((28 * -2 + 10) / 29, 4);
      } finally {
        store.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("scenario years", () => {
  it("stores historical years as given and notes years outside the scenario's period", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "sacap-ingest-years-"));
    try {
      const name = "tas_day_MIROC6_historical_r1i1p1f1_gn_20140101-20151231.nc";
      await writeTestNetcdf({
        path: path.join(work, name), variable: "tas", units: "K", lat: [27.5, 28.5], lon: [83.5, 84.5, 85.5],
        time: Array.from({ length: 730 }, (_, t) => t + 0.5), timeUnits: "days since 2014-01-01", calendar: "noleap",
        value: (t) => KELVIN + (t < 365 ? 14 : 15),
      });
      const database = path.join(work, "series.db");
      const summary = await ingest({ paths: [work], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
      expect(summary.ingested).toEqual([name]);
      expect(summary.warnings).toContain("MIROC6 historical 20140101-20151231: years 2015 are outside historical (1950-2014); stored but not served");
      const store = new IngestedSeriesStore(database);
      try {
        const [tas] = await store.getSeries([{ indicator: "tas", geo: "NPL", scenario: "historical", model: "MIROC6", frequency: "annual" }]);
        expect(tas!.startYear).toBe(2014);
        expect(Array.from(tas!.values).map((v) => Math.round(v * 1000) / 1000)).toEqual([14, 15]);
      } finally {
        store.close();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("the portal's series store setting", () => {
  it("puts the ingested database in front of the sample store, or serves samples only", async () => {
    const { seriesStore } = await import("../../context.server");
    expect(seriesStore(seeds, "none")).toBeInstanceOf(SampleSeriesStore);
    const layered = seriesStore(seeds, `file:${db}`);
    expect(layered).toBeInstanceOf(LayeredSeriesStore);
    expect(layered.version).toMatch(/^ingested-\d+-[0-9a-f]{12}\+sample-/);
    expect(() => seriesStore(seeds, `file:${path.join(dir, "missing.db")}`)).toThrow(/SERIES_DB: cannot open the series database/);
  });
});

describe("files that disagree with themselves or with what is stored", () => {
  const lat = [26.5, 27.5, 28.5];
  const lon = [81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5];
  const year = (file: string, kelvin: (t: number) => number, origin = "2015-01-01") =>
    writeTestNetcdf({ path: file, variable: "tas", units: "K", lat, lon, time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: `days since ${origin} 00:00:00`, calendar: "noleap", value: (t) => kelvin(t) });
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), "sacap-ingest-safety-"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function nepalTas(database: string): Promise<number> {
    const store = new IngestedSeriesStore(database);
    try {
      const [found] = await store.getSeries([{ indicator: "tas", geo: "NPL", scenario: "ssp245", model: "MIROC6", frequency: "annual" }]);
      return found!.values[0];
    } finally {
      store.close();
    }
  }

  it("refuses a file whose name and time axis disagree, never replaces another file's rows unasked, and a re-run restores them", async () => {
    const good = path.join(work, "good", fileName("tas", "MIROC6", "ssp245", "2015"));
    const bad = path.join(work, "bad", fileName("tas", "MIROC6", "ssp245", "2027"));
    for (const folder of ["good", "bad"]) execFileSync("mkdir", ["-p", path.join(work, folder)]);
    await year(good, () => KELVIN + 18.2);
    // named 2027, but its time axis is 2015
    await year(bad, () => KELVIN + 100 - 60);
    const database = path.join(work, "series.db");
    // the small grid covers part of Nepal: coverage is not what these tests are about
    const run = (paths: string[], more: Partial<Parameters<typeof ingest>[0]> = {}) => ingest({ paths, database, seeds, geoDir: "seeds/geo", minCoverage: 0, ...more });

    expect((await run([good])).ingested).toEqual([path.basename(good)]);
    expect(await nepalTas(database)).toBeCloseTo(18.2, 4);

    const refused = await run([bad]);
    expect(refused.failed).toEqual([{ file: path.basename(bad), reason: expect.stringContaining("the name says 2027 but the time axis runs 2015") }]);
    expect(await nepalTas(database)).toBeCloseTo(18.2, 4);

    // believing the time axis, the file would replace the good file's 2015 rows: not without --replace
    const unasked = await run([bad], { trust: "time-axis" });
    expect(unasked.failed).toEqual([{ file: path.basename(bad), reason: expect.stringMatching(new RegExp(`would replace rows of 2015 written by ${path.basename(good)}@[0-9a-f]{12}.*--replace`)) }]);
    expect(await nepalTas(database)).toBeCloseTo(18.2, 4);

    const replaced = await run([bad], { trust: "time-axis", replace: true });
    expect(replaced.ingested).toEqual([path.basename(bad)]);
    expect(replaced.replaced).toEqual([{ file: path.basename(bad), writtenBy: expect.stringContaining(path.basename(good)), years: [2015] }]);
    expect(await nepalTas(database)).toBeCloseTo(40, 4);

    // the good file is no longer taken as ingested: a re-run reads it again, and with --replace restores 2015
    const again = await run([good]);
    expect(again.skipped).toEqual([]);
    expect(again.failed[0].reason).toContain(`written by ${path.basename(bad)}`);
    const restored = await run([good], { replace: true });
    expect(restored.ingested).toEqual([path.basename(good)]);
    expect(await nepalTas(database)).toBeCloseTo(18.2, 4);
    // and now it is skipped by its checksum
    expect((await run([good])).skipped).toEqual([path.basename(good)]);
  });

  it("moves the days to the name's years when told to believe the name", async () => {
    const file = path.join(work, "shift", fileName("tas", "MIROC6", "ssp585", "2030"));
    execFileSync("mkdir", ["-p", path.dirname(file)]);
    await year(file, () => KELVIN + 21, "2015-01-01");
    const database = path.join(work, "shift.db");
    const summary = await ingest({ paths: [file], database, seeds, geoDir: "seeds/geo", trust: "name", minCoverage: 0 });
    expect(summary.ingested).toEqual([path.basename(file)]);
    const store = new IngestedSeriesStore(database);
    try {
      const [found] = await store.getSeries([{ indicator: "tas", geo: "NPL", scenario: "ssp585", model: "MIROC6", frequency: "annual" }]);
      expect(found!.startYear).toBe(2030);
    } finally {
      store.close();
    }
  });

  it("refuses implausible values, naming the file, variable, day and cell", async () => {
    const hot = path.join(work, "hot", fileName("tas", "MIROC6", "ssp245", "2016"));
    execFileSync("mkdir", ["-p", path.dirname(hot)]);
    // Celsius values labelled as Kelvin on one day: -250 °C
    await writeTestNetcdf({ path: hot, variable: "tas", units: "K", lat, lon, time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2016-01-01", calendar: "noleap", value: (t, r, c) => (t === 40 && r === 1 && c === 2 ? 23 : KELVIN + 20) });
    const wet = path.join(work, "wet", fileName("pr", "MIROC6", "ssp245", "2016"));
    execFileSync("mkdir", ["-p", path.dirname(wet)]);
    await writeTestNetcdf({ path: wet, variable: "pr", units: "kg m-2 s-1", lat, lon, time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2016-01-01", calendar: "noleap", value: (t) => (t === 3 ? -1 / 86400 : 1 / 86400) });
    const database = path.join(work, "implausible.db");
    const summary = await ingest({ paths: [hot, wet], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
    expect(summary.ingested).toEqual([]);
    const reasons = Object.fromEntries(summary.failed.map((f) => [f.file, f.reason]));
    expect(reasons[path.basename(hot)]).toMatch(/^tas is -250\.1\d* °C on 2016-02-10 \(step 40\) at lat 27\.5, lon 83\.5: outside the plausible -90\.\.60 °C/);
    expect(reasons[path.basename(wet)]).toMatch(/^pr is -(1|0\.9{5}\d*) mm\/day on 2016-01-04 \(step 3\) at lat 26\.5, lon 81\.5: outside the plausible 0\.\.2000 mm\/day/);
  });
});


describe("files of the same bytes under different names", () => {
  // generated files without global attributes: two models' files of one year can be byte for byte the same
  // (a grid over part of Nepal: every place it touches takes a series)
  const lat = [26.5, 27.5, 28.5];
  const lon = [81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5];
  const miroc = fileName("tas", "MIROC6", "ssp585", "2031");
  const mri = fileName("tas", "MRI-ESM2-0", "ssp585", "2031");
  let work: string;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "sacap-ingest-twins-"));
    await writeTestNetcdf({
      path: path.join(work, miroc), variable: "tas", units: "K", lat, lon, time: Array.from({ length: 365 }, (_, t) => t + 0.5),
      timeUnits: "days since 2031-01-01 00:00:00", calendar: "noleap", value: (t, r) => KELVIN + 20 + 0.01 * t + r,
    });
    copyFileSync(path.join(work, miroc), path.join(work, mri));
    expect(readFileSync(path.join(work, mri)).equals(readFileSync(path.join(work, miroc)))).toBe(true);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Nepal's 2031 tas of each model, ingested or not (undefined). */
  async function nepal(database: string): Promise<Record<string, number | undefined>> {
    const store = new IngestedSeriesStore(database);
    try {
      const found = await store.getSeries(["MIROC6", "MRI-ESM2-0"].map((model) => ({ indicator: "tas", geo: "NPL", scenario: "ssp585", model, frequency: "annual" as const })));
      return { MIROC6: found[0]?.values[2031 - found[0].startYear], "MRI-ESM2-0": found[1]?.values[2031 - found[1].startYear] };
    } finally {
      store.close();
    }
  }

  it("ingests each for what its name says, together or one after the other in either order, and skips both on a re-run", async () => {
    const together = path.join(work, "together.db");
    const run = await ingest({ paths: [path.join(work, miroc), path.join(work, mri)], database: together, seeds, geoDir: "seeds/geo", minCoverage: 0 });
    expect(run.ingested.sort()).toEqual([miroc, mri]);
    expect(run.skipped).toEqual([]);
    const values = await nepal(together);
    expect(values.MIROC6).toBeGreaterThan(20);
    expect(values["MRI-ESM2-0"]).toBe(values.MIROC6);
    const files = new BetterSqlite3(together, { readonly: true });
    try {
      expect(files.prepare("SELECT name, model FROM ingested_files ORDER BY name").all()).toEqual([
        { name: miroc, model: "MIROC6" },
        { name: mri, model: "MRI-ESM2-0" },
      ]);
    } finally {
      files.close();
    }
    const again = await ingest({ paths: [work], database: together, seeds, geoDir: "seeds/geo", minCoverage: 0 });
    expect(again.ingested).toEqual([]);
    expect(again.skipped.sort()).toEqual([miroc, mri]);

    for (const [one, other] of [[miroc, mri], [mri, miroc]]) {
      const database = path.join(work, `${one}-first.db`);
      expect((await ingest({ paths: [path.join(work, one)], database, seeds, geoDir: "seeds/geo", minCoverage: 0 })).ingested).toEqual([one]);
      const second = await ingest({ paths: [path.join(work, other)], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
      expect(second.ingested, `${other} after ${one}`).toEqual([other]);
      expect(second.skipped).toEqual([]);
      expect(await nepal(database)).toEqual(values);
    }
  });

  it("reads a database recorded by checksum alone with its files kept, and then ingests the other name", async () => {
    const database = path.join(work, "older.db");
    await ingest({ paths: [path.join(work, miroc)], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
    // the table as releases before this one created it: the checksum alone was the key
    const older = new BetterSqlite3(database);
    try {
      // (and before files recorded the point of view their outlines followed)
      const columns = (older.prepare("PRAGMA table_info(ingested_files)").all() as { name: string }[]).map((c) => c.name).filter((c) => c !== "worldview").join(", ");
      older.exec(`CREATE TABLE old_files AS SELECT * FROM ingested_files; DROP TABLE ingested_files;
        CREATE TABLE ingested_files (sha256 TEXT PRIMARY KEY, name TEXT NOT NULL, path TEXT NOT NULL, bytes INTEGER NOT NULL, variable TEXT NOT NULL,
          model TEXT NOT NULL, scenario TEXT NOT NULL, variant TEXT NOT NULL, grid TEXT NOT NULL, years TEXT NOT NULL, calendar TEXT NOT NULL,
          units TEXT NOT NULL, source_id TEXT NOT NULL, ingested_at TEXT NOT NULL, outlines TEXT);
        CREATE INDEX ingested_files_source ON ingested_files (source_id);
        INSERT INTO ingested_files (${columns}) SELECT ${columns} FROM old_files; DROP TABLE old_files;`);
    } finally {
      older.close();
    }
    const run = await ingest({ paths: [work], database, seeds, geoDir: "seeds/geo", minCoverage: 0 });
    expect(run.skipped).toEqual([miroc]);
    expect(run.ingested).toEqual([mri]);
    const values = await nepal(database);
    expect(values.MIROC6).toBeGreaterThan(20);
    expect(values["MRI-ESM2-0"]).toBe(values.MIROC6);
    const files = new BetterSqlite3(database, { readonly: true });
    try {
      expect((files.prepare("SELECT name FROM ingested_files ORDER BY name").all() as { name: string }[]).map((r) => r.name)).toEqual([miroc, mri]);
      const key = (files.prepare("PRAGMA table_info(ingested_files)").all() as { name: string; pk: number }[]).filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
      expect(key).toEqual(["sha256", "name"]);
    } finally {
      files.close();
    }
  });
});


describe("outlines the operator brings", () => {
  const lat = [26.5, 27.5, 28.5];
  const lon = [81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5];
  const name = fileName("tas", "MIROC6", "ssp245", "2015");
  let work: string;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "sacap-ingest-places-"));
    // each cell's temperature is its latitude, in °C
    await writeTestNetcdf({
      path: path.join(work, name), variable: "tas", units: "K", lat, lon, time: Array.from({ length: 365 }, (_, t) => t + 0.5),
      timeUnits: "days since 2015-01-01 00:00:00", calendar: "noleap", value: (_, r) => KELVIN + lat[r],
    });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const box = (x0: number, y0: number, x1: number, y1: number) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];
  const places = (file: string, features: { code: string; rings: number[][][]; name?: string; country?: string }[]) => {
    const target = path.join(work, file);
    const properties = ({ rings: _, ...rest }: (typeof features)[number]) => rest;
    writeFileSync(target, JSON.stringify({ type: "FeatureCollection", features: features.map((f) => ({ type: "Feature", properties: properties(f), geometry: { type: "Polygon", coordinates: f.rings } })) }));
    return target;
  };
  const run = (database: string, more: Partial<Parameters<typeof ingest>[0]> = {}) => ingest({ paths: [path.join(work, name)], database, seeds, geoDir: "seeds/geo", ...more });
  async function nepal(database: string) {
    const store = new IngestedSeriesStore(database);
    try {
      const [found] = await store.getSeries([{ indicator: "tas", geo: "NPL", scenario: "ssp245", model: "MIROC6", frequency: "annual" }]);
      return found && { value: found.values[0], coverage: found.coverage };
    } finally {
      store.close();
    }
  }

  it("uses them instead of the shipped outlines, and reads files again when they change", async () => {
    const database = path.join(work, "places.db");
    // the shipped outline of Nepal reaches beyond this small grid: no series
    const shipped = await run(database);
    expect(shipped.partial.map((p) => p.geo)).toContain("NPL");
    expect(await nepal(database)).toBeUndefined();
    // an outline of the cells 27-28 N, 82-84 E: the grid covers it, and the mean is 27.5 °C
    const mine = places("nepal.geojson", [{ code: "NPL", rings: box(82, 27, 84, 28) }, { code: "BTN", rings: box(89, 26.7, 92, 28.3) }]);
    const ownOutlines = await run(database, { places: mine });
    expect(ownOutlines.skipped).toEqual([]);
    expect(ownOutlines.ingested).toEqual([name]);
    expect(await nepal(database)).toEqual({ value: expect.closeTo(27.5, 4), coverage: expect.closeTo(1, 6) });
    // Bhutan's outline lies outside the grid: reported, not silently dropped
    expect(ownOutlines.partial).toContainEqual({ files: name, geo: "BTN", coverage: 0 });
    expect(ownOutlines.warnings).toContainEqual(expect.stringContaining("BTN (outline from nepal.geojson) is outside the grid"));
    // the same outlines again: nothing to do
    expect((await run(database, { places: mine })).skipped).toEqual([name]);
    // an outline the grid covers only in part: the file is read again and Nepal's rows from it are gone
    const wider = places("wider.geojson", [{ code: "NPL", rings: box(80, 27, 84, 28) }]);
    const partly = await run(database, { places: wider });
    expect(partly.ingested).toEqual([name]);
    expect(partly.partial).toContainEqual({ files: name, geo: "NPL", coverage: expect.closeTo(3 / 4, 3) });
    expect(await nepal(database)).toBeUndefined();
  });

  it("adds the places whose codes the catalogue lacks, computes their series and records them for the portal", async () => {
    const database = path.join(work, "added.db");
    const file = places("districts.geojson", [
      { code: "NP-BA-X", name: "Western hills", country: "NPL", rings: box(82, 27, 84, 28) },
      { code: "terai-east", name: "Eastern Terai", country: "NPL", rings: box(85, 26, 88, 27) },
      { code: "NPL", rings: box(82, 27, 84, 29) },
    ]);
    const summary = await run(database, { places: file });
    expect(summary.ingested).toEqual([name]);
    expect(summary.added).toEqual([
      { code: "NP-BA-X", name: "Western hills", country: "NPL" },
      { code: "terai-east", name: "Eastern Terai", country: "NPL" },
    ]);
    // a second run with the same file records them once
    expect((await run(database, { places: file })).skipped).toEqual([name]);
    const store = new IngestedSeriesStore(database);
    try {
      expect(store.addedPlaces()).toEqual([
        { code: "NP-BA-X", name: "Western hills", country: "NPL", geometry: { type: "Polygon", coordinates: box(82, 27, 84, 28) } },
        { code: "terai-east", name: "Eastern Terai", country: "NPL", geometry: { type: "Polygon", coordinates: box(85, 26, 88, 27) } },
      ]);
      // the seed's catalogue does not know them; the portal's, with the store's places, does
      const seedService = createSeriesService(seeds, store);
      expect(seedService.parse("annual", new URLSearchParams("indicator=tas&geo=terai-east&scenario=ssp245&model=MIROC6")).ok).toBe(false);
      const { withStorePlaces } = await import("../../context.server");
      const catalogue = withStorePlaces(seeds, store);
      expect(catalogue.geos.slice(0, seeds.geos.length)).toEqual(seeds.geos);
      expect(catalogue.geos.slice(seeds.geos.length)).toEqual([
        { tid: String(Math.max(...seeds.geos.map((g) => Number(g.tid))) + 1), field_value: "NP-BA-X", name: "Western hills", field_geotype: "State", field_country: "NPL", added: true },
        { tid: String(Math.max(...seeds.geos.map((g) => Number(g.tid))) + 2), field_value: "terai-east", name: "Eastern Terai", field_geotype: "State", field_country: "NPL", added: true },
      ]);
      const service = createSeriesService(catalogue, store);
      const mean = async (geo: string) => {
        const parsed = service.parse("annual", new URLSearchParams(`indicator=tas&geo=${geo}&scenario=ssp245&model=MIROC6&start=2015&end=2015`));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed));
        const resolved = service.resolve("annual", parsed.query);
        if (!resolved.ok) throw new Error(resolved.message);
        const answer = await service.answer(resolved.value);
        if ("status" in answer) throw new Error(answer.message);
        return { value: answer.series[0].values.MIROC6[0], coverage: answer.series[0].coverage?.MIROC6, sample: answer.sample };
      };
      // each cell's temperature is its latitude: the cells 27-28 N and 26-27 N
      expect(await mean("NP-BA-X")).toEqual({ value: 27.5, coverage: 1, sample: false });
      expect(await mean("terai-east")).toEqual({ value: 26.5, coverage: 1, sample: false });
    } finally {
      store.close();
    }
    // a database the file added nothing to leaves the catalogue the seed's
    const plain = path.join(work, "plain.db");
    await run(plain, { places: places("nepal-only.geojson", [{ code: "NPL", rings: box(82, 27, 84, 28) }]) });
    const { withStorePlaces } = await import("../../context.server");
    const other = new IngestedSeriesStore(plain);
    try {
      expect(withStorePlaces(seeds, other)).toBe(seeds);
    } finally {
      other.close();
    }
  });

  it("stops before reading anything when an outline breaks a rule, naming the feature", async () => {
    const database = path.join(work, "refused.db");
    const crossing = places("crossing.geojson", [{ code: "NPL", rings: [[[80, 26], [88, 30], [88, 26], [81, 29], [80, 26]]] }]);
    await expect(run(database, { places: crossing })).rejects.toThrow(/--places crossing\.geojson: feature 1 \(NPL\): self-intersection/);
    const unknown = places("unknown.geojson", [{ code: "Nepal", rings: box(82, 27, 84, 28) }]);
    await expect(run(database, { places: unknown })).rejects.toThrow(/feature 1 \(Nepal\): not a place of the catalogue \(did you mean NPL \(Nepal\)\?\)/);
    const nameless = places("nameless.geojson", [{ code: "NP-BA-X", country: "NPL", rings: box(82, 27, 84, 28) }]);
    await expect(run(database, { places: nameless })).rejects.toThrow(/--places nameless\.geojson: feature 1 \(NP-BA-X\): not a place of the catalogue: a new place needs its name \(properties\.name\)/);
    const elsewhere = places("elsewhere.geojson", [{ code: "NP-BA-X", name: "Western hills", country: "CHN", rings: box(82, 27, 84, 28) }]);
    await expect(run(database, { places: elsewhere })).rejects.toThrow(/feature 1 \(NP-BA-X\): a new place needs its country \(properties\.country, one of AFG, .*\), not "CHN"/);
    const clash = places("clash.geojson", [{ code: "bagmati-zone", name: "Bagmati hills", country: "NPL", rings: box(82, 27, 84, 28) }]);
    await expect(run(database, { places: clash })).rejects.toThrow(/feature 1 \(bagmati-zone\): the code bagmati-zone is the address of Bagmati zone \(NP-BA\) \(\/profiles\/bagmati-zone\)/);
    // nothing was read, and no place recorded: the database was not even made
    expect(existsSync(database)).toBe(false);
  });
});

describe("dry and wet spells across the new year", () => {
  const lat = [26.5, 27.5, 28.5];
  const lon = [81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5];
  // 2015: rain (2 mm) every day but a 10-day dry spell from day 50 and the dry season from day 300 (65 days);
  // 2016: the dry season goes on for 40 days, then rain every day
  const rain2015 = (t: number) => ((t >= 50 && t < 60) || t >= 300 ? 0 : 2);
  const rain2016 = (t: number) => (t < 40 ? 0.5 : 2);
  const write = (folder: string, year: number, rain: (t: number) => number) =>
    writeTestNetcdf({
      path: path.join(folder, fileName("pr", "MIROC6", "ssp245", String(year))), variable: "pr", units: "kg m-2 s-1", lat, lon,
      time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: `days since ${year}-01-01 00:00:00`, calendar: "noleap", value: (t) => rain(t) / 86400,
    });
  let work: string;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "sacap-ingest-spells-"));
    await write(work, 2015, rain2015);
    await write(work, 2016, rain2016);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const run = (database: string, files: string[]) => ingest({ paths: files.map((f) => path.join(work, f)), database, seeds, geoDir: "seeds/geo", minCoverage: 0, variables: ["pr"] });
  async function spells(database: string) {
    const store = new IngestedSeriesStore(database);
    try {
      const [cdd, cwd] = await store.getSeries(["cdd", "cwd"].map((indicator) => ({ indicator, geo: "NPL", scenario: "ssp245", model: "MIROC6", frequency: "annual" as const })));
      // every cell has the same days: the weighted means are those days, up to rounding
      const days = (values: ArrayLike<number>) => Array.from(values, (v) => Math.round(v * 1e9) / 1e9);
      return { cdd: days(cdd!.values), cwd: days(cwd!.values), start: cdd!.startYear };
    } finally {
      store.close();
    }
  }

  it("counts a spell in the year it ends, in full, whichever year is read first", async () => {
    const [y2015, y2016] = [fileName("pr", "MIROC6", "ssp245", "2015"), fileName("pr", "MIROC6", "ssp245", "2016")];
    const later = path.join(work, "later-first.db");
    expect((await run(later, [y2016])).ingested).toEqual([y2016]);
    // alone, 2016 starts the data: its first 40 days are a spell of their own
    expect(await spells(later)).toEqual({ cdd: [40], cwd: [325], start: 2016 });
    expect((await run(later, [y2015])).ingested).toEqual([y2015]);
    // the dry season of 2015-2016 ends in 2016 after 65 + 40 days; 2015 keeps its 10-day spell, and its
    // longest wet spell (days 60-299)
    expect(await spells(later)).toEqual({ cdd: [10, 105], cwd: [240, 325], start: 2015 });
    // the 2016 row was rewritten in place and still names its own file
    const sqlite = new BetterSqlite3(later, { readonly: true });
    try {
      const writers = sqlite.prepare("SELECT year, written_by FROM series_years WHERE indicator = 'cdd' AND geo = 'NPL' ORDER BY year").all() as { year: number; written_by: string }[];
      expect(writers.map((w) => [w.year, w.written_by.split("@")[0]])).toEqual([[2015, y2015], [2016, y2016]]);
    } finally {
      sqlite.close();
    }
    // read in order, or both at once, the answer is the same
    const inOrder = path.join(work, "in-order.db");
    await run(inOrder, [y2015]);
    expect(await spells(inOrder)).toEqual({ cdd: [65], cwd: [240], start: 2015 });
    await run(inOrder, [y2016]);
    expect(await spells(inOrder)).toEqual({ cdd: [10, 105], cwd: [240, 325], start: 2015 });
    const together = path.join(work, "together.db");
    await run(together, [y2015, y2016]);
    expect(await spells(together)).toEqual({ cdd: [10, 105], cwd: [240, 325], start: 2015 });
  });
});

describe.skipIf(!ncgen)("declared sizes are checked before anything is read", () => {
  it("refuses at once a tiny file declaring 60,000,000 time steps", async () => {
    const work = mkdtempSync(path.join(tmpdir(), "sacap-ncgen-huge-"));
    try {
      const cdl = `netcdf huge {
dimensions:
  time = 60000000 ;
  lat = 2 ;
  lon = 2 ;
variables:
  double time(time) ;
    time:units = "days since 2015-01-01" ;
    time:calendar = "noleap" ;
  double lat(lat) ;
  double lon(lon) ;
  float tas(time, lat, lon) ;
    tas:units = "K" ;
data:
  lat = 27.5, 28.5 ;
  lon = 84.5, 85.5 ;
}
`;
      writeFileSync(path.join(work, "huge.cdl"), cdl);
      const file = path.join(work, "tas_day_MIROC6_ssp245_r1i1p1f1_gn_2015.nc");
      execFileSync("ncgen", ["-k", "nc4", "-o", file, path.join(work, "huge.cdl")]);
      expect(statSync(file).size).toBeLessThan(100_000);
      const started = performance.now();
      const summary = await ingest({ paths: [file], database: path.join(work, "series.db"), seeds, geoDir: "seeds/geo" });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(summary.failed).toEqual([{ file: path.basename(file), reason: expect.stringMatching(/^time declares 60000000 steps, more than 73200 \(200 years of days\); refused before reading/) }]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("coverage of the shipped outlines by partial grids", () => {
  const features = loadGeoFeatures("seeds/geo", seeds);
  const axis = (from: number, to: number, step: number) => Float64Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);
  const coverageOf = (lat: Float64Array, lon: Float64Array) => Object.fromEntries(computeMasks(lat, lon, features).masks.map((m) => [m.code, m.coverage]));

  it("a Sri Lanka box covers Sri Lanka, not India", () => {
    const c = coverageOf(axis(5.625, 9.875, 0.25), axis(79.125, 81.875, 0.25));
    expect(c.LKA).toBeGreaterThan(0.99);
    expect(c.IND).toBeLessThan(0.01);
    expect(c.BGD).toBe(0);
  });

  it("a 0-40 N South Asia grid covers India but only part of the Amu Darya basin", () => {
    const c = coverageOf(axis(0.125, 39.875, 0.25), axis(60.125, 99.875, 0.25));
    expect(c.IND).toBeGreaterThan(0.99);
    expect(c.NPL).toBeGreaterThan(0.99);
    expect(c["amu-darya"]).toBeLessThan(0.9);
  });
});
