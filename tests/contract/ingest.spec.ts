import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeTestNetcdf } from "../../server/series/ingest/testing/write-netcdf";
import { runPortal, startPortal } from "../support/portal";

/**
 * The operator's path end to end with the production build: `npm run ingest` (build/server/ingest.js)
 * loads NetCDF files into a series database, and a portal started with SERIES_DB answers from them,
 * marked as ingested, and from the sample store elsewhere.
 */

const LAT = Array.from({ length: 20 }, (_, i) => 20.5 + i);
const LON = Array.from({ length: 20 }, (_, i) => 75.5 + i);
const file = (variable: string) => `${variable}_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2015.nc`;

test.describe("ingested series", () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  let db: string;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "sacap-ingest-contract-"));
    db = path.join(dir, "series.db");
    const common = { lat: LAT, lon: LON, time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2015-01-01", calendar: "noleap" };
    await writeTestNetcdf({ ...common, path: path.join(dir, file("tasmax")), variable: "tasmax", units: "K", value: () => 273.15 + 31 });
    await writeTestNetcdf({ ...common, path: path.join(dir, file("tas")), variable: "tas", units: "K", value: () => 273.15 + 24.5 });
  });
  test.afterAll(async () => {
    portal?.process.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test("npm run ingest loads the files, then a portal with SERIES_DB answers from them", async () => {
    test.slow();
    const run = spawnSync(process.execPath, ["build/server/ingest.js", dir, "--to", `file:${db}`, "--json"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.ingested.sort()).toEqual([file("tas"), file("tasmax")]);
    expect(run.stderr).toMatch(/files 2\/2/);
    expect(run.stderr).toMatch(/2 file\(s\) ingested, 0 already there, 0 failed/);

    portal = await startPortal({ SERIES_DB: `file:${db}` });
    const real = await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2016`);
    expect(real.status).toBe(200);
    expect(real.headers.get("x-sample-data")).toBeNull();
    const body = await real.json();
    expect(body.sample).toBe(false);
    expect(body.series[0].values["ACCESS-CM2"]).toEqual([24.5, null]);
    const id = body.series[0].sources["ACCESS-CM2"];
    expect(body.provenance[id].source).toContain(file("tas"));
    expect(body.provenance[id].sample).toBe(false);

    const su = await (await fetch(`${portal.url}/api/cmip6/annual?indicator=su&geo=BTN&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2015`)).json();
    expect(su.series[0].values["ACCESS-CM2"]).toEqual([365]);
    expect(su.series[0].coverage["ACCESS-CM2"]).toBeGreaterThan(0.99);
    // the test grid (20-40 N, 75-95 E) covers only part of India: India gets nothing from it, and the
    // summary says how much was covered; the answer for India stays the sample series
    expect(summary.partial).toContainEqual({ files: expect.stringContaining(file("tas")), geo: "IND", coverage: expect.any(Number) });
    expect(summary.partial.find((p: { geo: string }) => p.geo === "IND").coverage).toBeLessThan(0.99);
    const india = await (await fetch(`${portal.url}/api/cmip6/annual?indicator=su&geo=IND&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2015`)).json();
    expect(india.series[0].sources["ACCESS-CM2"]).toBe("sample");

    const mixed = await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2,MIROC6&start=2015&end=2015`);
    expect(mixed.headers.get("x-sample-data")).toBe("true");
    const mixedBody = await mixed.json();
    expect(mixedBody.series[0].sources).toEqual({ "ACCESS-CM2": id, MIROC6: "sample" });

    const page = await (await fetch(`${portal.url}/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2015`)).text();
    // the projection is ingested, its 1995-2014 baseline (the historical run) is sample: the page says mixed
    expect(page).toContain("Ingested and sample data");
    expect(page).toContain(file("tas"));
    expect(page).toMatch(/ingested data for 1 model run \(ACCESS-CM2 \(ssp245\)\), generated sample data for the other 1 model run \(1 historical\)/);
    const mixedPage = await (await fetch(`${portal.url}/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245&model=ACCESS-CM2,MIROC6&start=2015&end=2015`)).text();
    expect(mixedPage).toContain("Ingested and sample data");
    expect(mixedPage).toMatch(/ingested data for 1 model run \(ACCESS-CM2 \(ssp245\)\), generated sample data for the other 3 model runs \(1 ssp245, 2 historical\)/);

    // a second run finds every file ingested
    const again = spawnSync(process.execPath, ["build/server/ingest.js", dir, "--to", `file:${db}`, "--json"], { encoding: "utf8" });
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).skipped).toHaveLength(2);
  });

  test("a SERIES_DB that cannot be opened stops the portal with a message naming the setting", async () => {
    test.slow();
    const result = await runPortal({ SERIES_DB: `file:${path.join(dir, "missing", "series.db")}` });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/SERIES_DB: cannot open the series database/);
  });
});

