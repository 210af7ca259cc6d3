import { ensembleStats } from "../cmip6/ensemble";
import type { ScenarioSeries } from "../cmip6/series";
import { ENSO_PHASES, mean, phaseYears, type CropEnsoSeason, type EnsoPhase, type OniPhases } from "./compute";

/**
 * ENSO composites of observed crop seasons and the historical runs' bias against the same observations.
 * Composites of free-running model years by observed ENSO phase carry no signal (the models have their own
 * El Nino years), so the page composites observations only and uses the models for their bias.
 */

/** Observational datasets each variable is taken from, in order of preference (the first with values). */
export const OBSERVED_PREFERENCE: Readonly<Record<"pr" | "tas", readonly string[]>> = {
  pr: ["chirps-v2.0", "imd", "era5-land", "era5"],
  tas: ["era5-land", "era5"],
};

/** The WMO climatological standard normal the composites are anomalies from, when the record covers it. */
export const COMPOSITE_BASELINE = { start: 1991, end: 2020 } as const;
/** Seasons of 1991-2020 a record needs for that baseline (80 %); else the record's own mean is used. */
export const BASELINE_MIN_SEASONS = 24;

/** The dataset of an observed answer's block to use: the first of `preference` with any value. */
export function pickDataset(block: Pick<ScenarioSeries, "values">, preference: readonly string[]): string | undefined {
  return preference.find((id) => block.values[id]?.some((v) => v !== null));
}

export interface ObservedComposite {
  phase: EnsoPhase;
  /** Seasons of the phase with an observed value. */
  years: number[];
  /** Mean of those seasons minus the baseline mean: in the variable's units, or percent of the baseline mean. */
  anomaly: number | null;
}

export interface ObservedComposites {
  baseline: { label: string; start: number; end: number; seasons: number; mean: number };
  composites: ObservedComposite[];
}

/**
 * Composites of one crop season's observed values by ENSO phase (NOAA's episode rule, `cropSeasonPhase`):
 * per phase, the mean of its seasons minus the mean of 1991-2020 when the record has 24 or more of those
 * seasons, else minus the mean of the whole record; rainfall (`percent`) as a percentage of that mean.
 * Null without any value.
 */
export function observedComposites(
  phases: OniPhases,
  season: CropEnsoSeason,
  years: readonly number[],
  values: readonly (number | null)[],
  percent: boolean,
): ObservedComposites | null {
  const observed = years.map((year, i) => ({ year, value: values[i] })).filter((r): r is { year: number; value: number } => r.value !== null && !Number.isNaN(r.value));
  if (observed.length === 0) return null;
  const normal = observed.filter((r) => r.year >= COMPOSITE_BASELINE.start && r.year <= COMPOSITE_BASELINE.end);
  const useNormal = normal.length >= BASELINE_MIN_SEASONS;
  const base = useNormal ? normal : observed;
  const baseMean = mean(base.map((r) => r.value))!;
  const baseline = useNormal
    ? { label: `${COMPOSITE_BASELINE.start}-${COMPOSITE_BASELINE.end}`, start: COMPOSITE_BASELINE.start, end: COMPOSITE_BASELINE.end, seasons: normal.length, mean: baseMean }
    : { label: "the whole record", start: observed[0].year, end: observed[observed.length - 1].year, seasons: observed.length, mean: baseMean };
  const byPhase = phaseYears(phases, season, observed.map((r) => r.year));
  const valueOf = new Map(observed.map((r) => [r.year, r.value]));
  const composites = ENSO_PHASES.map((phase) => {
    const m = mean(byPhase[phase].map((y) => valueOf.get(y)!));
    const anomaly = m === null ? null : percent ? (baseMean === 0 ? null : (100 * (m - baseMean)) / baseMean) : m - baseMean;
    return { phase, years: byPhase[phase], anomaly };
  });
  return { baseline, composites };
}

export interface ModelBias {
  /** Years both the observations and the historical run cover, with an observed value. */
  years: { start: number; end: number; count: number } | null;
  /** Models with a mean over those years. */
  models: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
}

/**
 * Each historical run's bias against the observations over their common years: the model's mean of the
 * season minus the observed mean of the same years (rainfall as a percentage of the observed mean), then
 * the median and 10th-90th percentiles across models. A model counts only with values in every common year.
 */
export function modelBias(
  observedYears: readonly number[],
  observedValues: readonly (number | null)[],
  historical: Pick<ScenarioSeries, "years" | "values">,
  percent: boolean,
): ModelBias {
  const obs = new Map<number, number>();
  observedYears.forEach((y, i) => {
    const v = observedValues[i];
    if (v !== null && !Number.isNaN(v)) obs.set(y, v);
  });
  const common = historical.years.filter((y) => obs.has(y));
  if (common.length === 0) return { years: null, models: 0, median: null, p10: null, p90: null };
  const obsMean = mean(common.map((y) => obs.get(y)!))!;
  const index = new Map(historical.years.map((y, i) => [y, i]));
  const biases = Object.values(historical.values).flatMap((series) => {
    const vals = common.map((y) => series[index.get(y)!]);
    if (vals.some((v) => v === null || v === undefined || Number.isNaN(v))) return [];
    const m = mean(vals)!;
    return [percent ? (obsMean === 0 ? NaN : (100 * (m - obsMean)) / obsMean) : m - obsMean];
  });
  const stats = ensembleStats(biases.map((b) => [b]), 1);
  return { years: { start: common[0], end: common[common.length - 1], count: common.length }, models: biases.length, median: stats.median[0], p10: stats.p10[0], p90: stats.p90[0] };
}

/** The method in sentences, with its references: on the page and in the CSV's `# method:` line. */
export const ENSO_METHOD =
  "ENSO phases by NOAA CPC's episode rule on the Oceanic Nino Index (NOAA CPC's table computed from ERSSTv6 Nino-3.4 anomalies, not the earlier ERSSTv5 one): an El Nino " +
  "(La Nina) episode is five or more consecutive overlapping three-month seasons with the ONI at or above +0.5 °C (at or " +
  "below -0.5 °C), values taken to one decimal as NOAA's table shows them, runs continuing across the new year. A crop " +
  "season is in a phase when more than half of the ONI seasons centred in its months are in that episode (kharif JJAS: MJJ, " +
  "JJA, JAS, ASO, 3 of 4; rabi NDJFM, labelled by the year it ends: OND, NDJ, DJF, JFM, FMA, 3 of 5), else neutral. " +
  "Composites: the mean of the observed seasons of each phase minus the observed 1991-2020 mean (the whole record's mean " +
  "when fewer than 24 of those seasons are observed), rainfall as a percentage of that mean. Model bias: each historical " +
  "run's mean over the years it shares with the observations minus the observed mean of those years (rainfall in percent), " +
  "median and 10th-90th percentiles across models. Free-running models are not composited: their El Nino years are not " +
  "the observed ones. References: NOAA CPC, Oceanic Nino Index, ERSSTv6 (cpc.ncep.noaa.gov); Funk et al. 2015 (CHIRPS); " +
  "Hersbach et al. 2020 (ERA5); Muñoz-Sabater et al. 2021 (ERA5-Land); Pai et al. 2014 (IMD).";
