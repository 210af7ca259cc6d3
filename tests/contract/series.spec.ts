import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { cmip6ModelListSchema, geoListSchema, indicatorListSchema } from "../../app/features/cmip6/schema";
import { seriesResponseSchema } from "../../app/features/cmip6/series";
import { getSeries } from "../support/series";

const seed = (file: string) => JSON.parse(readFileSync(new URL(`../../seeds/${file}`, import.meta.url), "utf8"));
const geos = geoListSchema.parse(seed("geos.json"));
const indicators = indicatorListSchema.parse(seed("indicators.json"));
const models = cmip6ModelListSchema.parse(seed("cmip6-models.json"));

const ANNUAL = "/api/cmip6/annual";
const MONTHLY = "/api/cmip6/v1/monthly";
const MODEL_IDS = models.map((m) => m.field_value);

const errorSchema = z.strictObject({
  error: z.strictObject({ status: z.number().int(), message: z.string().min(1), details: z.unknown().optional() }),
});
const problemDetails = z.strictObject({
  field: z.string(),
  allowed: z.union([z.array(z.string()).min(1), z.strictObject({ min: z.number(), max: z.number() })]),
  value: z.string().optional(),
});


test.describe("GET /api/cmip6/annual", () => {
  test("answers a 35-model ensemble for 1950-2100 with every field, cacheable and marked as sample data", async ({ request }) => {
    const response = await request.get(`${ANNUAL}?indicator=tas&geo=NPL`);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(headers["cache-control"]).toBe("public, max-age=3600");
    expect(headers["etag"]).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(headers["x-sample-data"]).toBe("true");
    const body = seriesResponseSchema.parse(await response.json());

    const tas = indicators.find((i) => i.field_value === "tas" && i.field_api_url === "cmip6/annual")!;
    expect(body.indicator).toEqual({
      code: "tas",
      name: tas.name,
      category: "1000",
      units: tas.field_var_unit,
      axisUnit: tas.field_axis_unit,
      chartTitle: tas.field_chart_title,
      aggregation: "mean",
      decimals: 2,
    });
    expect(body.geo).toEqual({ code: "NPL", name: "Nepal", type: "Country" });
    expect(body.frequency).toBe("annual");
    expect(body.month).toBeNull();
    expect(body.season).toBeNull();
    expect(body.period).toEqual({ start: 1950, end: 2100 });
    expect(body.scenarios).toEqual([
      { code: "historical", name: "Historical", period: { start: 1950, end: 2014 } },
      { code: "ssp245", name: "SSP2-4.5 (middle of the road)", period: { start: 2015, end: 2100 } },
      { code: "ssp585", name: "SSP5-8.5 (fossil-fuelled development)", period: { start: 2015, end: 2100 } },
    ]);
    expect(body.models).toEqual(models.map((m) => ({ code: m.field_value, variant: m.field_variant, grid: m.field_grid })));
    expect(body.ensemble).toBe(true);
    expect(body.sample).toBe(true);
    expect(body.provenance).toEqual({
      sample: { source: "sample generator", method: expect.stringContaining("Generated, not model output"), version: expect.any(String), sample: true },
    });

    expect(body.series.map((s) => s.scenario)).toEqual(["historical", "ssp245", "ssp585"]);
    for (const block of body.series) {
      const [first, last] = block.scenario === "historical" ? [1950, 2014] : [2015, 2100];
      expect(block.years).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
      expect(block.months).toBeUndefined();
      expect(Object.keys(block.values)).toEqual(MODEL_IDS);
      expect(Object.keys(block.sources)).toEqual(MODEL_IDS);
      expect(new Set(Object.values(block.sources))).toEqual(new Set(["sample"]));
      // plain checks collected first: one expect per block keeps the test fast
      const problems: string[] = [];
      for (const [model, values] of Object.entries(block.values)) {
        if (values.length !== block.years.length) problems.push(`${model}: ${values.length} values`);
        if (!values.every((v) => v !== null && v > -10 && v < 30)) problems.push(`${model}: value out of range`);
      }
      for (const stat of ["median", "p10", "p90", "mean", "count"] as const) {
        if (block.stats[stat].length !== block.years.length) problems.push(`${stat}: ${block.stats[stat].length} steps`);
      }
      const columns = Object.values(block.values);
      block.years.forEach((year, t) => {
        const { count, p10, median, p90 } = block.stats;
        const column = columns.map((v) => v[t]!);
        if (count[t] !== 35) problems.push(`${year}: count ${count[t]}`);
        if (!(p10[t]! <= median[t]! && median[t]! <= p90[t]!)) problems.push(`${year}: p10 ${p10[t]} median ${median[t]} p90 ${p90[t]}`);
        if (median[t]! < Math.min(...column) || median[t]! > Math.max(...column)) problems.push(`${year}: median outside the models`);
      });
      expect(problems, block.scenario).toEqual([]);
    }
    // warming: the ensemble median of the last year is above the first, more under SSP5-8.5
    const median = (scenario: string) => body.series.find((s) => s.scenario === scenario)!.stats.median;
    expect(median("ssp585").at(-1)!).toBeGreaterThan(median("ssp245").at(-1)!);
    expect(median("ssp245").at(-1)!).toBeGreaterThan(median("historical")[0]!);

    const again = await request.get(`${ANNUAL}?indicator=tas&geo=NPL`);
    expect(await again.text()).toBe(await response.text());
  });

  test("answers annual ETCCDI indices, and annual values of the monthly ones", async ({ request }) => {
    const fd = await getSeries(request, `${ANNUAL}?indicator=fd&geo=AFG&scenario=historical&start=1995&end=2014`);
    expect(fd.indicator).toMatchObject({ code: "fd", units: "days", decimals: 1 });
    expect(fd.series[0].stats.median.every((v) => v! > 60 && v! < 200)).toBe(true);
    const mdv = await getSeries(request, `${ANNUAL}?indicator=fd&geo=MDV&scenario=historical&start=1995&end=2014`);
    expect(mdv.series[0].stats.median.every((v) => v === 0)).toBe(true);
    const txx = await getSeries(request, `${ANNUAL}?indicator=txx&geo=PAK&model=MIROC6&scenario=ssp585&start=2090&end=2100`);
    expect(txx.indicator).toMatchObject({ code: "txx", aggregation: "max", chartTitle: "Hottest day: maximum of daily maximum temperature" });
    expect(txx.series[0].years).toEqual([2090, 2091, 2092, 2093, 2094, 2095, 2096, 2097, 2098, 2099, 2100]);
    expect(txx.models).toEqual([{ code: "MIROC6", variant: "r1i1p1f1", grid: "gn" }]);
    expect(txx.ensemble).toBe(false);
  });

  test("takes lists as repeated parameters or comma lists: same answer, same ETag", async ({ request }) => {
    const a = await request.get(`${ANNUAL}?indicator=pr&geo=ganges&scenario=ssp585&scenario=ssp245&model=CanESM5&model=MIROC6&start=2020&end=2039`);
    const b = await request.get(`${ANNUAL}?geo=ganges&indicator=pr&scenario=ssp245,ssp585&model=MIROC6,CanESM5&start=2020&end=2039`);
    expect(a.status()).toBe(200);
    expect(a.headers()["etag"]).toBe(b.headers()["etag"]);
    expect(await a.text()).toBe(await b.text());
    const body = seriesResponseSchema.parse(await a.json());
    expect(body.series.map((s) => s.scenario)).toEqual(["ssp245", "ssp585"]);
    expect(Object.keys(body.series[0].values)).toEqual(["CanESM5", "MIROC6"]);
    expect(body.series[0].stats.count.every((c) => c === 2)).toBe(true);
  });
});

