import { agreementCell } from "../cmip6/AgreementMark";
import type { ExportHeader } from "../cmip6/explorer/compute";
import { THI_DEFINITIONS, THI_SPECIES, thiMethodText } from "../cmip6/livestockHeat";
import type { SeriesResponse } from "../cmip6/series";
import { mergeSources, sourceSummary, type SourceSummary } from "../cmip6/sources";
import type { LevelWindows, WarmingLevels } from "../cmip6/warmingLevels";
import { AGREEMENT_RULE, leftOutList, mixedSourceModels, ONE_SOURCE_RULE, withoutModels } from "../cmip6/windows";
import { variableModelCycles } from "./cycles";
import { levelSeries } from "./levels";
import { heatDayRows, livestockCodes, type HeatDayRow } from "./livestock";
import type { AnalysisSelection } from "./selection";

/**
 * The livestock heat-stress page's view (decision 026): what `/analytics/climate-livestock` shows, built
 * from the baseline and future series of each threshold's day count by `buildLivestockView`, on the server
 * for the page's loader and for `/api/views/analytics/climate-livestock`.
 */

export interface LivestockView {
  /** Whether any value behind the page is generated sample data. */
  sample: boolean;
  /** Where the series come from (sample, ingested or mixed), over every answer. */
  sources: SourceSummary;
  /** One table per threshold of the species, lowest first: days per month, season and year. */
  tables: { code: string; threshold: number; rows: HeatDayRow[] }[];
  /** Models left out by the one-source rule (in any threshold's table), with the reason. */
  excluded: Record<string, string>;
  /** At a warming level: each model's window and the models in. */
  level?: { windows: LevelWindows; count: number; of: number };
  /** The page's CSV: its header (without the sources line, which the page adds from `sources`), columns and rows. */
  csv: { header: ExportHeader; columns: string[]; rows: (string | number | null)[][] };
}

/**
 * The view of a selection from the answers of `livestockQueries(selection, levels)`, in their order: the
 * baseline and the future of each threshold's days.
 */
export function buildLivestockView(selection: AnalysisSelection, levels: Pick<WarmingLevels, "rows"> | undefined, answers: readonly SeriesResponse[]): LivestockView {
  const codes = livestockCodes(selection);
  const definition = THI_DEFINITIONS.find((d) => d.code === selection.thi)!;
  const species = THI_SPECIES.find((s) => s.code === selection.species)!;
  const sample = answers.some((a) => a.sample);
  const futures = answers.filter((_, i) => i % 2 === 1);
  const at = levelSeries(selection, levels, futures);
  const baseLabel = `${selection.baseline.label} (historical)`;
  const futureLabel = `${selection.window.label} (${selection.scenario})`;
  const tables = codes.map((c, k) => {
    const [base, future] = [at.baseline(answers[2 * k]), at.future(answers[2 * k + 1])];
    // one source per model: a model whose baseline and future differ in source is in neither
    const excluded = mixedSourceModels([base], [future]);
    return { code: c.code, threshold: c.threshold.value, excluded, rows: heatDayRows(withoutModels(variableModelCycles(base), excluded), withoutModels(variableModelCycles(future), excluded)) };
  });
  const excluded: Record<string, string> = Object.assign({}, ...tables.map((t) => t.excluded));
  const leftOut = leftOutList(excluded);
  const method = `${thiMethodText(selection.thi, selection.species)} Changes: each model's future minus its own baseline, then the median across models. ${AGREEMENT_RULE} ${ONE_SOURCE_RULE}${leftOut ? ` left out: ${leftOut}.` : ""}`;
  const round = (v: number | null) => (v === null ? null : Number(v.toFixed(2)));
  return {
    sample,
    sources: sourceSummary(mergeSources(answers)),
    tables: tables.map(({ code, threshold, rows }) => ({ code, threshold, rows })),
    excluded,
    ...(at.count ? { level: at.count } : {}),
    csv: {
      header: {
        indicator: `Days with THI at or above ${tables.map((t) => t.threshold).join(", ")} (${codes.map((c) => c.code).join(", ")}): ${species.name}, ${definition.label}`,
        units: "days",
        geo: selection.geo,
        scenarios: ["historical", selection.scenario],
        models: ["ensemble"],
        period: `${selection.baseline.label}, ${at.periodText}`,
        baseline: selection.baseline.label,
        view: "heat-stress days by month, season and year",
        sample,
        method,
        agreement: AGREEMENT_RULE,
      },
      columns: [
        "month or season",
        ...tables.flatMap((t) => [
          `THI>=${t.threshold} ${baseLabel} median`, "p10", "p90",
          `THI>=${t.threshold} ${futureLabel} median`, "p10", "p90",
          `THI>=${t.threshold} change (median of models)`, "agreement on the sign",
        ]),
      ],
      rows: tables[0].rows.map((_, i) => [
        tables[0].rows[i].label,
        ...tables.flatMap((t) => {
          const r = t.rows[i];
          return [round(r.baseline.median), round(r.baseline.p10), round(r.baseline.p90), round(r.future.median), round(r.future.p10), round(r.future.p90), round(r.change), agreementCell(r.agreement)];
        }),
      ]),
    },
  };
}
