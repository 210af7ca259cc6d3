import type { SeriesResponse } from "../cmip6/series";
import { bandPoints, type BandChartOptions } from "../cmip6/charts/specs";
import { ensembleStats } from "../cmip6/ensemble";
import { baselineMeans, changeFromBaseline, type ExportHeader } from "../cmip6/explorer/compute";
import { PROJECTION_WINDOWS } from "../cmip6/periods";
import { DROUGHT_CLASSES, DROUGHT_METHODS } from "../cmip6/drought";
import { displayDecimalsOf } from "../cmip6/indicatorRules";
import { mergeSources, sourceSummary, type SourceSummary } from "../cmip6/sources";
import { levelLabel, levelWindows, WARMING_LEVELS, type WarmingLevels } from "../cmip6/warmingLevels";
import type { PeriodChoice } from "../cmip6/windows";
import { chartView, type ChartView } from "./chartView";
import { coefficientOfVariation, standardDeviation } from "./compute";
import { windowShares, yearlyShareBlocks } from "./droughtShares";
import { petMethodSummary } from "./fao56";
import { levelNoteLines, type LevelNoteLines } from "./levelNote";
import { scenarioName, type AnalysisSelection } from "./selection";
import { detrend, DETRENDED_METHOD } from "./trend";
import { modelWindowValues } from "./windowValues";

/** The answers the variability page is computed from (`variabilityQueries`, in that order). */
export interface VariabilityAnswers {
  pr: SeriesResponse;
  tas: SeriesResponse;
  spi: SeriesResponse;
  spei: SeriesResponse;
}

/** Median and p10-p90 across models of each model's share (%) of a window's months in drought. */
export type ShareRange = [median: number | null, p10: number | null, p90: number | null];

/** One row of the variability table: a window and its statistics. */
export interface VariabilityRow {
  label: string;
  /** Rainfall CV raw and detrended (%), temperature SD raw and detrended (°C). */
  values: [number | null, number | null, number | null, number | null];
  /** SPI at or below -1 and -1.5, then SPEI at or below -1 and -1.5. */
  drought: ShareRange[];
}

/** What the variability page shows (decision 026). */
export interface ClimateVariabilityView {
  sample: boolean;
  sources: SourceSummary;
  title: string;
  /** Rainfall and temperature anomalies. */
  anomalies: ChartView[];
  drought: {
    /** What the drought columns are: indices, scale, reference, fitting, evapotranspiration, classes. */
    statement: string;
    /** Calendar months of model runs without a fit: how many, and the first five in words. */
    warnings: { count: number; shown: string[] };
    chart: ChartView;
  };
  rows: VariabilityRow[];
  level: LevelNoteLines;
  csv: { file: string; header: ExportHeader; columns: string[]; rows: (string | number | null)[][] };
}

/**
 * Per window, a statistic of each model's values over the window's years, then the median across models.
 * Historical years come from the historical run, later years from the scenario. A window per model (a
 * global warming level) takes each model's own years and leaves out models without a window.
 */
export function windowStatistic(
  data: SeriesResponse,
  scenario: string,
  window: PeriodChoice,
  statistic: (values: (number | null)[], years: number[]) => number | null,
): number | null {
  const blocks = data.series.filter((b) => b.scenario === "historical" || b.scenario === scenario);
  const perModel = Object.values(modelWindowValues(blocks, window, Object.keys(blocks[0]?.values ?? {}))).map(({ years, values }) =>
    values.length ? statistic(values, years) : null,
  );
  return ensembleStats(perModel.map((v) => [v]), 1).median[0];
}

/**
 * What the drought columns are, from the SPI and SPEI answers: index and scale, reference period,
 * distributions and fitting with their references, the evapotranspiration of SPEI's model runs, the classes.
 */
export function droughtStatement(spi: SeriesResponse, spei: SeriesResponse): string {
  const scale = spi.method?.scale ?? spei.method?.scale;
  const reference = spi.method?.reference ?? spei.method?.reference;
  const pet = petMethodSummary(Object.values(spei.method?.evapotranspiration ?? {}).map((byModel) => ({ values: byModel, methods: byModel })));
  const part = (code: "spi" | "spei") => `${code.toUpperCase()}: ${DROUGHT_METHODS[code].distribution}, ${DROUGHT_METHODS[code].fitting} (${DROUGHT_METHODS[code].cite})`;
  return (
    `SPI-${scale} and SPEI-${scale} (${scale}-month accumulation) fitted per calendar month over ${reference?.start}-${reference?.end} of each model's historical run, ` +
    `a scenario with its model's historical run in front; ${part("spi")}; ${part("spei")}; potential evapotranspiration of SPEI: ${pet}. ` +
    `Drought months: index at or below ${DROUGHT_CLASSES.moderate} (moderately dry or worse) and ${DROUGHT_CLASSES.severe} (severely dry or worse), the classes of McKee et al. (1993); ` +
    `each model's share of the window's months, then the median and 10th-90th percentiles across models.`
  );
}

/**
 * The variability page's view from its four answers: anomaly charts of annual rainfall and temperature,
 * the months-in-drought chart, the table per 20-year window and warming level (each model's own window),
 * the drought statement, the warming-level note and the CSV of the table.
 */
