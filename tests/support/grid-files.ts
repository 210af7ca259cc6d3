import { mkdirSync } from "node:fs";
import path from "node:path";
import type { GridAxes } from "../../app/features/grids/grid";
import { writeTestGridFile } from "../../server/grids/testing/write-grid-file";

/**
 * The gridded files the MapServer tests serve, in the agreed layout (`${dir}/${indicator}_${scenario}_${season}.nc`).
 * Until the ingest writes them these come from the test writer; to serve the ingest's files instead, make
 * `gridFilesFor` call the ingest (the tests only see the directory).
 */
export const gridFilesFor = (dir: string) => writeFixtureGridFiles(dir);

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
