import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { GRID_API, gridBounds, type GridFieldResponse, type GridPointResponse } from "../../app/features/grids/grid";

/**
 * The grid API (`GRID_API`, docs/grids.md "API and images"): one statistic of a gridded field as JSON, the
 * cell at a point, the field painted as a PNG and as a GeoTIFF; 400 naming each bad parameter, ETags and
 * the sample flag. The sample store has every valid selection, so the 404 of a field the store lacks is
 * checked with a test store in server/api/grid.server.test.ts.
 */
const SELECTION = "indicator=tas&scenario=ssp245&season=annual&window=2040-2059";
const KATHMANDU = { lat: 27.7, lon: 85.3 };
const ARABIAN_SEA = { lat: 15, lon: 65 };

const getJson = async <T>(request: APIRequestContext, url: string) => {
  const response = await request.get(url);
  return { response, body: (await response.json()) as T };
};

test.describe("the grid API", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a field: one statistic per cell, rounded, with its range, models, agreement rule and provenance", async ({ request }) => {
    const { response, body } = await getJson<GridFieldResponse>(request, `${GRID_API.field}?${SELECTION}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers()["etag"]).toMatch(/^"[^"]+"$/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    expect(body).toMatchObject({ statistic: "change", scenario: "ssp245", season: "annual", baseline: "1995-2014", units: body.indicator.units });
    expect(body.indicator.code).toBe("tas");
    expect(body.window).toMatchObject({ code: "2040-2059", kind: "years", start: 2040, end: 2059 });
    expect(body.values).toHaveLength(body.axes.rows * body.axes.columns);
    // rounded to the indicator's decimals + 1
    const decimals = body.indicator.decimals + 1;
    expect(body.values.filter((v) => v !== null && Math.round(v * 10 ** decimals) / 10 ** decimals !== v)).toEqual([]);
    // sea cells have no value, land cells do
    expect(body.values.some((v) => v === null)).toBe(true);
    expect(body.values.some((v) => v !== null)).toBe(true);
    expect(body.range.min!).toBeLessThanOrEqual(body.range.p2!);
    expect(body.range.p2!).toBeLessThanOrEqual(body.range.p98!);
    expect(body.range.p98!).toBeLessThanOrEqual(body.range.max!);
    expect(body.models.length).toBeGreaterThan(0);
    expect(body.agreementRule).toMatch(/at least 80 % of the models agree on its sign/);
    expect(body.method.length).toBeGreaterThan(0);
    expect(body.version.length).toBeGreaterThan(0);
    if (body.sample) expect(response.headers()["x-sample-data"]).toBe("true");
    // the same answer is a 304 for its ETag
    const again = await request.get(`${GRID_API.field}?${SELECTION}`, { headers: { "If-None-Match": response.headers()["etag"] } });
    expect(again.status()).toBe(304);
    // a share of models for agreement
    const agreement = await getJson<GridFieldResponse>(request, `${GRID_API.field}?${SELECTION}&statistic=agreement`);
    expect(agreement.body.units).toBe("1");
    expect(agreement.body.values.filter((v) => v !== null && !(v >= 0 && v <= 1))).toEqual([]);
  });

  test("a point: every statistic of its cell, equal to the fields' values there", async ({ request }) => {
    const { response, body } = await getJson<GridPointResponse>(request, `${GRID_API.point}?${SELECTION}&lat=${KATHMANDU.lat}&lon=${KATHMANDU.lon}`);
    expect(response.status()).toBe(200);
    const { row, column, bounds } = body.cell;
    expect(bounds.south <= KATHMANDU.lat && KATHMANDU.lat < bounds.north && bounds.west <= KATHMANDU.lon && KATHMANDU.lon < bounds.east).toBe(true);
    for (const statistic of ["change", "p10", "p90", "baseline", "future"] as const) {
      const field = (await getJson<GridFieldResponse>(request, `${GRID_API.field}?${SELECTION}&statistic=${statistic}`)).body;
      expect(body.values[statistic], statistic).toBe(field.values[row * field.axes.columns + column]);
      expect(body.values[statistic], statistic).not.toBeNull();
    }
    const agreement = (await getJson<GridFieldResponse>(request, `${GRID_API.field}?${SELECTION}&statistic=agreement`)).body;
    expect(body.values.agreement?.share).toBe(agreement.values[row * agreement.axes.columns + column]);
    expect(body.values.agreement?.robust).toBe(body.values.agreement!.agree / body.values.agreement!.count >= 0.8);
  });

  test("a point on the grid's outer edge: the edge cell, as the 400's inclusive max says", async ({ request }) => {
    // a point beyond the north-east corner names the range
    const beyond = await request.get(`${GRID_API.point}?${SELECTION}&lat=40.01&lon=100`);
    expect(beyond.status()).toBe(400);
    const { error } = (await beyond.json()) as { error: { details: { field: string; allowed: { min: number; max: number } } } };
    expect(error.details).toMatchObject({ field: "lat", allowed: { min: 5, max: 40 } });
    // the corner itself is the last row's last cell
    const { response, body } = await getJson<GridPointResponse>(request, `${GRID_API.point}?${SELECTION}&lat=40&lon=100`);
    expect(response.status()).toBe(200);
    const field = (await getJson<GridFieldResponse>(request, `${GRID_API.field}?${SELECTION}`)).body;
    expect(body.cell).toMatchObject({ row: field.axes.rows - 1, column: field.axes.columns - 1 });
    expect(body.cell.bounds).toMatchObject({ north: 40, east: 100 });
    // the south-west corner is the first cell
    const first = await getJson<GridPointResponse>(request, `${GRID_API.point}?${SELECTION}&lat=5&lon=60`);
    expect(first.response.status()).toBe(200);
    expect(first.body.cell).toMatchObject({ row: 0, column: 0 });
  });

  test("a sea cell: 200 with nulls and a note", async ({ request }) => {
    const { response, body } = await getJson<GridPointResponse>(request, `${GRID_API.point}?${SELECTION}&lat=${ARABIAN_SEA.lat}&lon=${ARABIAN_SEA.lon}`);
    expect(response.status()).toBe(200);
    expect(body.values).toEqual({ baseline: null, future: null, change: null, p10: null, p90: null, agreement: null });
    expect(body.note).toMatch(/sea/);
  });

  const BAD: [url: string, field: string][] = [
    [`${GRID_API.field}?indicator=xyz`, "indicator"],
    [`${GRID_API.field}?scenario=ssp245`, "indicator"],
    [`${GRID_API.field}?indicator=tas&scenario=ssp126`, "scenario"],
    [`${GRID_API.field}?indicator=fd&season=JJA`, "season"],
    [`${GRID_API.field}?indicator=tas&window=2030-2049`, "window"],
    [`${GRID_API.field}?indicator=tas&statistic=mean`, "statistic"],
    [`${GRID_API.field}?indicator=tas&colour=red`, "colour"],
    [`${GRID_API.point}?${SELECTION}&lat=north&lon=85`, "lat"],
    [`${GRID_API.point}?${SELECTION}&lat=27.7`, "lon"],
    [`${GRID_API.point}?${SELECTION}&lat=60&lon=85`, "lat"],
    [`${GRID_API.point}?${SELECTION}&lat=27.7&lon=120`, "lon"],
    [`${GRID_API.image}?${SELECTION}&scale=2,1`, "scale"],
    [`${GRID_API.image}?${SELECTION}&region=atlantis`, "region"],
    [`${GRID_API.image}?${SELECTION}&download=please`, "download"],
    [`${GRID_API.geotiff}?${SELECTION}&statistic=median`, "statistic"],
    [`${GRID_API.geotiff}?${SELECTION}&scale=1,2`, "scale"],
  ];
  test("400 naming each bad or unknown parameter", async ({ request }) => {
    for (const [url, field] of BAD) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(400);
      expect(response.headers()["cache-control"], url).toBe("no-store");
      const { error } = (await response.json()) as { error: { status: number; message: string; details: { field: string } } };
      expect(error.status, url).toBe(400);
      expect(error.details.field, url).toBe(field);
    }
  });

  test("the painted image: a PNG under 60 KB with its bounds, clipped to a region, 304 for its ETag, a download name", async ({ request }) => {
    const field = (await getJson<GridFieldResponse>(request, `${GRID_API.field}?${SELECTION}`)).body;
    const response = await request.get(`${GRID_API.image}?${SELECTION}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const { west, south, east, north } = gridBounds(field.axes);
    expect(response.headers()["x-grid-bounds"]).toBe([west, south, east, north].join(","));
    const png = await response.body();
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.length).toBeLessThanOrEqual(60 * 1024);
    expect(response.headers()["content-disposition"]).toBeUndefined();
    const again = await request.get(`${GRID_API.image}?${SELECTION}`, { headers: { "If-None-Match": response.headers()["etag"] } });
    expect(again.status()).toBe(304);
    const nepal = await request.get(`${GRID_API.image}?${SELECTION}&region=NPL&scale=-3,3`);
    expect(nepal.status()).toBe(200);
    expect((await nepal.body()).length).toBeLessThan(png.length);
    const download = await request.get(`${GRID_API.image}?${SELECTION}&region=ganges&download=1`);
    expect(download.headers()["content-disposition"]).toBe('attachment; filename="sacap_tas_ssp245_annual_2040-2059_change_ganges.png"');
  });

  test("the GeoTIFF: a TIFF download with a descriptive name", async ({ request }) => {
    const response = await request.get(`${GRID_API.geotiff}?${SELECTION}&statistic=p90`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^image\/tiff/);
    expect(response.headers()["content-disposition"]).toBe('attachment; filename="sacap_tas_ssp245_annual_2040-2059_p90.tif"');
    const tiff = await response.body();
    expect([...tiff.subarray(0, 4)]).toEqual([0x49, 0x49, 42, 0]);
    expect(tiff.length).toBeGreaterThan(1000);
    expect(tiff.length).toBeLessThan(1024 * 1024);
  });

  test("the NetCDF: a CF-1.8 download of the field that the netCDF library reads", async ({ request }) => {
    const response = await request.get(`${GRID_API.netcdf}?${SELECTION}&statistic=p90`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/x-netcdf");
    expect(response.headers()["content-disposition"]).toBe('attachment; filename="sacap_tas_ssp245_annual_2040-2059.nc"');
    expect(response.headers()["x-sample-data"]).toBe("true");
    const bytes = await response.body();
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("\x89HDF");
    // HDF5 reads a file it can seek in
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sacap-grid-nc-")), "field.nc");
    writeFileSync(file, bytes);
    const ncdump = spawnSync("ncdump", ["-h", file], { encoding: "utf8" });
    rmSync(path.dirname(file), { recursive: true, force: true });
    test.skip(ncdump.error !== undefined && !process.env.CI, "ncdump (Debian's netcdf-bin) is not installed");
    expect(ncdump.status, ncdump.stderr).toBe(0);
    for (const text of [':Conventions = "CF-1.8"', "float change(lat, lon)", "float agreement(lat, lon)", 'change:grid_mapping = "crs"', ':sample = "true"', "IPCC AR6"]) {
      expect(ncdump.stdout).toContain(text);
    }
  });

  test("the OpenAPI description lists the grid paths", async ({ request }) => {
    const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [GRID_API.field, GRID_API.point, GRID_API.image, GRID_API.geotiff, GRID_API.netcdf]) expect(Object.keys(document.paths)).toContain(path);
  });
});
