import { SOUTH_ASIA_AXES } from "../../app/features/grids/grid";
import type { Env } from "../env.server";
import type { Seeds } from "../seeds.server";
import type { SeriesService } from "../series/service.server";
import { GridFileStore } from "./files/store";
import { LayeredGridStore, type GridStore } from "./store";

/**
 * The store the grid API answers from. Until the sample generator and the ingested files are wired in,
 * it has no field (the API answers 404).
 */
export async function openGridStore(options: { env: Env; seeds: Seeds; series: SeriesService }): Promise<GridStore> {
  const sample: GridStore = { axes: SOUTH_ASIA_AXES, field: async () => undefined, version: () => "none" };
  // the fields the ingest wrote (GRID_DIR), in front of the others
  const files = await GridFileStore.open(options.env.GRID_DIR, sample.axes);
  return files ? new LayeredGridStore(files, sample) : sample;
}
