import type { ExportHeader } from "../cmip6/explorer/compute";
import { DAYS_IN_MONTH } from "../cmip6/periods";
import type { SeriesResponse } from "../cmip6/series";
import { mergeSources, sourceSummary, type SourceSummary } from "../cmip6/sources";
import type { LevelWindows, WarmingLevels } from "../cmip6/warmingLevels";
import { leftOutList, mixedSourceModels, ONE_SOURCE_RULE, withoutModels, type Agreement } from "../cmip6/windows";
import { cycleChangeAgreement, cycleStats, MONTHS, variableModelCycles, waterBalanceModelCycles, type MonthStats } from "./cycles";
import { petMethodSummary } from "./fao56";
import { levelSeries } from "./levels";
import type { AnalysisSelection } from "./selection";

/**
 * The water-balance page's view (decision 026): what `/analytics/climate-water` shows, built from its four
 * series answers (precipitation and PET, baseline and future) by `buildWaterView`, on the server for the
 * page's loader and for `/api/views/analytics/climate-water`.
 */

/** What PET is, with its references (on screen and in the CSV). */
export const PET_METHOD =
  "Potential evapotranspiration (PET) is each model's monthly pet series: FAO-56 Penman-Monteith reference evapotranspiration " +
  "(Allen et al. 1998, eq. 6) computed per grid cell and day from maximum and minimum temperature, mean relative humidity, " +
  "shortwave radiation and 10 m wind (brought to 2 m by eq. 47), with pressure from the cell's elevation, then averaged over " +
  "the month and the place; Hargreaves-Samani (1985; FAO-56 eq. 52) from mean, maximum and minimum temperature for models " +
  "without humidity, radiation or wind. Sample series apply the same equations to the generator's monthly means.";
export const BALANCE_METHOD =
  "The water balance is precipitation minus PET, per model and month, averaged per calendar month over the baseline " +
  "(historical run) and the future window (chosen scenario); charts show the median across models with the 10th-90th " +
  "percentile band. Annual totals multiply the monthly medians by the days of each month.";

export const WATER_QUANTITIES = ["pr", "pet", "balance"] as const;
export type WaterQuantity = (typeof WATER_QUANTITIES)[number];

export interface WaterView {
  /** Whether any value behind the page is generated sample data. */
  sample: boolean;
  /** Where the series come from (sample, ingested or mixed), over the four answers. */
  sources: SourceSummary;
  /** The baseline, then the future window: ensemble median and p10-p90 per calendar month (mm/day). */
  periods: ({ label: string } & Record<WaterQuantity, MonthStats[]>)[];
  /** Annual totals of the monthly medians per period (mm a year). */
  totals: ({ label: string } & Record<WaterQuantity, number | null>)[];
  /** The future total minus the baseline total. */
  change: Record<WaterQuantity, number | null>;
  /** The models' agreement on the sign of their own change in the annual total. */
  agreement: Record<WaterQuantity, Agreement | null>;
  /** Which method made each model's PET, in one sentence. */
  petMethods: string;
  /** Models left out by the one-source rule, with the reason. */
  excluded: Record<string, string>;
  /** At a warming level: each model's window and the models in, per variable. */
  level?: { windows: LevelWindows; counts: { label: string; count: number; of: number }[] };
  /** The page's CSV: its header (without the sources line, which the page adds from `sources`), columns and rows. */
  csv: { header: ExportHeader; columns: string[]; rows: (string | number | null)[][] };
}

/**
 * Annual total (mm) of a cycle of daily rates (mm/day): each month's rate times its days. The days are the
 * 365-day calendar's, the sample data's; answers do not say an ingested run's calendar, whose mean month
 * lengths (standard: February 28.2425 days on average; 360_day: 30 days each) a climatological total of it
 * would take.
 */
export function annualTotal(cycle: readonly MonthStats[]): number | null {
  if (cycle.some((c) => c.median === null)) return null;
  return cycle.reduce((sum, c, i) => sum + c.median! * DAYS_IN_MONTH[i], 0);
}

