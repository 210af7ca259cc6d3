import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GridAxes } from "../../app/features/grids/grid";
import { writeTestGridFile } from "../../server/grids/testing/write-grid-file";
import { writeTestNetcdf } from "../../server/series/ingest/testing/write-netcdf";

/**
 * The gridded files the browser test serves (`${dir}/${indicator}_${scenario}_${season}.nc`): written by
 * `npm run ingest` from daily files (`ingestedGridFiles`); the test needs tas_ssp245_annual with the
 * 2040-2059 window.
 */
export const gridFilesFor = (dir: string): Promise<unknown> => ingestedGridFiles(dir);

/**
 * The files as `npm run ingest` writes them (build/server/ingest.js, `--grids-to`, docs/grids.md): daily
 * tas of three models, historical 1995-2014 and SSP2-4.5 2015-2059, on 1° cells over Nepal, warming with
 * the years and more in the east, ingested into a scratch series database.
 */
export async function ingestedGridFiles(dir: string): Promise<void> {
  const daily = mkdtempSync(path.join(tmpdir(), "sacap-grid-daily-"));
  try {
    const [lat, lon] = [[26.5, 27.5, 28.5], [80.5, 81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5]];
    for (const [k, model] of ["ACCESS-CM2", "MIROC6", "CanESM5"].entries()) {
      for (const run of [{ scenario: "historical", start: 1995, end: 2014 }, { scenario: "ssp245", start: 2015, end: 2059 }]) {
        await writeTestNetcdf({
          path: path.join(daily, `tas_day_${model}_${run.scenario}_r1i1p1f1_gn_${run.start}-${run.end}.nc`),
          variable: "tas",
          units: "K",
          lat,
          lon,
          time: Array.from({ length: (run.end - run.start + 1) * 365 }, (_, t) => t + 0.5),
          timeUnits: `days since ${run.start}-01-01 00:00:00`,
          calendar: "noleap",
          chunkDays: 365,
          value: (t, r, c) => 273.15 + 15 + r + (run.start + Math.floor(t / 365) - 1995) * (0.02 + 0.01 * k) * (c - 2.5),
        });
      }
    }
    const run = spawnSync(
      process.execPath,
      ["build/server/ingest.js", daily, "--to", `file:${path.join(daily, "series.db")}`, "--grids-to", dir, "--min-coverage", "0"],
      { encoding: "utf8" },
    );
    if (run.status !== 0) throw new Error(`npm run ingest failed: ${run.stderr}`);
  } finally {
    rmSync(daily, { recursive: true, force: true });
  }
}

/** A small box over Nepal, 0.25° cells (16 rows, 32 columns). */
export const FIXTURE_AXES: GridAxes = { lat0: 26.125, lon0: 80.125, dlat: 0.25, dlon: 0.25, rows: 16, columns: 32 };

/**
 * Two files: annual mean temperature under SSP2-4.5 (warming growing west to east, the south-east corner
 * without values) and annual precipitation under SSP5-8.5 (drying in the west, wetter in the east, so the
 * models disagree in the middle). Five models.
 */
export async function writeFixtureGridFiles(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const models = ["ACCESS-CM2", "CanESM5", "EC-Earth3", "MIROC6", "NorESM2-MM"];
  const { rows, columns } = FIXTURE_AXES;
  const missing = (r: number, c: number) => r < 2 && c >= columns - 4;
  const tas = path.join(dir, "tas_ssp245_annual.nc");
  await writeTestGridFile({
    path: tas,
    indicator: "tas",
    scenario: "ssp245",
    season: "annual",
    axes: FIXTURE_AXES,
    units: "°C",
    longName: "Mean temperature",
    models,
    baseline: (m, r, c) => (missing(r, c) ? NaN : 24 - r * 0.6 + m * 0.2),
    future: (m, w, r, c) => (missing(r, c) ? NaN : 24 - r * 0.6 + m * 0.2 + (0.5 + (w % 4) * 0.6 + (w >= 4 ? 1 : 0)) * (0.4 + c / columns) + (m - 2) * 0.1),
  });
  const pr = path.join(dir, "pr_ssp585_annual.nc");
  await writeTestGridFile({
    path: pr,
    indicator: "pr",
    scenario: "ssp585",
    season: "annual",
    axes: FIXTURE_AXES,
    units: "mm",
    longName: "Precipitation",
    models,
    baseline: (m, r, c) => 900 + r * 60 + c * 10 + m * 15,
    future: (m, w, r, c) => 900 + r * 60 + c * 10 + m * 15 + (c - columns / 2) * (4 + w) + (m - 2) * 25,
  });
  return [tas, pr];
}