export function buildClimateVariabilityView(
  { pr, tas, spi, spei }: VariabilityAnswers,
  selection: AnalysisSelection,
  levels: WarmingLevels,
  place: string,
): ClimateVariabilityView {
  const answers = [pr, tas, spi, spei];
  const sample = answers.some((a) => a.sample);
  const scale = selection.scale;
  const anomalyChart = (data: SeriesResponse, title: string) => {
    const base = baselineMeans(data, selection.baseline);
    const blocks = data.series.map((b) => changeFromBaseline(b, base[b.scenario] ?? {}, data.indicator.decimals));
    const options: BandChartOptions = {
      labels: { title: `${title} anomaly, ${place}`, axis: `Anomaly (${data.indicator.units})`, units: data.indicator.units, decimals: displayDecimalsOf(data.indicator.code), sample, note: `against ${selection.baseline.label}, ensemble median and p10-p90 of each model's anomaly` },
      band: bandPoints(blocks),
      x: { title: "Year", type: "year" },
      rules: [0],
    };
    return chartView(`${title} anomaly`, `sacap-${data.indicator.code}-anomaly-${selection.geo}`, `Annual ${title.toLowerCase()} anomaly in ${place} against ${selection.baseline.label} (${data.indicator.units}).`, options);
  };
  const droughtBlocks = [spi, spei].flatMap((a) =>
    yearlyShareBlocks(a, DROUGHT_CLASSES.moderate).map((b) => ({ ...b, scenario: `${a.indicator.code.toUpperCase()}-${scale} ${b.scenario}` as never })),
  );
  const droughtChart = chartView(
    `Months in drought, SPI-${scale} and SPEI-${scale}`,
    `sacap-spi-spei-${scale}-${selection.geo}`,
    `Share of each year's months with SPI-${scale} or SPEI-${scale} at or below -1 in ${place}, historical and ${selection.scenario}: median and p10-p90 across models.`,
    {
      labels: {
        title: `Months in drought (SPI-${scale} and SPEI-${scale} at or below -1), ${place}`,
        axis: "Share of the year's months (%)",
        units: "%",
        decimals: 0,
        sample,
        note: "each model's share per year, ensemble median and p10-p90; reference 1985-2014",
      },
      band: bandPoints(droughtBlocks),
      x: { title: "Year", type: "year" },
      legend: "Index",
    },
  );
  const statement = droughtStatement(spi, spei);
  const warnings = [...(spi.warnings ?? []), ...(spei.warnings ?? [])];
  // the 20-year windows, then each warming level with each model's own window (the models that reach it)
  const levelList = WARMING_LEVELS.map((level) => levelWindows(levels, selection.scenario, level, pr.models));
  const windows: { label: string; period: PeriodChoice }[] = [
    ...[selection.baseline, ...PROJECTION_WINDOWS].map((w) => ({ label: w.label, period: w })),
    ...levelList.map((l) => ({ label: levelLabel(l.level), period: { byModel: l.periods } })),
  ];
  const prModels = Object.keys(pr.series[0]?.values ?? {});
  const counts = levelList.map((l) => ({ label: "Rainfall", windows: l, count: prModels.filter((m) => l.periods[m]).length, of: prModels.length }));
  const rows: VariabilityRow[] = windows.map(({ label, period: w }) => ({
    label,
    values: [
      windowStatistic(pr, selection.scenario, w, coefficientOfVariation),
      windowStatistic(pr, selection.scenario, w, (v, years) => coefficientOfVariation(detrend(years, v))),
      windowStatistic(tas, selection.scenario, w, standardDeviation),
      windowStatistic(tas, selection.scenario, w, (v, years) => standardDeviation(detrend(years, v))),
    ],
    drought: [spi, spei].flatMap((a) =>
      [DROUGHT_CLASSES.moderate, DROUGHT_CLASSES.severe].map((t): ShareRange => {
        const s = windowShares(a, selection.scenario, w, t);
        return [s.median, s.p10, s.p90];
      }),
    ),
  }));
  const droughtColumns = ["SPI", "SPEI"].flatMap((code) =>
    ["<= -1", "<= -1.5"].flatMap((t) => [`${code}-${scale} months ${t} (%) median`, `${code}-${scale} months ${t} (%) p10`, `${code}-${scale} months ${t} (%) p90`]),
  );
  const sources = sourceSummary(mergeSources(answers));
  return {
    sample,
    sources,
    title: `Year-to-year variability, ${place}`,
    anomalies: [anomalyChart(pr, "Rainfall"), anomalyChart(tas, "Temperature")],
    drought: {
      statement,
      warnings: { count: warnings.length, shown: warnings.slice(0, 5).map((w) => `${w.model} (${w.scenario}): ${w.message}`) },
      chart: droughtChart,
    },
    rows,
    level: levelNoteLines(counts, scenarioName(selection.scenario)),
    csv: {
      file: `sacap-variability-${selection.geo}`,
      header: {
        indicator: `pr, tas (annual); spi, spei (monthly, scale ${scale} months)`,
        units: "%, °C, % of months",
        geo: selection.geo,
        scenarios: ["historical", selection.scenario],
        models: ["ensemble"],
        period: "1950-2100",
        baseline: selection.baseline.label,
        view: "Variability by 20-year window and global warming level (each model's own window)",
        sample,
        windowMethod: "each model's statistic over the window's years (at a level, its own window), then the median across models",
        method: `${DETRENDED_METHOD} ${statement}`,
        sources: sources.text,
      },
      columns: ["window", "rainfall CV raw (%)", "rainfall CV detrended (%)", "temperature SD raw (°C)", "temperature SD detrended (°C)", ...droughtColumns],
      rows: rows.map((row) => [
        row.label,
        ...row.values.map((v) => (v === null ? null : Number(v.toFixed(3)))),
        ...row.drought.flatMap((d) => d.map((v) => (v === null ? null : Number(v.toFixed(2))))),
      ]),
    },
  };
}
