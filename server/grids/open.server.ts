import path from "node:path";
import type { Env } from "../env.server";
import type { Seeds } from "../seeds.server";
import { loadGeoFeatures } from "../series/ingest/ingest.server";
import type { SeriesService } from "../series/service.server";
import { SampleGridStore } from "./sample/sample-grid-store";
import type { GridStore } from "./store";

/**
 * The store the grid API answers from: the sample fields, generated from the place series the series
 * service answers and the shipped outlines (`seeds/geo`). Ingested files go in front of it with
 * `LayeredGridStore`.
 */
export async function openGridStore(options: { env: Env; seeds: Seeds; series: SeriesService }): Promise<GridStore> {
  const { seeds, series } = options;
  const geoDir = path.resolve(process.env.SEEDS_DIR || "seeds", "geo");
  const sample = new SampleGridStore({ series, warmingLevels: seeds.warmingLevels, features: loadGeoFeatures(geoDir, seeds) });
  return sample;
}