test.describe("spells across years and operator outlines through the command", () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  test.afterAll(() => {
    portal?.process.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a dry season read one year at a time, later year first, is one spell in the year it ends; --places outlines are used and checked", async () => {
    test.slow();
    dir = mkdtempSync(path.join(tmpdir(), "sacap-ingest-spells-"));
    const db = path.join(dir, "series.db");
    // 2015: rain every day but ten dry days from day 50 and the dry season from day 300; 2016: dry for 40 days
    const rain: Record<number, (t: number) => number> = { 2015: (t) => ((t >= 50 && t < 60) || t >= 300 ? 0 : 3), 2016: (t) => (t < 40 ? 0 : 3) };
    for (const year of [2015, 2016]) {
      mkdirSync(path.join(dir, String(year)));
      await writeTestNetcdf({
        path: path.join(dir, String(year), `pr_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_${year}.nc`), variable: "pr", units: "kg m-2 s-1", lat: LAT, lon: LON,
        time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: `days since ${year}-01-01`, calendar: "noleap", value: (t) => rain[year](t) / 86400,
      });
    }
    const places = path.join(dir, "nepal.geojson");
    const outline = (rings: number[][][]) => JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { code: "NPL" }, geometry: { type: "Polygon", coordinates: rings } }] });
    writeFileSync(places, outline([[[84, 27], [86, 27], [86, 28], [84, 28], [84, 27]]]));
    const ingest = (folder: string, outlines = places) => spawnSync(process.execPath, ["build/server/ingest.js", path.join(dir, folder), "--to", `file:${db}`, "--places", outlines, "--variable", "pr", "--json"], { encoding: "utf8" });
    for (const year of ["2016", "2015"]) {
      const run = ingest(year);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).ingested).toHaveLength(1);
    }
    // an outline that crosses itself stops the command before anything is read
    const crossing = path.join(dir, "crossing.geojson");
    writeFileSync(crossing, outline([[[80, 26], [88, 30], [88, 26], [81, 29], [80, 26]]]));
    const refused = ingest("2015", crossing);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("--places crossing.geojson: feature 1 (NPL): self-intersection");

    portal = await startPortal({ SERIES_DB: `file:${db}` });
    const answer = async (indicator: string) => {
      const body = await (await fetch(`${portal!.url}/api/cmip6/annual?indicator=${indicator}&geo=NPL&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2016`)).json();
      expect(body.series[0].sources["ACCESS-CM2"]).not.toBe("sample");
      return body.series[0].values["ACCESS-CM2"];
    };
    // the 65 dry days of 2015 and the 40 of 2016 are one spell of 105 days, counted in 2016
    expect(await answer("cdd")).toEqual([10, 105]);
    expect(await answer("cwd")).toEqual([240, 325]);
  });
});

