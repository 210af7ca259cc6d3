import { MONTH_NAMES } from "../../app/features/cmip6/periods";
import { AGREEMENT_RULE, ONE_SOURCE_RULE, WINDOW_COMPLETENESS } from "../../app/features/cmip6/windows";
import { tableCitation, type WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { ONDEMAND_INDICES } from "./indices";
import type { QuestionAnswer } from "./question";
import type { ResolvedRegion } from "./regions.server";
import { canonicalInputs, type OnDemandRequest } from "./request";
import type { DailySource } from "./source";

/**
 * A job's answer as the API sends it: the question's statistics (`answerQuestion`) with what they mean
 * and where they come from, in JSON and in CSV. Every answer says whether its days are generated sample
 * data (`sample`, with the source's sentence), how it was computed (the index's standard, the season rule,
 * the region's weighting, the ensemble's rules) and its provenance (the data version, the key it is kept
 * by, when it was computed).
 */

const round = (v: number | null | undefined, digits = 4): number | null => (v === null || v === undefined || Number.isNaN(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits);
const roundAll = (values: ArrayLike<number>) => Array.from(values, (v) => round(v));

export function seasonText(months: readonly number[], end: number): string {
  const names = months.map((m) => MONTH_NAMES[m - 1]);
  const all = months.length === 12;
  if (all) return "the calendar year";
  return `${names.join(", ")}; a season crossing the new year is counted in the year it ends (here ${MONTH_NAMES[end - 1]})`;
}

export interface AnswerContext {
  request: OnDemandRequest;
  region: ResolvedRegion;
  source: DailySource;
  key: string;
  dataVersion: string;
  computed: Date;
  warmingLevels: Pick<WarmingLevels, "version" | "licence">;
}

export function answerDocument(answer: QuestionAnswer, context: AnswerContext) {
  const { request, region, source } = context;
  const definition = ONDEMAND_INDICES[request.process];
  const stat = (s: { median: number | null; p10: number | null; p90: number | null; count: number }) => ({ median: round(s.median), p10: round(s.p10), p90: round(s.p90), count: s.count });
  const cells = answer.cells;
  return {
    process: request.process,
    title: definition.name,
    inputs: canonicalInputs(request),
    sample: source.sample,
    source: source.text,
    units: answer.units,
    method: {
      index: `${definition.description} ${definition.standard}`,
      season: `Months counted: ${seasonText(request.index.season.months, request.index.season.end)}. Only the season's days count; a spell is cut at the season's edges. A cell has no value for a season year with a missing day.`,
      region: `${region.label}: the mean over its ${region.cells.length} grid cells of 0.25°, each weighted by its area inside the outline (the place series' method).`,
      ensemble: `Per model, the mean over the baseline (${request.baseline.start}-${request.baseline.end}) and over the window, each needing ${WINDOW_COMPLETENESS * 100} % of its years, and the change (window minus the model's own baseline); across models the median and the 10th and 90th percentiles. ${AGREEMENT_RULE} ${ONE_SOURCE_RULE}`,
      window:
        request.window.choice.kind === "gwl"
          ? `At ${request.window.choice.label} of global warming each model's own 20-year window (${tableCitation(context.warmingLevels)}).`
          : `The years ${request.window.code} for every model.`,
    },
    provenance: {
      dataVersion: context.dataVersion,
      key: context.key,
      computed: context.computed.toISOString(),
      sources: [...new Set(answer.models.flatMap((m) => m.sources))],
    },
    region: { label: region.label, place: region.place, cells: region.cells.length },
    baseline: { period: `${request.baseline.start}-${request.baseline.end}`, ...stat(answer.baseline) },
    window: { period: request.window.code, ...stat(answer.window) },
    change: answer.window.change ? { ...stat(answer.window.change), agreement: answer.window.change.agreement } : null,
    excluded: { ...answer.window.excluded, ...answer.baseline.excluded },
    withoutVariable: answer.withoutVariable,
    withoutWindow: request.withoutWindow,
    years: answer.years,
    models: answer.models.map((m) => ({
      model: m.model,
      window: request.window.byModel[m.model],
      baseline: round(m.baseline),
      windowMean: round(m.window),
      change: round(m.change),
      baselineYears: m.baselineYears,
      windowYears: m.windowYears,
      sources: m.sources,
      series: roundAll(m.series),
    })),
    cells: {
      lat: Array.from(region.lat),
      lon: Array.from(region.lon),
      weight: roundAll(Float64Array.from(region.weights, (w) => w / Math.max(...region.weights))),
      change: roundAll(cells.change),
      p10: roundAll(cells.p10),
      p90: roundAll(cells.p90),
      agreement: roundAll(cells.agreement),
    },
  };
}

export type AnswerDocument = ReturnType<typeof answerDocument>;

const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? "" : String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The answer as CSV: comment lines with the question, the sample flag, the source and the method, then
 * one row per model (its baseline and window means, change and each season year's value) and the
 * ensemble's median, 10th and 90th percentile rows.
 */
export function answerCsv(doc: AnswerDocument): string {
  const lines: string[] = [];
  const comment = (text: string) => lines.push(`# ${text.replace(/\n/g, " ")}`);
  comment(`${doc.title} (${doc.process}), ${doc.units}; inputs ${JSON.stringify(doc.inputs)}`);
  comment(`sample: ${doc.sample}. ${doc.source}`);
  for (const [name, text] of Object.entries(doc.method)) comment(`${name}: ${text}`);
  comment(`data version ${doc.provenance.dataVersion}; key ${doc.provenance.key}; computed ${doc.provenance.computed}`);
  lines.push(["model", "baseline", "window", "change", ...doc.years.map(String)].join(","));
  for (const m of doc.models) lines.push([m.model, m.baseline, m.windowMean, m.change, ...m.series].map(csvCell).join(","));
  for (const s of ["median", "p10", "p90"] as const) {
    lines.push([`ensemble ${s}`, doc.baseline[s], doc.window[s], doc.change?.[s] ?? null].map(csvCell).join(","));
  }
  return lines.join("\n") + "\n";
}
