/**
 * Observational gridded datasets the portal ingests (`npm run ingest -- --observed NAME`) and serves as the
 * scenario `observed`, with the dataset's id in place of a model id. This list is the one place that names
 * them: the ingest's recognition and variable mapping (server/series/ingest/observed.ts), the series API
 * (which keeps observations apart from model ensembles), the ingested store's provenance and the pages.
 * They are not seeds: the sample generator never makes observations, so `observed` exists only where
 * files were ingested (docs/decisions/021-observations.md). Browser code reads this module: no zod here.
 */

export { OBSERVED, OBSERVATION_IDS } from "./ids";

/** Years the series API serves observations for (within the portal's year range). */
export const OBSERVED_PERIOD = { start: 1950, end: 2025 } as const;

export interface ObservationDataset {
  /** Id used as the `model` of the series (`chirps-v2.0`). */
  id: string;
  /** Names `--observed` accepts for it (the first is the documented one). */
  flags: readonly string[];
  name: string;
  version: string;
  /** Licence or terms of use, as the producer states them, and where. */
  licence: string;
  /** The reference to cite. */
  reference: string;
  /** Short citation for tables and CSV headers. */
  cite: string;
  url: string;
  /** Grid spacing of each portal variable the dataset gives, degrees. */
  resolution: Readonly<Partial<Record<"pr" | "tas" | "tasmax" | "tasmin", number>>>;
  /** What it covers. */
  coverage: string;
  /** First year of the record. */
  since: number;
}

export const OBSERVATION_DATASETS: readonly ObservationDataset[] = [
  {
    id: "chirps-v2.0",
    flags: ["chirps", "chirps-v2.0"],
    name: "CHIRPS (Climate Hazards Group InfraRed Precipitation with Station data)",
    version: "2.0",
    licence:
      "Public domain: the Climate Hazards Center waives copyright (CC0, as stated on https://www.chc.ucsb.edu/data/chirps); some catalogues list CC BY 3.0: cite Funk et al. (2015) either way",
    reference:
      "Funk, C., Peterson, P., Landsfeld, M., et al. (2015). The climate hazards infrared precipitation with stations: a new environmental record for monitoring extremes. Scientific Data 2, 150066. doi:10.1038/sdata.2015.66",
    cite: "Funk et al. 2015",
    url: "https://www.chc.ucsb.edu/data/chirps",
    resolution: { pr: 0.05 },
    coverage: "50°S-50°N, land only, 1981 onwards (0.05° or 0.25°)",
    since: 1981,
  },
  {
    id: "era5",
    flags: ["era5"],
    name: "ERA5 reanalysis, daily statistics on single levels",
    version: "ERA5 (Copernicus Climate Change Service)",
    licence: "Licence to use Copernicus products (Copernicus Climate Change Service, Climate Data Store); cite the dataset and Hersbach et al. (2020)",
    reference:
      "Hersbach, H., Bell, B., Berrisford, P., et al. (2020). The ERA5 global reanalysis. Quarterly Journal of the Royal Meteorological Society 146, 1999-2049. doi:10.1002/qj.3803",
    cite: "Hersbach et al. 2020",
    url: "https://cds.climate.copernicus.eu/datasets/derived-era5-single-levels-daily-statistics",
    resolution: { pr: 0.25, tas: 0.25, tasmax: 0.25, tasmin: 0.25 },
    coverage: "global, 1940 onwards (0.25°)",
    since: 1940,
  },
  {
    id: "era5-land",
    flags: ["era5-land", "era5land"],
    name: "ERA5-Land reanalysis, daily statistics",
    version: "ERA5-Land (Copernicus Climate Change Service)",
    licence: "Licence to use Copernicus products (Copernicus Climate Change Service, Climate Data Store); cite the dataset and Muñoz-Sabater et al. (2021)",
    reference:
      "Muñoz-Sabater, J., Dutra, E., Agustí-Panareda, A., et al. (2021). ERA5-Land: a state-of-the-art global reanalysis dataset for land applications. Earth System Science Data 13, 4349-4383. doi:10.5194/essd-13-4349-2021",
    cite: "Muñoz-Sabater et al. 2021",
    url: "https://cds.climate.copernicus.eu/datasets/derived-era5-land-daily-statistics",
    resolution: { pr: 0.1, tas: 0.1, tasmax: 0.1, tasmin: 0.1 },
    coverage: "global land, 1950 onwards (0.1°)",
    since: 1950,
  },
  {
    id: "imd",
    flags: ["imd"],
    name: "IMD gridded daily rainfall (0.25°) and temperature (1°)",
    version: "IMD Pune gridded data (rainfall 1901 onwards, temperature 1951 onwards)",
    licence:
      "India Meteorological Department terms of supply (IMD Pune gridded data download page: free for research and education, cite Pai et al. 2014; not for resale); check the terms before redistributing the series",
    reference:
      "Pai, D. S., Sridhar, L., Rajeevan, M., Sreejith, O. P., Satbhai, N. S., Mukhopadhyay, B. (2014). Development of a new high spatial resolution (0.25° x 0.25°) long period (1901-2010) daily gridded rainfall data set over India and its comparison with existing data sets over the region. Mausam 65(1), 1-18",
    cite: "Pai et al. 2014",
    url: "http://www.imdpune.gov.in/Clim_Pred_LRF_New/Grided_Data_Download.html",
    resolution: { pr: 0.25, tasmax: 1, tasmin: 1 },
    coverage: "India (land), rainfall 1901 onwards at 0.25°, maximum and minimum temperature 1951 onwards at 1°",
    since: 1901,
  },
];

/** The dataset of an id (`chirps-v2.0`) or a `--observed` name (`chirps`), case-insensitive. */
export function observationDataset(name: string): ObservationDataset | undefined {
  const key = name.trim().toLowerCase();
  return OBSERVATION_DATASETS.find((d) => d.id === key || d.flags.includes(key));
}

/** The names `--observed` accepts, for usage and error messages. */
export const OBSERVED_FLAGS = OBSERVATION_DATASETS.map((d) => d.flags[0]);