/** A model's annual total from its monthly means (365-day months, as `annualTotal`). */
const modelTotal = (cycle: (number | null)[]) => (cycle.some((v) => v === null) ? null : cycle.reduce((sum: number, v, i) => sum + v! * DAYS_IN_MONTH[i], 0));

/**
 * The view of a selection from the answers of `windowQueries(selection, WATER_VARIABLES, levels)`, in their
 * order: precipitation baseline and future, then PET baseline and future.
 */
export function buildWaterView(selection: AnalysisSelection, levels: Pick<WarmingLevels, "rows"> | undefined, answers: readonly SeriesResponse[]): WaterView {
  const sample = answers.some((a) => a.sample);
  // queries alternate baseline, future per variable: pr, pet
  const futures = [0, 1].map((v) => answers[v * 2 + 1]);
  const level = levelSeries(selection, levels, futures);
  const at = (variable: number, future: boolean) => (future ? level.future(answers[variable * 2 + 1]) : level.baseline(answers[variable * 2]));
  // which method made each model's PET, over both periods' answers
  const petMethods = petMethodSummary([answers[2], answers[3]].flatMap((a) => a.series));
  // one source per model: a model whose precipitation and PET, baseline and future, are not all
  // ingested or all sample is in none of the numbers
  const excluded = mixedSourceModels([at(0, false), at(1, false)], [at(0, true), at(1, true)]);
  const leftOut = leftOutList(excluded);
  const models = [false, true].map((future) => ({
    pr: withoutModels(variableModelCycles(at(0, future)), excluded),
    pet: withoutModels(variableModelCycles(at(1, future)), excluded),
    balance: withoutModels(waterBalanceModelCycles(at(0, future), at(1, future)), excluded),
  }));
  const labels = [`${selection.baseline.label} (historical)`, `${selection.window.label} (${selection.scenario})`];
  const periods = models.map((m, i) => ({ label: labels[i], pr: cycleStats(m.pr), pet: cycleStats(m.pet), balance: cycleStats(m.balance) }));
  const totals = periods.map((p) => ({ label: p.label, pr: annualTotal(p.pr), pet: annualTotal(p.pet), balance: annualTotal(p.balance) }));
  const per = <T,>(f: (k: WaterQuantity) => T) => Object.fromEntries(WATER_QUANTITIES.map((k) => [k, f(k)])) as Record<WaterQuantity, T>;
  const change = per((k) => (totals[0][k] === null || totals[1][k] === null ? null : totals[1][k]! - totals[0][k]!));
  // do the models agree on the sign of their own change in the annual total?
  const agreement = per((k) => cycleChangeAgreement(models[0][k], models[1][k], modelTotal));
  const round = (v: number | null) => (v === null ? null : Number(v.toFixed(3)));
  return {
    sample,
    sources: sourceSummary(mergeSources(answers)),
    periods,
    totals,
    change,
    agreement,
    petMethods,
    excluded,
    ...(level.windows
      ? {
          level: {
            windows: level.windows,
            counts: [
              { label: "Precipitation", ...level.countOf([futures[0]]) },
              { label: "PET", ...level.countOf([futures[1]]) },
            ],
          },
        }
      : {}),
    csv: {
      header: {
        indicator: "pr, pet (potential evapotranspiration), pr - pet",
        units: "mm/day",
        geo: selection.geo,
        scenarios: ["historical", selection.scenario],
        models: ["ensemble"],
        period: `${selection.baseline.label} (historical), ${level.periodText} (${selection.scenario})`,
        view: "Monthly water balance",
        method: `${PET_METHOD} PET by model: ${petMethods}. ${BALANCE_METHOD} ${ONE_SOURCE_RULE}${leftOut ? ` left out: ${leftOut}.` : ""}`,
        sample,
      },
      columns: ["period", "month", "pr median", "PET median", "pr - PET median"],
      rows: periods.flatMap((p) => p.pr.map((c, i) => [p.label, MONTHS[i], round(c.median), round(p.pet[i].median), round(p.balance[i].median)])),
    },
  };
}
