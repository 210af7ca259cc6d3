import { MONTH_NAMES } from "../../app/features/cmip6/periods";
import { AGREEMENT_RULE, ONE_SOURCE_RULE, WINDOW_COMPLETENESS } from "../../app/features/cmip6/windows";
import { tableCitation, type WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { ONDEMAND_INDICES } from "./indices";
import type { QuestionAnswer } from "./question";
import type { ResolvedRegion } from "./regions.server";
import { charArray, writeNetcdf3, type Netcdf3Attribute, type Netcdf3Variable } from "./netcdf3";
import { canonicalInputs, type OnDemandRequest } from "./request";
import type { DailySource } from "./source";

/**
 * A job's answer as the API sends it: the question's statistics (`answerQuestion`) with what they mean
 * and where they come from, in JSON, in CSV and in NetCDF. Every answer says whether its days are generated sample
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

/**
 * The answer as a NetCDF classic file (`./netcdf3.ts`), from the JSON answer itself so that a reader gets
 * the same values (missing as NaN): per model (`model`) its series over the season years (`series`), its
 * baseline and window means, change and window years; the ensemble's median, 10th and 90th percentiles
 * (`statistic`) of the baseline, window and change; each cell of the region (`cell`, with `lat` and `lon`)
 * with its weight and ensemble change. The provenance is in CF global attributes: `source` and `sample`, the
 * index's definition and standard (`references`), the method, the canonical `inputs`, the data version, the
 * key and `history`.
 */
export function answerNetcdf(doc: AnswerDocument): Uint8Array {
  const num = (values: readonly (number | null | undefined)[]) => Float64Array.from(values, (v) => (v === null || v === undefined ? Number.NaN : v));
  const value = (longName: string, extra: Record<string, Netcdf3Attribute> = {}) => ({ long_name: longName, units: doc.units, _FillValue: Number.NaN, ...extra });
  const stats = (s: { median: number | null; p10: number | null; p90: number | null } | null) => num(s ? [s.median, s.p10, s.p90] : [null, null, null]);
  const models = doc.models;
  const agreement = doc.change?.agreement;
  const variables: Netcdf3Variable[] = [
    { name: "model", dims: ["model", "model_strlen"], type: "char", data: charArray(models.map((m) => m.model)), attributes: { long_name: "climate model (NEX-GDDP-CMIP6)", _Encoding: "utf-8" } },
    { name: "year", dims: ["year"], type: "int", data: Int32Array.from(doc.years), attributes: { long_name: "season year (the year the season ends in)" } },
    { name: "statistic", dims: ["statistic", "statistic_strlen"], type: "char", data: charArray(["median", "p10", "p90"]), attributes: { long_name: "ensemble statistic: median, 10th and 90th percentiles across models", _Encoding: "utf-8" } },
    { name: "series", dims: ["model", "year"], type: "double", data: num(models.flatMap((m) => m.series)), attributes: value(`${doc.title} over the region, per model and season year`) },
    { name: "baseline", dims: ["model"], type: "double", data: num(models.map((m) => m.baseline)), attributes: value(`mean over the baseline ${doc.baseline.period}`) },
    { name: "window_mean", dims: ["model"], type: "double", data: num(models.map((m) => m.windowMean)), attributes: value(`mean over the window ${doc.window.period}`) },
    { name: "change", dims: ["model"], type: "double", data: num(models.map((m) => m.change)), attributes: value("window mean minus baseline mean") },
    { name: "window_start", dims: ["model"], type: "int", data: Int32Array.from(models, (m) => m.window.start), attributes: { long_name: "first year of the model's window" } },
    { name: "window_end", dims: ["model"], type: "int", data: Int32Array.from(models, (m) => m.window.end), attributes: { long_name: "last year of the model's window" } },
    { name: "baseline_years", dims: ["model"], type: "int", data: Int32Array.from(models, (m) => m.baselineYears), attributes: { long_name: "baseline years with a value" } },
    { name: "window_years", dims: ["model"], type: "int", data: Int32Array.from(models, (m) => m.windowYears), attributes: { long_name: "window years with a value" } },
    { name: "ensemble_baseline", dims: ["statistic"], type: "double", data: stats(doc.baseline), attributes: value(`ensemble of the baseline means ${doc.baseline.period}`, { count: Int32Array.of(doc.baseline.count) }) },
    { name: "ensemble_window", dims: ["statistic"], type: "double", data: stats(doc.window), attributes: value(`ensemble of the window means ${doc.window.period}`, { count: Int32Array.of(doc.window.count) }) },
    {
      name: "ensemble_change",
      dims: ["statistic"],
      type: "double",
      data: stats(doc.change),
      attributes: value("ensemble of the changes", {
        count: Int32Array.of(doc.change?.count ?? 0),
        ...(agreement ? { agreement_sign: Int32Array.of(agreement.sign), agreement_models: Int32Array.of(agreement.agree), agreement_robust: agreement.robust ? "true" : "false" } : {}),
      }),
    },
    { name: "lat", dims: ["cell"], type: "double", data: Float64Array.from(doc.cells.lat), attributes: { standard_name: "latitude", long_name: "latitude of the cell's centre", units: "degrees_north" } },
    { name: "lon", dims: ["cell"], type: "double", data: Float64Array.from(doc.cells.lon), attributes: { standard_name: "longitude", long_name: "longitude of the cell's centre", units: "degrees_east" } },
    ...(["weight", "change", "p10", "p90", "agreement"] as const).map((name): Netcdf3Variable => ({
      name: `cell_${name}`,
      dims: ["cell"],
      type: "double",
      data: num(doc.cells[name]),
      attributes:
        name === "weight"
          ? { long_name: "the cell's area inside the region, relative to the largest", units: "1", coordinates: "lat lon", _FillValue: Number.NaN }
          : name === "agreement"
            ? { long_name: "share of the models agreeing on the sign of the cell's change", units: "1", coordinates: "lat lon", _FillValue: Number.NaN }
            : value(`ensemble ${name === "change" ? "median" : name === "p10" ? "10th percentile" : "90th percentile"} of the cell's change`, { coordinates: "lat lon" }),
    })),
  ];
  const { provenance } = doc;
  return writeNetcdf3({
    dims: {
      model: models.length,
      model_strlen: Math.max(1, ...models.map((m) => Buffer.byteLength(m.model))),
      year: doc.years.length,
      statistic: 3,
      statistic_strlen: 6,
      cell: doc.cells.lat.length,
    },
    variables,
    attributes: {
      Conventions: "CF-1.8",
      title: `${doc.title} (${doc.process}) over ${doc.region.label}`,
      institution: "SACAP",
      source: doc.source,
      sample: doc.sample ? "true" : "false",
      comment: doc.sample ? "Generated sample data, not model output: for trying the portal, not for decisions." : "Computed from the NEX-GDDP-CMIP6 daily values the portal's ingest kept.",
      references: doc.method.index,
      method_season: doc.method.season,
      method_region: doc.method.region,
      method_ensemble: doc.method.ensemble,
      method_window: doc.method.window,
      process: doc.process,
      inputs: JSON.stringify(doc.inputs),
      units: doc.units,
      data_version: provenance.dataVersion,
      key: provenance.key,
      date_created: provenance.computed,
      sources: provenance.sources.join(" "),
      history: `${provenance.computed}: computed by SACAP's OGC API - Processes, process ${doc.process}, key ${provenance.key}, data version ${provenance.dataVersion}, from ${provenance.sources.join(", ") || "no source"}`,
    },
  });
}