test.describe("GET /api/cmip6/v1/monthly", () => {
  test("answers every month, one month or a season", async ({ request }) => {
    const base = `${MONTHLY}?indicator=pr&geo=BGD&scenario=ssp245&model=ACCESS-CM2,NESM3&start=2030&end=2031`;
    const every = await getSeries(request, base);
    expect(every.frequency).toBe("monthly");
    expect(every.indicator).toMatchObject({ code: "pr", units: "mm/day", chartTitle: "Monthly average precipitation", decimals: 3 });
    expect(every.series[0].years).toEqual([...Array(12).fill(2030), ...Array(12).fill(2031)]);
    expect(every.series[0].months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const values = every.series[0].values["ACCESS-CM2"] as number[];
    // the monsoon: July far wetter than January
    expect(values[6]).toBeGreaterThan(4 * values[0]);

    const july = await getSeries(request, `${base}&month=7`);
    expect(july.month).toBe(7);
    expect(july.series[0].years).toEqual([2030, 2031]);
    expect(july.series[0].values["ACCESS-CM2"]).toEqual([values[6], values[18]]);

    const kharif = await getSeries(request, `${base}&season=JJAS`);
    expect(kharif.season).toEqual({ code: "JJAS", name: "Kharif, monsoon (June-September)", months: [6, 7, 8, 9] });
    const jjas = (values[5] * 30 + values[6] * 31 + values[7] * 31 + values[8] * 30) / 122;
    expect(kharif.series[0].values["ACCESS-CM2"][0]).toBeCloseTo(jjas, 2);
  });

  test("labels a winter season by the year it ends in and leaves out the first when its December is missing", async ({ request }) => {
    const djf = await getSeries(request, `${MONTHLY}?indicator=tas&geo=kabul&scenario=historical&model=MRI-ESM2-0&season=DJF&start=1950&end=1953`);
    expect(djf.series[0].years).toEqual([1951, 1952, 1953]);
    expect(djf.series[0].values["MRI-ESM2-0"].every((v) => v! < 2)).toBe(true);
  });

  test("answers the monthly ETCCDI indices and SPI/SPEI", async ({ request }) => {
    for (const code of ["txx", "tn90p", "rx1day", "spi", "spei"]) {
      const body = await getSeries(request, `${MONTHLY}?indicator=${code}&geo=IND&scenario=historical&start=2010&end=2014&model=GFDL-ESM4`);
      expect(body.indicator.code).toBe(code);
      expect(body.series[0].years).toHaveLength(60);
    }
  });
});

test.describe("pet: potential evapotranspiration with its method per model run", () => {
  test("answers monthly and annual pet in mm/day, FAO-56 Penman-Monteith for 30 models and Hargreaves-Samani for 2 (no hurs)", async ({ request }) => {
    const body = await getSeries(request, `${MONTHLY}?indicator=pet&geo=IND&scenario=historical,ssp585&start=2014&end=2015`);
    expect(body.indicator).toMatchObject({ code: "pet", units: "mm/day", aggregation: "mean", decimals: 2, category: "1000" });
    expect(body.sample).toBe(true);
    for (const block of body.series) {
      const methods = block.methods!;
      // a model without tasmax and tasmin in the archive has no PET; every model with values names its method
      expect(Object.keys(methods).sort()).toEqual(Object.keys(block.values).sort());
      expect(Object.keys(block.values)).toHaveLength(32);
      expect(block.values.CESM2).toBeUndefined();
      const pm = Object.values(methods).filter((m) => /^Sample: FAO-56 Penman-Monteith/.test(m));
      expect(pm).toHaveLength(30);
      expect(methods["BCC-CSM2-MR"]).toMatch(/^Sample: Hargreaves-Samani .*\(no hurs\)$/);
      expect(methods.NESM3).toMatch(/\(no hurs\)$/);
      for (const values of Object.values(block.values)) for (const v of values) expect(v! > -1 && v! < 15, String(v)).toBe(true);
    }
    const annual = await getSeries(request, `${ANNUAL}?indicator=pet&geo=IND&scenario=ssp585&model=MRI-ESM2-0&start=2015&end=2015`);
    const months = body.series[1].values["MRI-ESM2-0"].slice(0, 12) as number[];
    const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    expect(annual.series[0].values["MRI-ESM2-0"][0]).toBeCloseTo(months.reduce((s, v, m) => s + v * days[m], 0) / 365, 1);
    expect(annual.series[0].methods!["MRI-ESM2-0"]).toMatch(/^Sample: FAO-56 Penman-Monteith/);
  });

  test("a variable's answer carries no methods", async ({ request }) => {
    const body = await getSeries(request, `${MONTHLY}?indicator=tas&geo=IND&scenario=ssp585&start=2015&end=2015`);
    expect(body.series[0].methods).toBeUndefined();
  });
});

test.describe("bad parameters: 400 naming the field and the allowed values", () => {
  const cases: [string, string, string][] = [
    ["missing indicator", `${ANNUAL}?geo=NPL`, "indicator"],
    ["unknown indicator", `${ANNUAL}?indicator=snowfall&geo=NPL`, "indicator"],
    ["indicator twice", `${ANNUAL}?indicator=tas&indicator=pr&geo=NPL`, "indicator"],
    ["missing geo", `${ANNUAL}?indicator=tas`, "geo"],
    ["unknown geo", `${ANNUAL}?indicator=tas&geo=Nepal`, "geo"],
    ["unknown scenario", `${ANNUAL}?indicator=tas&geo=NPL&scenario=ssp245,ssp126`, "scenario"],
    ["unknown model", `${ANNUAL}?indicator=tas&geo=NPL&model=CanESM5&model=HAL-9000`, "model"],
    ["ensemble with models", `${ANNUAL}?indicator=tas&geo=NPL&model=ensemble,CanESM5`, "model"],
    ["start not a year", `${ANNUAL}?indicator=tas&geo=NPL&start=20x0`, "start"],
    ["start before the data", `${ANNUAL}?indicator=tas&geo=NPL&start=1901`, "start"],
    ["end after the data", `${ANNUAL}?indicator=tas&geo=NPL&end=2101`, "end"],
    ["end before start", `${ANNUAL}?indicator=tas&geo=NPL&start=2050&end=2040`, "end"],
    ["month on the annual path", `${ANNUAL}?indicator=tas&geo=NPL&month=7`, "month"],
    ["season on the annual path", `${ANNUAL}?indicator=tas&geo=NPL&season=JJAS`, "season"],
    ["month out of range", `${MONTHLY}?indicator=tas&geo=NPL&month=13`, "month"],
    ["month not a number", `${MONTHLY}?indicator=tas&geo=NPL&month=july`, "month"],
    ["unknown season", `${MONTHLY}?indicator=tas&geo=NPL&season=monsoon`, "season"],
    ["month and season", `${MONTHLY}?indicator=tas&geo=NPL&month=7&season=JJA`, "season"],
    ["unknown parameter", `${MONTHLY}?indicator=tas&geo=NPL&models=CanESM5`, "models"],
    ["warming level not offered", `${ANNUAL}?indicator=tas&geo=NPL&window=gwl:2.5`, "window"],
    ["warming level not a number", `${ANNUAL}?indicator=tas&geo=NPL&window=gwl:two`, "window"],
    ["window years reversed", `${ANNUAL}?indicator=tas&geo=NPL&window=2059-2040`, "window"],
    ["window before the data", `${MONTHLY}?indicator=tas&geo=NPL&window=1900-1919`, "window"],
    ["warming level for the historical run", `${ANNUAL}?indicator=tas&geo=NPL&scenario=historical&window=gwl:2.0`, "window"],
    ["window twice", `${ANNUAL}?indicator=tas&geo=NPL&window=gwl:2.0&window=gwl:3.0`, "window"],
  ];
  for (const [name, url, field] of cases) {
    test(name, async ({ request }) => {
      const response = await request.get(url);
      expect(response.status()).toBe(400);
      expect(response.headers()["cache-control"]).toBe("no-store");
      const body = errorSchema.parse(await response.json());
      expect(body.error.status).toBe(400);
      const details = problemDetails.parse(body.error.details);
      expect(details.field).toBe(field);
    });
  }

  test("lists the codes of the path, every geo, the scenarios and the models", async ({ request }) => {
    const details = async (url: string) => problemDetails.parse(errorSchema.parse(await (await request.get(url)).json()).error.details);
    const indicator = await details(`${MONTHLY}?indicator=snowfall&geo=NPL`);
    expect(indicator.allowed).toContain("spei");
    expect(indicator.allowed).not.toContain("fd");
    expect((await details(`${ANNUAL}?indicator=tas&geo=x`)).allowed).toEqual(geos.map((g) => g.field_value));
    expect((await details(`${ANNUAL}?indicator=tas&geo=NPL&scenario=x`)).allowed).toEqual(["historical", "ssp245", "ssp585", "observed"]);
    expect((await details(`${ANNUAL}?indicator=tas&geo=NPL&model=x`)).allowed).toEqual(["ensemble", ...MODEL_IDS, "chirps-v2.0", "era5", "era5-land", "imd"]);
    expect((await details(`${ANNUAL}?indicator=tas&geo=NPL&start=1900`)).allowed).toEqual({ min: 1950, max: 2100 });
  });
});

test.describe("window: a 20-year window or a global warming level", () => {
  test("gwl:2.0 gives each scenario the models' own windows, the change from 1995-2014 and the sign agreement", async ({ request }) => {
    const body = await getSeries(request, `${ANNUAL}?indicator=tas&geo=IND&start=2100&window=gwl:2.0`);
    expect(body.windows!.map((w) => w.scenario)).toEqual(["ssp245", "ssp585"]);
    for (const w of body.windows!) {
      expect(w.window).toEqual({ code: "gwl:2.0", label: "+2 °C" });
      expect(w.baseline).toEqual({ start: 1995, end: 2014 });
      expect(w.text).toMatch(new RegExp(`^\\+2 °C: ${w.count} of 35 models under SSP`));
      expect(Object.keys(w.models)).toHaveLength(w.count);
      expect(w.count + w.notReached!.length + w.notInTable!.length).toBe(w.of);
      expect(w.notInTable).toEqual(expect.arrayContaining(["GFDL-CM4_gr2"]));
      expect(w.notInTable).not.toContain("CMCC-ESM2");
      expect(w.method).toContain("version 2025-11-07, CC BY-SA 4.0");
      expect(w.method).toMatch(/CESM2 \(r1i1p1f1; NEX-GDDP-CMIP6 r4i1p1f1\)/);
      const changes = Object.values(w.models).map((m) => m.change!);
      const up = changes.filter((c) => c > 0).length;
      const down = changes.filter((c) => c < 0).length;
      expect(w.agreement!.count).toBe(changes.length);
      expect(w.agreement!.agree).toBe(Math.max(up, down));
      expect(w.agreement!.robust).toBe(w.agreement!.agree / w.agreement!.count >= 0.8);
      // every model's window is 20 years and some start in the historical run's years or later
      for (const m of Object.values(w.models)) expect(m.period.end - m.period.start).toBe(19);
    }
    // more models reach +2 °C under SSP5-8.5 than +4 °C under SSP2-4.5
    const four = await getSeries(request, `${ANNUAL}?indicator=tas&geo=IND&scenario=ssp245&start=2100&window=gwl:4`);
    expect(four.windows![0].count).toBeLessThan(body.windows![1].count);
  });

  test("a window changes the ETag; its code is canonical", async ({ request }) => {
    const a = await request.get(`${ANNUAL}?indicator=tas&geo=NPL&start=2100&window=gwl:2`);
    const b = await request.get(`${ANNUAL}?indicator=tas&geo=NPL&start=2100&window=gwl:2.0`);
    const c = await request.get(`${ANNUAL}?indicator=tas&geo=NPL&start=2100`);
    expect(a.headers()["etag"]).toBe(b.headers()["etag"]);
    expect(a.headers()["etag"]).not.toBe(c.headers()["etag"]);
  });
});

test.describe("valid queries without data: 404", () => {
  const cases: [string, string][] = [
    ["an annual-only index on the monthly path", `${MONTHLY}?indicator=fd&geo=AFG`],
    ["historical asked for the future", `${ANNUAL}?indicator=tas&geo=NPL&scenario=historical&start=2050&end=2060`],
    ["a projection asked for the past", `${ANNUAL}?indicator=tas&geo=NPL&scenario=ssp585&start=1990&end=2000`],
    ["a winter season before the first December", `${MONTHLY}?indicator=tas&geo=NPL&scenario=historical&season=DJF&end=1950`],
  ];
  for (const [name, url] of cases) {
    test(name, async ({ request }) => {
      const response = await request.get(url);
      expect(response.status()).toBe(404);
      const body = errorSchema.parse(await response.json());
      expect(body.error.status).toBe(404);
      expect(body.error.details).toBeTruthy();
    });
  }
});

test.describe("HTTP behaviour", () => {
  const url = `${ANNUAL}?indicator=r95ptot&geo=brahmaputra`;

  test("revalidates with 304 and answers HEAD", async ({ request }) => {
    const first = await request.get(url);
    const etag = first.headers()["etag"];
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await request.get(url, { headers: { "If-None-Match": header } });
      expect(again.status(), header).toBe(304);
      expect(again.headers()["etag"]).toBe(etag);
      expect(again.headers()["cache-control"]).toBe("public, max-age=3600");
      expect(await again.body()).toHaveLength(0);
    }
    const stale = await request.get(url, { headers: { "If-None-Match": '"not-this-one"' } });
    expect(stale.status()).toBe(200);
    const head = await request.head(url);
    expect(head.status()).toBe(200);
    expect(head.headers()["etag"]).toBe(etag);
    expect(await head.body()).toHaveLength(0);
    // another query, another ETag
    const other = await request.get(`${ANNUAL}?indicator=r95ptot&geo=meghna`);
    expect(other.headers()["etag"]).not.toBe(etag);
  });

  test("refuses other methods with 405 and Allow", async ({ request }) => {
    for (const path of [url, `${MONTHLY}?indicator=tas&geo=NPL`]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await request.fetch(path, { method, data: method === "DELETE" ? undefined : "{}" });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers()["allow"]).toBe("GET, HEAD");
        expect(errorSchema.safeParse(await response.json()).success).toBe(true);
      }
    }
  });

  test("compresses when the client accepts it, the same answer under the same ETag", async ({ request }) => {
    const path = `${MONTHLY}?indicator=tas&geo=IND&scenario=ssp585`;
    const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"]) {
      for (const round of [1, 2]) {
        const response = await request.get(path, { headers: { "Accept-Encoding": encoding } });
        const headers = response.headers();
        expect(headers["content-encoding"], `${encoding} ${round}`).toBe(encoding);
        expect(headers["vary"]).toContain("Accept-Encoding");
        expect(headers["etag"]).toBe(plain.headers()["etag"]);
        expect(headers["x-sample-data"]).toBe("true");
        expect(await response.text()).toBe(await plain.text());
      }
    }
    const small = await request.get(`${ANNUAL}?indicator=tas&geo=NPL&model=MIROC6&start=2000&end=2000`, { headers: { "Accept-Encoding": "gzip;q=0.5, br;q=0" } });
    expect(small.headers()["content-encoding"]).toBe("gzip");
    expect(seriesResponseSchema.safeParse(await small.json()).success).toBe(true);
  });

  test("leaves other /api paths to the catch-all", async ({ request }) => {
    for (const path of ["/api/cmip6/v2/monthly?indicator=tas&geo=NPL", "/api/cmip6/annual/extra", "/api/cmip6/monthly"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(errorSchema.parse(await response.json()).error.message).toBe("No API endpoint at this path");
    }
  });
});
