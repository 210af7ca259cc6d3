import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openGridNetcdf } from "../grids/files/netcdf";
import type { GridStore } from "../grids/store";
import { cellBounds, gridBounds, SOUTH_ASIA_AXES, type GridFieldResponse, type GridPointResponse } from "../../app/features/grids/grid";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { decodeIndexedPng } from "../grids/testing/decode-png";
import { FIXTURE_AXES, FixtureGridStore, isFixtureSea } from "../grids/testing/fixture-store";
import { GRID_BOUNDS_HEADER, GRID_ENDPOINT_PARAMS, gridAnswer, type GridEndpoint } from "./grid.server";
import type { RequestHeaders } from "./responses.server";

const store = new FixtureGridStore();
const noCache: RequestHeaders = { ifNoneMatch: null, acceptEncoding: null };
const ask = (endpoint: GridEndpoint, query: string, headers = noCache) => gridAnswer(store, endpoint, new URLSearchParams(query), headers);
const json = <T>(body: unknown) => JSON.parse(String(body)) as T;
const SELECTION = "indicator=tas&scenario=ssp245&season=annual&window=2040-2059";

describe("the grid API", () => {
  it("answers one statistic of a field, rounded to the indicator's decimals + 1, with its range, models, rule and provenance", async () => {
    const answer = await ask("field", SELECTION);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600", [SAMPLE_DATA_HEADER]: "true" });
    const field = json<GridFieldResponse>(answer.body);
    expect(field).toMatchObject({ statistic: "change", units: "°C", scenario: "ssp245", season: "annual", baseline: "1995-2014", sample: true, models: ["M1", "M2", "M3", "M4", "M5"], axes: FIXTURE_AXES });
    expect(field.window).toEqual({ code: "2040-2059", label: "2040-2059", kind: "years", start: 2040, end: 2059 });
    expect(field.values).toHaveLength(12 * 16);
    expect(field.values[0 * 16 + 14]).toBeNull(); // sea
    for (const v of field.values) if (v !== null) expect(Math.round(v * 100) / 100).toBe(v);
    expect(field.range.min).toBeLessThanOrEqual(field.range.p2!);
    expect(field.range.p98).toBeLessThanOrEqual(field.range.max!);
    expect(field.agreementRule).toMatch(/80 %/);
    expect(field.method).toContain("Change (ensemble median)");
    expect(field.excluded).toEqual([{ model: "M6", reason: "baseline not ingested" }]);
    const agreement = json<GridFieldResponse>((await ask("field", `${SELECTION}&statistic=agreement`)).body);
    expect(agreement.units).toBe("1");
    expect(agreement.values).toContain(0.6);
    const level = json<GridFieldResponse>((await ask("field", "indicator=pr&scenario=ssp585&window=gwl:2.0")).body);
    expect(level.window).toMatchObject({ code: "gwl:2.0", kind: "gwl", windows: { M1: { start: 2030, end: 2049 } } });
  });

  it("answers a point with the field's values at its cell, and a sea cell with nulls and a note", async () => {
    const { lat, lon } = cellBounds(FIXTURE_AXES, 9, 2);
    const point = json<GridPointResponse>((await ask("point", `${SELECTION}&lat=${lat + 0.2}&lon=${lon - 0.3}`)).body);
    expect(point.cell).toMatchObject({ row: 9, column: 2, lat, lon });
    for (const statistic of ["change", "p10", "p90", "baseline", "future"] as const) {
      const field = json<GridFieldResponse>((await ask("field", `${SELECTION}&statistic=${statistic}`)).body);
      expect(point.values[statistic], statistic).toBe(field.values[9 * 16 + 2]);
    }
    // the region of low agreement: three of five models
    expect(point.values.agreement).toEqual({ share: 0.6, agree: 3, count: 5, sign: 1, robust: false });
    expect(point.note).toBeUndefined();
    expect(isFixtureSea(0, 14)).toBe(true);
    const sea = cellBounds(FIXTURE_AXES, 0, 14);
    const answer = await ask("point", `${SELECTION}&lat=${sea.lat}&lon=${sea.lon}`);
    expect(answer.status).toBe(200);
    const empty = json<GridPointResponse>(answer.body);
    expect(empty.values).toEqual({ baseline: null, future: null, change: null, p10: null, p90: null, agreement: null });
    expect(empty.note).toMatch(/sea/);
  });

  it("refuses each bad parameter with a 400 naming it, and unknown parameters", async () => {
    const cases: [GridEndpoint, string, string][] = [
      ["field", "indicator=xyz", "indicator"],
      ["field", "scenario=ssp245", "indicator"],
      ["field", "indicator=tas&scenario=ssp126", "scenario"],
      ["field", "indicator=cdd&season=JJA", "season"],
      ["field", "indicator=tas&window=2030-2049", "window"],
      ["field", "indicator=tas&statistic=mean", "statistic"],
      ["field", "indicator=tas&colour=red", "colour"],
      ["point", `${SELECTION}&lat=abc&lon=80`, "lat"],
      ["point", `${SELECTION}&lat=25`, "lon"],
      ["point", `${SELECTION}&lat=50&lon=80`, "lat"],
      ["point", `${SELECTION}&lat=25&lon=95`, "lon"],
      ["point", `${SELECTION}&statistic=change&lat=25&lon=80`, "statistic"],
      ["image", `${SELECTION}&scale=3,1`, "scale"],
      ["image", `${SELECTION}&region=ATL`, "region"],
      ["image", `${SELECTION}&download=yes`, "download"],
      ["geotiff", `${SELECTION}&region=NPL`, "region"],
    ];
    for (const [endpoint, query, field] of cases) {
      const answer = await ask(endpoint, query);
      expect(answer.status, `${endpoint}?${query}`).toBe(400);
      expect(answer.headers["Cache-Control"]).toBe("no-store");
      const { error } = json<{ error: { status: number; message: string; details: { field: string } } }>(answer.body);
      expect(error.details.field, `${endpoint}?${query}`).toBe(field);
    }
    const outside = json<{ error: { details: { allowed: unknown } } }>((await ask("point", `${SELECTION}&lat=50&lon=80`)).body);
    expect(outside.error.details.allowed).toEqual({ min: 20, max: 32 });
  });

  it("takes every point within the range the 400 states, its edges included: an outer edge is the edge cell's", async () => {
    const { south, west, north, east } = gridBounds(FIXTURE_AXES);
    expect([south, west, north, east]).toEqual([20, 72, 32, 88]);
    const cellAt = async (lat: number, lon: number) => {
      const answer = await ask("point", `${SELECTION}&lat=${lat}&lon=${lon}`);
      expect(answer.status, `${lat},${lon}`).toBe(200);
      return json<GridPointResponse>(answer.body).cell;
    };
    // the four corners and the middle of each edge
    expect(await cellAt(north, east)).toMatchObject({ row: 11, column: 15 });
    expect(await cellAt(south, west)).toMatchObject({ row: 0, column: 0 });
    expect(await cellAt(north, west)).toMatchObject({ row: 11, column: 0 });
    expect(await cellAt(south, east)).toMatchObject({ row: 0, column: 15 });
    expect(await cellAt(north, 80.1)).toMatchObject({ row: 11, column: 8 });
    expect(await cellAt(25.1, east)).toMatchObject({ row: 5, column: 15 });
    // a point on an edge between cells is in the cell north and east of it
    expect(await cellAt(25, 80)).toMatchObject({ row: 5, column: 8 });
    // just beyond: a 400 with the same range
    for (const [lat, lon, field] of [
      [north + 1e-9, 80, "lat"],
      [25, east + 1e-9, "lon"],
      [south - 1e-9, 80, "lat"],
      [25, west - 1e-9, "lon"],
    ] as const) {
      const answer = await ask("point", `${SELECTION}&lat=${lat}&lon=${lon}`);
      expect(answer.status, `${lat},${lon}`).toBe(400);
      const { error } = json<{ error: { details: { field: string; allowed: unknown } } }>(answer.body);
      expect(error.details).toMatchObject({ field, allowed: field === "lat" ? { min: 20, max: 32 } : { min: 72, max: 88 } });
    }
  });

  it("answers 404 for a field the store does not have", async () => {
    for (const endpoint of ["field", "point", "image", "geotiff"] as const) {
      const answer = await ask(endpoint, `indicator=fd&window=2040-2059${endpoint === "point" ? "&lat=25&lon=80" : ""}`);
      expect(answer.status, endpoint).toBe(404);
    }
  });

  it("paints the field as a PNG with its bounds, an ETag (304 when the client has it) and a download name", async () => {
    const answer = await ask("image", `${SELECTION}&region=NPL`);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ "Content-Type": "image/png", [GRID_BOUNDS_HEADER]: "72,20,88,32", "Cache-Control": "public, max-age=3600" });
    expect(answer.headers["Content-Disposition"]).toBeUndefined();
    const image = decodeIndexedPng(answer.body as Uint8Array);
    expect(image.width).toBe(16 * 4);
    const again = await ask("image", `${SELECTION}&region=NPL`, { ifNoneMatch: answer.headers.ETag, acceptEncoding: null });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    const download = await ask("image", `${SELECTION}&region=NPL&download=1`);
    expect(download.headers["Content-Disposition"]).toBe('attachment; filename="sacap_tas_ssp245_annual_2040-2059_change_NPL.png"');
    // another region, scale or statistic is another image
    const other = await ask("image", `${SELECTION}&region=ganges&scale=-1,1`);
    expect(other.headers.ETag).not.toBe(answer.headers.ETag);
  });

  it("keeps painted images: a second request reads no field", async () => {
    await ask("image", `${SELECTION}&statistic=p90`);
    const before = store.asked;
    const answer = await ask("image", `${SELECTION}&statistic=p90`);
    expect(answer.status).toBe(200);
    expect(store.asked).toBe(before);
  });

  it("gives the field as a GeoTIFF download", async () => {
    const answer = await ask("geotiff", `indicator=pr&scenario=ssp585&window=gwl:2.0&statistic=p10`);
    expect(answer.status).toBe(200);
    expect(answer.headers["Content-Type"]).toMatch(/^image\/tiff/);
    expect(answer.headers["Content-Disposition"]).toBe('attachment; filename="sacap_pr_ssp585_annual_gwl2.0_p10.tif"');
    const bytes = answer.body as Uint8Array;
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe("II");
  });

  it("paints a South Asia field within the size bound, over the grid's bounds (its time: bench/grid.mjs)", async () => {
    const big = new FixtureGridStore(SOUTH_ASIA_AXES);
    for (const window of ["2020-2039", "2040-2059", "2060-2079", "2080-2099"]) {
      const q = `indicator=tas&window=${window}&region=IND`;
      await big.field({ indicator: "tas", scenario: "ssp245", season: "annual", window }); // the store's own work is not the painter's
      const answer = await gridAnswer(big, "image", new URLSearchParams(q), noCache);
      expect(answer.status).toBe(200);
      expect((answer.body as Uint8Array).length).toBeLessThanOrEqual(60 * 1024);
      expect(answer.headers[GRID_BOUNDS_HEADER]).toBe("60,5,100,40");
    }
    expect(gridBounds(SOUTH_ASIA_AXES)).toEqual({ west: 60, south: 5, east: 100, north: 40 });
  });

  it("lists the parameters of each endpoint", () => {
    expect(GRID_ENDPOINT_PARAMS.point).toEqual(["indicator", "scenario", "season", "window", "lat", "lon"]);
    expect(GRID_ENDPOINT_PARAMS.image).toContain("region");
  });

  it("gives every statistic of the field's window as a CF NetCDF-4 download that reads back to the field", async () => {
    const answer = await ask("netcdf", "indicator=tas&window=2040-2059&statistic=p90");
    expect(answer.status).toBe(200);
    expect(answer.headers["Content-Type"]).toBe("application/x-netcdf");
    expect(answer.headers["Content-Disposition"]).toBe('attachment; filename="sacap_tas_ssp245_annual_2040-2059.nc"');
    const bytes = answer.body as Uint8Array;
    // HDF5's signature: a NetCDF-4 file
    expect(Buffer.from(bytes.subarray(0, 8)).toString("latin1")).toBe("\x89HDF\r\n\x1a\n");
    const dir = mkdtempSync(path.join(tmpdir(), "grid-nc-"));
    try {
      const file = path.join(dir, "f.nc");
      writeFileSync(file, bytes);
      const nc = await openGridNetcdf(file);
      const field = (await store.field({ indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059" }))!;
      try {
        expect(nc.attributes.Conventions).toBe("CF-1.8");
        expect(nc.attributes.sample).toBe("true");
        expect(String(nc.attributes.references)).toMatch(/IPCC AR6/);
        expect(nc.axes).toEqual(field.axes);
        for (const name of ["change", "p10", "p90", "baseline", "future", "agreement"] as const) {
          expect(Array.from(nc.read(name) as Float32Array), name).toEqual(Array.from(field[name]));
          expect(nc.variableAttributes(name).units).toBe(name === "agreement" ? "1" : field.indicator.units);
        }
        expect(Array.from(nc.read("model_count"))).toEqual(Array.from(field.count));
      } finally {
        nc.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 404 for a field no model has values for, with the models left out and why", async () => {
    const full = (await store.field({ indicator: "tas", scenario: "ssp245", season: "annual", window: "gwl:4.0" }))!;
    const empty: GridStore = {
      axes: store.axes,
      version: () => "empty-1",
      field: async () => ({ ...full, models: [], excluded: [{ model: "M1", reason: "does not reach +4 °C by 2100 under SSP2-4.5" }] }),
    };
    for (const endpoint of ["field", "point", "image", "geotiff", "netcdf"] as const) {
      const answer = await gridAnswer(empty, endpoint, new URLSearchParams(`indicator=tas&window=gwl:4.0${endpoint === "point" ? "&lat=27&lon=84" : ""}`), noCache);
      expect(answer.status, endpoint).toBe(404);
      expect(JSON.stringify(answer.body)).toMatch(/no model has values/);
    }
  });
});