test.describe("places an operator's outlines add", () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  test.afterAll(() => {
    portal?.process.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a district the --places file adds gets its series, and a portal on that database lists it and answers for it", async () => {
    test.slow();
    dir = mkdtempSync(path.join(tmpdir(), "sacap-ingest-added-"));
    const db = path.join(dir, "series.db");
    const common = { lat: LAT, lon: LON, time: Array.from({ length: 365 }, (_, t) => t + 0.5), timeUnits: "days since 2015-01-01", calendar: "noleap" };
    await writeTestNetcdf({ ...common, path: path.join(dir, file("tas")), variable: "tas", units: "K", value: () => 273.15 + 26.25 });
    const places = path.join(dir, "districts.geojson");
    const lucknow = [[[80.7, 26.65], [81.1, 26.65], [81.1, 27.05], [80.7, 27.05], [80.7, 26.65]]];
    writeFileSync(places, JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { code: "IN-UP-LKO", name: "Lucknow", country: "IND", kind: "District" }, geometry: { type: "Polygon", coordinates: lucknow } }] }));
    const run = spawnSync(process.execPath, ["build/server/ingest.js", path.join(dir, file("tas")), "--to", `file:${db}`, "--places", places, "--json"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).added).toEqual([{ code: "IN-UP-LKO", name: "Lucknow", country: "IND" }]);
    expect(run.stderr).toContain("districts.geojson adds 1 place(s): IN-UP-LKO (Lucknow, IND)");

    portal = await startPortal({ SERIES_DB: `file:${db}` });
    const geos = await (await fetch(`${portal.url}/api/cmip6/list/geos`)).json();
    expect(geos).toHaveLength(184);
    expect(geos[183]).toMatchObject({ field_value: "IN-UP-LKO", name: "Lucknow", field_geotype: "State", field_country: "IND", added: true });

    const answer = await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=IN-UP-LKO&scenario=ssp245&model=ACCESS-CM2&start=2015&end=2015`);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.sample).toBe(false);
    expect(body.geo).toMatchObject({ code: "IN-UP-LKO", name: "Lucknow" });
    expect(body.series[0].values["ACCESS-CM2"]).toEqual([26.25]);
    expect(body.series[0].coverage["ACCESS-CM2"]).toBeGreaterThan(0.99);

    // its profile says whose outline it is, and the sitemap lists it
    const profile = await fetch(`${portal.url}/profiles/lucknow`);
    expect(profile.status).toBe(200);
    const page = await profile.text();
    expect(page).toContain("Outline: an operator&#x27;s own (--places).");
    expect(await (await fetch(`${portal.url}/sitemap.xml`)).text()).toContain("/profiles/lucknow</loc>");
    // its locator map draws the operator's outline (a square in the drawing's colour of the chosen place)
    const map = await (await fetch(`${portal.url}/profiles/lucknow/map.svg`)).text();
    expect(map).not.toContain("Its outline is not available.");
    expect(map).toMatch(/<path class="sacap-placemap__place" d="M[^"]+"/);
  });
});

test.describe("text from the files on the operator's terminal", () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("control characters of a file's title and name are shown as escapes, never written raw", async () => {
    test.slow();
    dir = mkdtempSync(path.join(tmpdir(), "sacap-ingest-terminal-"));
    const db = path.join(dir, "series.db");
    const grid = { lat: Array.from({ length: 8 }, (_, i) => 27.125 + 0.25 * i), lon: Array.from({ length: 8 }, (_, i) => 84.125 + 0.25 * i), names: { lat: "latitude", lon: "longitude" } };
    const year = { time: Array.from({ length: 365 }, (_, t) => t), timeUnits: "days since 2015-01-01", calendar: "gregorian", units: "mm/day", value: () => 4 };
    // recognised as CHIRPS by its title, which also turns the terminal red and rings its bell
    await writeTestNetcdf({ ...grid, ...year, path: path.join(dir, "rain.nc"), variable: "precip", attributes: { title: "CHIRPS Version 2.0 \x1b[31mred\x07" } });
    // a name that would set the terminal's title: ignored (no dataset the portal knows), and named in the summary
    await writeTestNetcdf({ ...grid, ...year, path: path.join(dir, "plain.nc"), variable: "precip" });
    renameSync(path.join(dir, "plain.nc"), path.join(dir, "plain\x1b]0;owned\x07.nc"));

    const run = spawnSync(process.execPath, ["build/server/ingest.js", dir, "--to", `file:${db}`, "--json"], { encoding: "utf8" });
    expect(run.stderr).toContain('rain.nc: chirps-v2.0 (title "CHIRPS Version 2.0 \\u001b[31mred\\u0007")');
    expect(run.stderr).toContain("ignored plain\\u001b]0;owned\\u0007.nc: ");
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    // JSON keeps the text as it is, escaped the JSON way
    expect(JSON.parse(run.stdout).ignored).toEqual([{ file: "plain\x1b]0;owned\x07.nc", reason: expect.any(String) }]);
  });
});
