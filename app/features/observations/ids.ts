/**
 * The codes of observations in the series API, apart from the datasets' descriptions (`datasets.ts`), so
 * that the series query codec, which every chart page loads, carries a few bytes rather than the catalogue.
 */

/** The scenario code of observations in the series API and the series database. */
export const OBSERVED = "observed";

/** Ids of the observational datasets (`model` with `scenario=observed`), as `OBSERVATION_DATASETS` lists them. */
export const OBSERVATION_IDS: readonly string[] = ["chirps-v2.0", "era5", "era5-land", "imd"];
