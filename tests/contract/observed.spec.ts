import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { writeTestNetcdf } from "../../server/series/ingest/testing/write-netcdf";
import { startPortal } from "../support/portal";

/**
 * Observations in the series API (docs/methods.md, Observations; decision 021): `scenario=observed` is
 * asked alone, models are dataset ids, and without ingested files (this server has SERIES_DB=none) the
 * answer is a 404: the sample generator never makes observations. After `npm run ingest -- --observed
 * chirps` of a small synthetic file, a portal with that SERIES_DB serves them and the ENSO page composites them.
 */

const errorSchema = z.strictObject({
  error: z.strictObject({ status: z.number().int(), message: z.string().min(1), details: z.record(z.string(), z.unknown()).optional() }),
});

test("scenario=observed without ingested observations is a 404 naming the scenario and how to load them", async ({ request }) => {
  for (const url of ["/api/cmip6/v1/monthly?indicator=pr&geo=NPL&scenario=observed&season=JJAS", "/api/cmip6/annual?indicator=tas&geo=IND&scenario=observed&model=era5"]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(response.headers()["x-sample-data"]).toBeUndefined();
    const body = errorSchema.parse(await response.json());
    expect(body.error.message).toMatch(/No observations of (pr|tas) for (NPL|IND) have been ingested \(npm run ingest -- --observed NAME FILES/);
    expect(body.error.details).toMatchObject({ field: "scenario", value: "observed" });
  }
});

test("observations never join a model ensemble: mixed scenarios, models with observed and datasets with models are 400s", async ({ request }) => {
  const cases: [string, string][] = [
    ["scenario=observed,historical", "scenario"],
    ["scenario=observed&model=ACCESS-CM2", "model"],
    ["scenario=observed&model=ensemble", "model"],
    ["scenario=historical&model=chirps-v2.0", "model"],
    ["model=imd", "model"],
    ["scenario=observed&window=2040-2059", "window"],
  ];
  for (const [query, field] of cases) {
    const response = await request.get(`/api/cmip6/annual?indicator=pr&geo=NPL&${query}`);
    expect(response.status(), query).toBe(400);
    const body = errorSchema.parse(await response.json());
    expect(body.error.details?.field, query).toBe(field);
  }
});

test("the OpenAPI description lists observed and the dataset ids", async ({ request }) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, { get: { parameters: { name: string; schema: { items?: { enum?: string[] } } }[] } }> };
  const params = doc.paths["/api/cmip6/annual"].get.parameters;
  expect(params.find((p) => p.name === "scenario")!.schema.items!.enum).toContain("observed");
  expect(params.find((p) => p.name === "model")!.schema.items!.enum).toEqual(expect.arrayContaining(["chirps-v2.0", "era5", "era5-land", "imd"]));
});

test.describe("after npm run ingest -- --observed chirps", () => {
  test.describe.configure({ timeout: 180_000 });
  let dir: string;
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  test.afterAll(() => {
    portal?.process.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the command takes the file as CHIRPS, the API serves it as observed and the ENSO page composites it", async () => {
    test.slow();
    dir = mkdtempSync(path.join(tmpdir(), "sacap-observed-"));
    const db = path.join(dir, "series.db");
    // 1991-2020 daily rain over Nepal on a 0.25° grid: 4 mm/day, 6 in 2010 (La Nina kharif), 3 in 2015 (El Nino kharif)
    const start = Date.UTC(1991, 0, 1);
    const days = Math.round((Date.UTC(2021, 0, 1) - start) / 86_400_000);
    const yearOf = (t: number) => new Date(start + t * 86_400_000).getUTCFullYear();
    await writeTestNetcdf({
      path: path.join(dir, "rain-1991-2020.nc"),
      lat: Array.from({ length: 20 }, (_, i) => 26.125 + 0.25 * i),
      lon: Array.from({ length: 36 }, (_, i) => 79.875 + 0.25 * i),
      names: { lat: "latitude", lon: "longitude" },
      variable: "precip",
      units: "mm/day",
      time: Array.from({ length: days }, (_, t) => t),
      timeUnits: "days since 1991-01-01",
      calendar: "gregorian",
      chunkDays: 366,
      value: (t) => ({ 2010: 6, 2015: 3 })[yearOf(t)] ?? 4,
    });
    const unknown = spawnSync(process.execPath, ["build/server/ingest.js", dir, "--observed", "gpcc", "--to", `file:${db}`], { encoding: "utf8" });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--observed must be one of chirps, era5, era5-land, imd, not "gpcc"');
    // without attributes the file is no dataset the portal knows: ignored, unless --observed says which
    const plain = spawnSync(process.execPath, ["build/server/ingest.js", dir, "--to", `file:${db}`, "--json"], { encoding: "utf8" });
    expect(JSON.parse(plain.stdout).ignored).toEqual([{ file: "rain-1991-2020.nc", reason: expect.stringContaining("attributes name no observational dataset") }]);
    const run = spawnSync(process.execPath, ["build/server/ingest.js", dir, "--observed", "chirps", "--to", `file:${db}`, "--json"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).ingested).toEqual(["rain-1991-2020.nc"]);

    portal = await startPortal({ SERIES_DB: `file:${db}` });
    const answer = await fetch(`${portal.url}/api/cmip6/v1/monthly?indicator=pr&geo=NPL&scenario=observed&season=JJAS&start=2009&end=2011`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-sample-data")).toBeNull();
    const body = await answer.json();
    expect(body.ensemble).toBe(false);
    expect(body.series[0].values["chirps-v2.0"]).toEqual([4, 6, 4]);
    expect(body.provenance[body.series[0].sources["chirps-v2.0"]].source).toContain("CHIRPS (Climate Hazards Group InfraRed Precipitation with Station data), version 2.0");
    expect((await fetch(`${portal.url}/api/cmip6/annual?indicator=tas&geo=NPL&scenario=observed`)).status).toBe(404);

    // the explorer lists them beside the models (server-rendered, no script needed), and not for tas
    const explorer = await (await fetch(`${portal.url}/cmip6-data?indicator=pr&geo=NPL`)).text();
    expect(explorer).toContain("Observations of pr for Nepal");
    expect(explorer).toMatch(/chirps-v2\.0, 1991-2020: CHIRPS \(Climate Hazards Group InfraRed Precipitation with Station data\), version 2\.0/);
    expect(explorer).toContain("/api/cmip6/annual?indicator=pr&amp;geo=NPL&amp;scenario=observed");
    expect(await (await fetch(`${portal.url}/cmip6-data?indicator=tas&geo=NPL`)).text()).not.toContain("Observations of");

    const page = await (await fetch(`${portal.url}/analytics/climate-crop/enso-crops?geo=NPL`)).text();
    expect(page).toContain("Observed composite anomalies by ENSO phase");
    expect(page).toContain("Historical runs against the observations");
    expect(page).not.toContain("Composites need observed data");
    // rainfall only: no temperature row is made up
    expect(page).not.toContain("Kharif temperature");
  });
});
