import type { Env } from "../env.server";
import type { Seeds } from "../seeds.server";
import { loadGeoFeatures, shippedGeoDir } from "../places/outlines.server";
import type { SeriesService } from "../series/service.server";
import { GridFileStore } from "./files/store";
import { SampleGridStore } from "./sample/sample-grid-store";
import { LayeredGridStore, type GridStore } from "./store";

/**
 * The store the grid API answers from: the fields the ingest wrote (CF NetCDF files in GRID_DIR) in front
 * of the sample fields, which are generated from the place series the series service answers and the
 * shipped outlines (`seeds/geo`).
 */
export async function openGridStore(options: { env: Env; seeds: Seeds; series: SeriesService }): Promise<GridStore> {
  const { seeds, series } = options;
  const sample = new SampleGridStore({ series, warmingLevels: seeds.warmingLevels, features: loadGeoFeatures(shippedGeoDir(), seeds) });
  const files = await GridFileStore.open(options.env.GRID_DIR, sample.axes);
  return files ? new LayeredGridStore(files, sample) : sample;
}
