import { nearestPlaces } from "../../app/features/places/search";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { DEFAULT_DROUGHT_REFERENCE, DROUGHT_METHODS } from "../../app/features/cmip6/drought";
import { DEFAULT_DROUGHT_SCALE, DROUGHT_ANNUAL_RULE, isDroughtIndicator, type DroughtScale } from "../../app/features/cmip6/droughtQuery";
import { HARGREAVES_REFERENCE } from "./drought";
import { FAO56_REFERENCE } from "../../app/features/analytics/fao56";
import { ensembleStats } from "../../app/features/cmip6/ensemble";
import { aggregateMonths, aggregationOf, decimalsOf, roundTo } from "../../app/features/cmip6/indicatorRules";
import { BASELINE_PERIOD, intersectRanges, monthsInPreviousYear, SEASONS, type Season, type YearRange } from "../../app/features/cmip6/periods";
import { choicePeriods, levelCountText, levelMethodNote, modelMember, parseWindowChoice, type WindowChoice } from "../../app/features/cmip6/warmingLevels";
import { AGREEMENT_RULE, kindOfSources, leftOutList, modelClimatologies, ONE_SOURCE_RULE, windowDecimals, windowStatistics } from "../../app/features/cmip6/windows";
import type { Cmip6Model, Geo, Indicator, Scenario } from "../../app/features/cmip6/schema";
import {
  roundedAnswer,
  roundedWindowSummary,
  SERIES_ENDPOINTS,
  type DroughtMethod,
  type ScenarioSeries,
  type SeriesProvenance,
  type SeriesResponse,
  type WindowSummary,
} from "../../app/features/cmip6/series";
import {
  ENSEMBLE,
  parseSeriesQuery,
  scenarioPeriod,
  seriesIndicator,
  seriesQueryString,
  servesFrequency,
  SERIES_FREQUENCIES,
  SERIES_PATHS,
  type SeriesCatalog,
  type SeriesFrequency,
  type SeriesQuery,
  type SeriesQueryParse,
} from "../../app/features/cmip6/seriesQuery";
import { withObservedRules } from "./observed-query";
import type { ApiCacheEntry } from "../../app/store/prime";
import { OBSERVATION_DATASETS, OBSERVATION_IDS, OBSERVED, OBSERVED_PERIOD } from "../../app/features/observations/datasets";
import type { Seeds } from "../seeds.server";
import { LruCache } from "./lru";
import type { SeriesKey, SeriesStore, StoredSeries } from "./store";
import type { ContentEncoding } from "../encoding.server";
import type { SeriesWorkerPool } from "./worker-pool.server";

/**
 * The series API's logic, independent of HTTP: parse and resolve a query against the seeds, fetch the
 * models' series from the store, cut them to the period, month or season, compute ensemble statistics
 * and serialise the answer once per distinct query (bounded cache).
 *
 * Numbers are rounded once, at the output: the stored values are read at full precision, every statistic
 * (each step's ensemble statistics, each model's climatology over a period, changes, warming-level
 * windows, the profile's tables) is computed from them, and only the answer written is rounded
 * (`roundedAnswer`). An answer exists in two forms: `sent`, as the API sends it, and `full`, unrounded,
 * for the statistics other parts of the server compute from the series (the map's choropleth and fields,
 * the comparison, the analyses): a mean of rounded values differs from the mean of the values by up to
 * half a unit of the last decimal.
 */

/** An answer as the API sends it (`sent`, rounded) or at full precision (`full`, for statistics computed from it). */
export type AnswerPrecision = "sent" | "full";

/** A valid query with everything it refers to looked up. */
export interface ResolvedSeriesQuery {
  frequency: SeriesFrequency;
  /** The canonical query as asked. */
  query: SeriesQuery;
  indicator: Indicator;
  geo: Geo;
  /** Scenarios with their years, and the years of each block: those in the period with complete seasons. */
  scenarios: { scenario: Scenario; period: YearRange; years: YearRange }[];
  models: Cmip6Model[];
  ensemble: boolean;
  period: YearRange;
  month?: number;
  season?: Season;
  /** SPI and SPEI: the accumulation scale, the query's or the frequency's default. */
  scale?: DroughtScale;
  /** Strong ETag of the answer (query and data versions). */
  etag: string;
  /** The data version the ETag is of (`SeriesService.version` when the query was resolved). */
  version: string;
}

export interface SeriesNotFound {
  status: 404;
  message: string;
  details: Record<string, unknown>;
}

export type Resolution = { ok: true; value: ResolvedSeriesQuery } | ({ ok: false } & SeriesNotFound);

/** A serialised answer with its ETag, and its compressed forms once asked for. */
export interface PreparedSeries {
  body: string;
  etag: string;
  sample: boolean;
  encoded: Partial<Record<ContentEncoding, Uint8Array<ArrayBuffer>>>;
}

/** Several period statistics of one query (`windowTable`): per choice, per target scenario. */
export interface WindowTable {
  summaries: Omit<WindowSummary, "models">[][];
  /** The ensemble's 1995-2014 climatology (median and 10th-90th percentiles of the models' means). */
  baseline: { median: number | null; p10: number | null; p90: number | null; count: number } | null;
  /** Which source answered each model run read (as a series answer's blocks say it). */
  series: { scenario: string; sources: Record<string, string>; coverage?: Record<string, number> }[];
  provenance: Record<string, SeriesProvenance>;
}

/**
 * The data moved to another version than the one asked for (`windows` with a version): what was read
 * belongs to `found`, not to `wanted`.
 */
export class StaleSeriesVersion extends Error {
  constructor(
    readonly wanted: string,
    readonly found: string | undefined,
  ) {
    super(`the series data moved on from version ${wanted}`);
  }
}

/**
 * Reads of one answer tried, each time at the newest data version, before the answer fails: the data of a
 * shared store changes every few seconds at most while an ingest publishes, and an answer takes far less.
 */
export const STALE_ATTEMPTS = 4;

/** An answer computed at another data version than its ETag's (see `compute`). */
const STALE = Symbol("stale");

export interface SeriesServiceOptions {
  /** Memory for serialised answers, bytes (default 64 MB). */
  cacheBytes?: number;
  /** Worker threads computing answers that are not cached; without, they are computed in this thread. */
  pool?: SeriesWorkerPool;
}

/**
 * One block's models: each found run's values cut to the block's axis, unrounded (NaN as null), the
 * source that answered it (its provenance recorded once), for ingested runs the share of the place its
 * grid covers, and each run's method where runs differ in it (`pet`).
 */
function modelRuns(
  found: readonly (StoredSeries | undefined)[],
  models: readonly Cmip6Model[],
  cutRun: (stored: StoredSeries) => ArrayLike<number>,
  provenance: Record<string, SeriesProvenance>,
) {
  const values: Record<string, (number | null)[]> = {};
  const sources: Record<string, string> = {};
  const coverage: Record<string, number> = {};
  const methods: Record<string, string> = {};
  models.forEach((model, m) => {
    const stored = found[m];
    if (!stored) return;
    values[model.field_value] = Array.from(cutRun(stored), (v) => (Number.isNaN(v) ? null : v));
    const { id, ...rest } = stored.source;
    sources[model.field_value] = id;
    provenance[id] ??= rest;
    if (stored.coverage !== undefined) coverage[model.field_value] = Math.round(stored.coverage * 10000) / 10000;
    if (stored.method !== undefined) methods[model.field_value] = stored.method;
  });
  const some = <T extends object>(record: T) => (Object.keys(record).length > 0 ? record : undefined);
  return { values, sources, coverage: some(coverage), methods: some(methods) };
}

/** The store keys of a query's models in each of these runs (scenario by scenario, models in order). */
function runKeys(resolved: ResolvedSeriesQuery, runs: readonly Scenario[]): SeriesKey[] {
  const { frequency, indicator, geo, models, scale } = resolved;
  return runs.flatMap((scenario) =>
    models.map((model) => ({
      indicator: indicator.field_value,
      geo: geo.field_value,
      scenario: scenario.field_value,
      model: model.field_value,
      frequency,
      ...(scale ? { scale } : {}),
    })),
  );
}

const sha = (text: string) => createHash("sha256").update(text).digest("base64url");

/** A body compressed as the series endpoints send it (a Response takes an ArrayBuffer-backed view). */
export function compress(body: string, encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
  const raw = Buffer.from(body);
  return Uint8Array.from(
    encoding === "br"
      ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : gzipSync(raw),
  );
}

export function createSeriesService(
  seeds: Pick<Seeds, "indicators" | "geos" | "scenarios" | "cmip6Models" | "warmingLevels">,
  store: SeriesStore,
  options: SeriesServiceOptions = {},
) {
  const catalog: SeriesCatalog = {
    indicators: seeds.indicators,
    geos: seeds.geos,
    scenarios: seeds.scenarios,
    models: seeds.cmip6Models,
  };
  // the API's own catalogue takes scenario=observed and dataset ids (decision 021); screens parse with `catalog`
  const apiCatalog: SeriesCatalog = { ...catalog, observations: OBSERVATION_IDS };
  // the answer depends on the reference lists too (names, units, periods): they are part of the version
  const referenceVersion = sha(JSON.stringify([catalog, seeds.warmingLevels.rows])).slice(0, 12);
  /**
   * The data version of the answers, read per use: the store's version moves on while the process runs
   * when the store is shared (PostgreSQL), and so every ETag and every cache key built from it.
   */
  const currentVersion = () => `${store.version}/${referenceVersion}`;
  /** Catches up with the store's newest data (a worker has read a newer version than this thread knows). */
  const refresh = async () => {
    await store.refresh?.();
  };
  /**
   * Whether the store's data changes while the process runs (a shared store). Only then is an answer checked
   * for the version it was read at: a fixed store's version is the same in every thread.
   */
  const live = store.refresh !== undefined;
  const bodies = new LruCache<string, PreparedSeries>(
    options.cacheBytes ?? 64 * 1024 * 1024,
    (p) => p.body.length * 2 + (p.encoded.br?.length ?? 0) + (p.encoded.gzip?.length ?? 0),
    "series answers (bytes)",
  );

  const notFound = (message: string, details: Record<string, unknown>): Resolution => ({ ok: false, status: 404, message, details });

  /** A query from URL parameters: the catalogue's checks, then the rules that keep observations apart. */
  function parse(frequency: SeriesFrequency, params: URLSearchParams): SeriesQueryParse {
    return withPlaceHint(withObservedRules(parseSeriesQuery(params, apiCatalog, frequency), catalog, params), catalog.geos);
  }

  function resolve(frequency: SeriesFrequency, query: SeriesQuery): Resolution {
    const version = currentVersion();
    const indicator = seriesIndicator(catalog.indicators, query.indicator, frequency);
    if (!indicator) {
      const elsewhere = SERIES_FREQUENCIES.filter(
        (f) => f !== frequency && catalog.indicators.some((i) => i.field_value === query.indicator && servesFrequency(i, f)),
      );
      return notFound(`Indicator "${query.indicator}" has no ${frequency} series`, {
        field: "indicator",
        value: query.indicator,
        paths: elsewhere.map((f) => `/api/${SERIES_PATHS[f]}`),
      });
    }
    const geo = catalog.geos.find((g) => g.field_value === query.geo)!;
    if (query.scenario?.includes(OBSERVED)) return resolveObserved(frequency, query, indicator, geo, version);

    const asked = query.scenario
      ? catalog.scenarios.filter((s) => query.scenario!.includes(s.field_value))
      : catalog.scenarios;
    const spans = asked.map(scenarioPeriod);
    const period = {
      start: query.start ?? Math.min(...spans.map((p) => p.start)),
      end: query.end ?? Math.max(...spans.map((p) => p.end)),
    };
    const season = query.season ? SEASONS[query.season] : undefined;
    // a season that starts in the year before its label needs that year within the experiment
    const seasonLag = season && monthsInPreviousYear(season) > 0 ? 1 : 0;
    const scenarios: ResolvedSeriesQuery["scenarios"] = [];
    for (const scenario of asked) {
      const native = scenarioPeriod(scenario);
      const years = intersectRanges({ start: native.start + seasonLag, end: native.end }, period);
      if (years) scenarios.push({ scenario, period: native, years });
      else if (query.scenario) {
        const lag = seasonLag ? ` (${season!.code} ${period.start} starts in ${period.start - 1})` : "";
        return notFound(`Scenario "${scenario.field_value}" covers ${native.start}-${native.end}, not ${period.start}-${period.end}${lag}`, {
          field: "scenario",
          value: scenario.field_value,
          period: native,
        });
      }
    }
    if (scenarios.length === 0) {
      const what = season ? `complete ${season.code} seasons` : "data";
      return notFound(`No scenario has ${what} in ${period.start}-${period.end}`, { field: "start", period });
    }

    const named = query.model && !(query.model.length === 1 && query.model[0] === ENSEMBLE) ? query.model : undefined;
    const models = named ? catalog.models.filter((m) => named.includes(m.field_value)) : [...catalog.models];
    const ensemble = models.length === catalog.models.length;
    // the default scale is spelled out: an answer without `scale` is the same answer as with its default
    const scale = isDroughtIndicator(indicator.field_value) ? (query.scale ?? DEFAULT_DROUGHT_SCALE[frequency]) : undefined;

    const canonical = seriesQueryString({
      indicator: indicator.field_value,
      geo: geo.field_value,
      scenario: scenarios.map((s) => s.scenario.field_value),
      model: ensemble ? undefined : models.map((m) => m.field_value),
      start: period.start,
      end: period.end,
      month: query.month,
      season: query.season,
      scale,
      window: query.window,
    });
    const etag = `"${sha(`${version}|${frequency}|${canonical}`).slice(0, 27)}"`;
    return {
      ok: true,
      value: { frequency, query, indicator, geo, scenarios, models, ensemble, period, month: query.month, season, scale, etag, version },
    };
  }

  /**
   * `scenario=observed`: the observational datasets asked (or every one the portal knows), each answered
   * only where its files were ingested (the sample generator makes no observations); no ensemble.
   */
  function resolveObserved(frequency: SeriesFrequency, query: SeriesQuery, indicator: Indicator, geo: Geo, version: string): Resolution {
    const scenario: Scenario = { tid: "0", field_value: OBSERVED as Scenario["field_value"], name: "Observed (gridded observations and reanalysis)", field_period: `${OBSERVED_PERIOD.start}-${OBSERVED_PERIOD.end}` };
    const period = { start: query.start ?? OBSERVED_PERIOD.start, end: query.end ?? OBSERVED_PERIOD.end };
    const season = query.season ? SEASONS[query.season] : undefined;
    const seasonLag = season && monthsInPreviousYear(season) > 0 ? 1 : 0;
    const years = intersectRanges({ start: OBSERVED_PERIOD.start + seasonLag, end: OBSERVED_PERIOD.end }, period);
    if (!years) {
      return notFound(`Observations are served for ${OBSERVED_PERIOD.start}-${OBSERVED_PERIOD.end}, not ${period.start}-${period.end}`, { field: "scenario", value: OBSERVED, period: OBSERVED_PERIOD });
    }
    const named = query.model?.length ? query.model : undefined;
    const models: Cmip6Model[] = OBSERVATION_DATASETS.filter((d) => !named || named.includes(d.id)).map((d) => ({
      tid: "0",
      field_value: d.id,
      name: d.id,
      field_variant: OBSERVED,
      field_grid: "gn",
    }));
    const canonical = seriesQueryString({ ...query, indicator: indicator.field_value, geo: geo.field_value, scenario: [OBSERVED], start: period.start, end: period.end });
    const etag = `"${sha(`${version}|${frequency}|${canonical}`).slice(0, 27)}"`;
    return {
      ok: true,
      value: { frequency, query, indicator, geo, scenarios: [{ scenario, period: { ...OBSERVED_PERIOD }, years }], models, ensemble: false, period, month: query.month, season, etag, version },
    };
  }

  /** The answer of a query, as the API sends it (`sent`, the default) or unrounded (`full`). */
  async function answer(resolved: ResolvedSeriesQuery, precision: AnswerPrecision = "sent"): Promise<SeriesResponse | SeriesNotFound> {
    const full = await fullAnswer(resolved);
    return "status" in full || precision === "full" ? full : roundedAnswer(full);
  }

  /** The answer at full precision: the stored values, and statistics computed from them, unrounded. */
  async function fullAnswer(resolved: ResolvedSeriesQuery): Promise<SeriesResponse | SeriesNotFound> {
    const { frequency, indicator, geo, models, scenarios } = resolved;
    const keys = runKeys(resolved, scenarios.map((s) => s.scenario));
    const found = await store.getSeries(keys);
    const observed = (scenarios[0]?.scenario.field_value as string | undefined) === OBSERVED;
    if (observed && found.every((s) => s === undefined)) {
      return {
        status: 404,
        message: `No observations of ${indicator.field_value} for ${geo.field_value} have been ingested (npm run ingest -- --observed NAME FILES; see docs/methods.md, Observations)`,
        details: { field: "scenario", value: OBSERVED, geo: geo.field_value, datasets: models.map((m) => m.field_value) },
      };
    }
    if (found.every((s) => s === undefined)) {
      return {
        status: 404,
        message: `No ${frequency} ${indicator.field_value} series for ${geo.field_value} in this selection`,
        details: { field: "indicator", value: indicator.field_value, geo: geo.field_value },
      };
    }

    const decimals = decimalsOf(indicator.field_value);
    const rule = aggregationOf(indicator.field_value);
    const provenance: Record<string, SeriesProvenance> = {};
    const series: ScenarioSeries[] = [];
    const drought = resolved.scale ? droughtMethod(resolved, found, scenarios.map((s) => s.scenario.field_value)) : undefined;
    scenarios.forEach(({ scenario, years: span }, s) => {
      const axis = timeAxis(resolved, span);
      const { values, sources, coverage, methods } = modelRuns(found.slice(s * models.length, (s + 1) * models.length), models, (stored) => cut(stored, axis, resolved, rule), provenance);
      const stats = ensembleStats(Object.values(values), axis.years.length);
      series.push({
        scenario: scenario.field_value,
        years: axis.years,
        ...(axis.months ? { months: axis.months } : {}),
        values,
        stats,
        sources,
        ...(coverage ? { coverage } : {}),
        ...(methods ? { methods } : {}),
      });
    });

    const windows = resolved.query.window ? await windowSummaries(resolved, provenance) : undefined;

    return {
      indicator: {
        code: indicator.field_value,
        name: indicator.name,
        category: indicator.field_category,
        units: indicator.field_var_unit,
        axisUnit: indicator.field_axis_unit,
        ...(indicator.field_axis_unit2 ? { axisUnit2: indicator.field_axis_unit2 } : {}),
        chartTitle: indicator.field_chart_title ?? indicator.name,
        aggregation: rule,
        decimals,
      },
      geo: { code: geo.field_value, name: geo.name, type: geo.field_geotype, ...(geo.field_status ? { status: geo.field_status } : {}) },
      frequency,
      month: resolved.month ?? null,
      season: resolved.season ? { code: resolved.season.code, name: resolved.season.name, months: [...resolved.season.months] } : null,
      period: resolved.period,
      scenarios: scenarios.map(({ scenario, period }) => ({ code: scenario.field_value, name: scenario.name, period })),
      // the models with values: a model without the variable in the archive is no member of this ensemble
      models: models
        .filter((m) => series.some((block) => m.field_value in block.values))
        .map((m) => (observed ? { code: m.field_value, variant: OBSERVED, grid: OBSERVED } : { code: m.field_value, variant: m.field_variant, grid: m.field_grid })),
      ensemble: resolved.ensemble,
      series,
      ...(windows ? { windows } : {}),
      ...(drought ?? {}),
      provenance,
      sample: Object.values(provenance).some((p) => p.sample),
    };
  }

  /**
   * The model runs a period statistic needs, read once: the historical run and each scenario of the query
   * (each model's whole run, cut as the query asks), each model's 1995-2014 climatology, and the scenarios
   * the statistics are for (the future ones of the query, else the query's own). Sources used are added to
   * `provenance`.
   */
  async function loadRuns(resolved: ResolvedSeriesQuery, provenance: Record<string, SeriesProvenance>) {
    const { frequency, indicator, geo, models } = resolved;
    const rule = aggregationOf(indicator.field_value);
    const historical = catalog.scenarios.find((s) => s.field_value === "historical");
    const asked = resolved.scenarios.map((s) => s.scenario);
    const futures = asked.filter((s) => s.field_value !== "historical");
    const targets = futures.length > 0 ? futures : asked;
    const runs = [...new Set([historical, ...targets].filter((s): s is Scenario => s !== undefined))];
    const keys = runKeys(resolved, runs);
    const found = await store.getSeries(keys);
    const seasonLag = resolved.season && monthsInPreviousYear(resolved.season) > 0 ? 1 : 0;
    const blocks = new Map<string, ScenarioSeries>();
    runs.forEach((scenario, s) => {
      const native = scenarioPeriod(scenario);
      const axis = timeAxis(resolved, { start: native.start + seasonLag, end: native.end });
      const { values, sources, coverage } = modelRuns(found.slice(s * models.length, (s + 1) * models.length), models, (stored) => cut(stored, axis, resolved, rule), provenance);
      const empty = axis.years.map(() => null);
      blocks.set(scenario.field_value, {
        scenario: scenario.field_value,
        years: axis.years,
        values,
        stats: { median: empty, p10: empty, p90: empty, mean: empty, count: axis.years.map(() => 0) },
        sources,
        ...(coverage ? { coverage } : {}),
      });
    });
    const history = blocks.get("historical");
    const baseline = history ? modelClimatologies([history], BASELINE_PERIOD) : undefined;
    return { blocks, history, baseline, targets };
  }

  type LoadedRuns = Awaited<ReturnType<typeof loadRuns>>;

  /**
   * A period statistic per target scenario of loaded runs, by the one ensemble method over each model's
   * whole runs: the historical run joined to the scenario (a warming-level window may start before 2015),
   * changes from each model's own 1995-2014 climatology, sign agreement across the models. Unrounded:
   * the answer or the table that carries it rounds it (`roundedWindowSummary`).
   */
  function summarise(resolved: ResolvedSeriesQuery, { blocks, history, baseline, targets }: LoadedRuns, choice: WindowChoice): WindowSummary[] {
    return targets.map((scenario) => {
      const own = blocks.get(scenario.field_value)!;
      const joined = [history, scenario.field_value === "historical" ? undefined : own].filter((b): b is ScenarioSeries => b !== undefined);
      const withData = resolved.models.filter((m) => joined.some((b) => m.field_value in b.values));
      const { periods, level } = choicePeriods(seeds.warmingLevels, scenario.field_value, choice, withData.map(modelMember));
      const stats = windowStatistics(joined, periods, baseline);
      const perModel: WindowSummary["models"] = {};
      for (const [model, c] of Object.entries(stats.models)) {
        perModel[model] = {
          period: "byModel" in periods ? periods.byModel[model] : periods,
          mean: c.mean,
          change: c.change,
          source: kindOfSources(c.sources) === "ingested" ? "ingested" : "sample",
          sources: c.sources,
          ...(c.baselineSources ? { baselineSources: c.baselineSources } : {}),
        };
      }
      const excluded = Object.entries(stats.excluded).map(([model, e]) => ({ model, ...e }));
      const leftOut = leftOutList(stats.excluded);
      return {
        scenario: scenario.field_value,
        window: { code: choice.code, label: choice.label },
        baseline: { start: BASELINE_PERIOD.start, end: BASELINE_PERIOD.end },
        median: stats.median,
        p10: stats.p10,
        p90: stats.p90,
        count: stats.count,
        of: withData.length,
        change: stats.change ? { median: stats.change.median, p10: stats.change.p10, p90: stats.change.p90, count: stats.change.count } : null,
        agreement: stats.change?.agreement ?? null,
        ...(level ? { notReached: level.notReached, notInTable: level.notInTable, otherMember: level.otherMember } : {}),
        ...(stats.incomplete ? { incomplete: stats.incomplete } : {}),
        text: `${level ? levelCountText(level, scenario.name, stats.count, withData.length) : `${choice.label}: ${stats.count} of ${withData.length} models under ${scenario.name}`}${leftOut ? `; left out: ${leftOut}` : ""}`,
        method: `${level ? levelMethodNote(level) : `Each model's mean over ${choice.label}, then the median and 10th-90th percentiles across the models; changes from each model's own ${BASELINE_PERIOD.label} mean.`} ${AGREEMENT_RULE}${excluded.length > 0 ? ` ${ONE_SOURCE_RULE}` : ""}`,
        models: perModel,
        excluded,
      };
    });
  }

  /** The period statistic `window` asks for, per future scenario of the answer (see `summarise`). */
  async function windowSummaries(resolved: ResolvedSeriesQuery, provenance: Record<string, SeriesProvenance>): Promise<WindowSummary[]> {
    return summarise(resolved, await loadRuns(resolved, provenance), parseWindowChoice(resolved.query.window!)!);
  }

  /**
   * Several period statistics of one query from one reading of its runs (a place's profile): for each of
   * `choices`, the statistic per target scenario; the 1995-2014 climatology of the historical run; and
   * which source answered each model run.
   */
  async function windowTable(resolved: ResolvedSeriesQuery, choices: readonly WindowChoice[]): Promise<WindowTable> {
    const provenance: Record<string, SeriesProvenance> = {};
    const loaded = await loadRuns(resolved, provenance);
    const decimals = windowDecimals(decimalsOf(resolved.indicator.field_value));
    const base = loaded.history ? windowStatistics([loaded.history], BASELINE_PERIOD) : undefined;
    const round = (v: number | null) => (v === null ? null : roundTo(v, decimals));
    // computed from the unrounded values, rounded as the answer's `windows` are
    return {
      summaries: choices.map((choice) => summarise(resolved, loaded, choice).map(({ models: _models, ...summary }) => roundedWindowSummary(summary, decimals))),
      baseline: base ? { median: round(base.median), p10: round(base.p10), p90: round(base.p90), count: base.count } : null,
      series: [...loaded.blocks.values()].map((block) => ({ scenario: block.scenario, sources: block.sources, ...(block.coverage ? { coverage: block.coverage } : {}) })),
      provenance,
    };
  }

  /** Answers being computed, so that concurrent requests for one answer share the work. */
  const pending = new Map<string, Promise<PreparedSeries | SeriesNotFound | typeof STALE>>();

  /**
   * Computes an answer (and its compressed bytes) in a worker, or here without workers; `STALE` when it
   * was not read at the data version of its ETag.
   *
   * One answer, one data version: the ETag is made here, on the main thread, from this thread's store
   * version, before anything is read; a worker has a store of its own. The job carries the version; a
   * worker whose store is at another one looks for the newest first (`refresh`), computes, and answers with
   * the ETag of the version it read (a store moves to the version of the rows it reads, so a version unchanged
   * across the reads is theirs). An answer whose ETag is not the one asked for is of another version: this
   * thread then catches up (`refresh`), resolves the query again (a new ETag) and asks again (`json`).
   * A fixed store (the SQLite file, the sample generator) has one version for the life of the process and
   * is not checked.
   */
  async function compute(resolved: ResolvedSeriesQuery, encoding: ContentEncoding | undefined, precision: AnswerPrecision): Promise<PreparedSeries | SeriesNotFound | typeof STALE> {
    if (!options.pool) {
      const value = await answer(resolved, precision);
      if (live && currentVersion() !== resolved.version) return STALE;
      if ("status" in value) return value;
      return { body: JSON.stringify(value), etag: resolved.etag, sample: value.sample, encoded: {} };
    }
    const result = await options.pool.run({
      kind: "answer",
      frequency: resolved.frequency,
      query: resolved.query,
      encoding,
      version: resolved.version,
      ...(precision === "full" ? { precision } : {}),
    });
    if (result.kind === "not-found") return { status: 404, message: result.message, details: result.details };
    if (result.kind !== "answer") throw new Error(`unexpected answer of a series worker: ${result.kind}`);
    if (live && result.etag !== resolved.etag) return STALE;
    const encoded: PreparedSeries["encoded"] = {};
    if (result.encoding && result.encoded) encoded[result.encoding] = new Uint8Array(result.encoded);
    return { body: result.body, etag: resolved.etag, sample: result.sample, encoded };
  }

  /**
   * The serialised answer, computed once per distinct query while it stays in the cache; with `encoding`,
   * also compressed that way (see `encode`), in a worker when the service has them. When the data moved to
   * a new version meanwhile, the answer is of the newest one, with its ETag (`etag` of the result). The
   * answer as the API sends it, or with `precision: "full"` unrounded (kept apart in the cache; never sent).
   */
  async function json(resolved: ResolvedSeriesQuery, encoding?: ContentEncoding, precision: AnswerPrecision = "sent"): Promise<PreparedSeries | SeriesNotFound> {
    for (let attempt = 1; ; attempt++) {
      const prepared = await prepare(resolved, encoding, precision);
      if (prepared !== STALE) return prepared;
      if (attempt >= STALE_ATTEMPTS) throw new Error(`the series data changed while an answer was computed, ${attempt} times in a row`);
      await refresh();
      const again = resolve(resolved.frequency, resolved.query);
      if (!again.ok) return { status: 404, message: again.message, details: again.details };
      resolved = again.value;
    }
  }

  /** The cache key of an answer: its ETag, marked for the unrounded form. */
  const cacheKey = (resolved: ResolvedSeriesQuery, precision: AnswerPrecision) => (precision === "full" ? `${resolved.etag}|full` : resolved.etag);

  async function prepare(resolved: ResolvedSeriesQuery, encoding: ContentEncoding | undefined, precision: AnswerPrecision): Promise<PreparedSeries | SeriesNotFound | typeof STALE> {
    const key = cacheKey(resolved, precision);
    const cached = bodies.get(key);
    if (cached) {
      if (encoding && !cached.encoded[encoding] && options.pool) {
        const result = await options.pool.run({ kind: "compress", body: cached.body, encoding });
        if (result.kind === "compressed") keepEncoded(cached, encoding, new Uint8Array(result.encoded), key);
      }
      return cached;
    }
    const running = pending.get(key);
    if (running) return running;
    const task = compute(resolved, encoding, precision).then((prepared) => {
      if (prepared !== STALE && !("status" in prepared)) bodies.set(key, prepared);
      return prepared;
    });
    pending.set(key, task);
    try {
      return await task;
    } finally {
      pending.delete(key);
    }
  }

  function keepEncoded(prepared: PreparedSeries, encoding: ContentEncoding, encoded: Uint8Array<ArrayBuffer>, key = prepared.etag) {
    prepared.encoded[encoding] = encoded;
    // weigh the entry again with its new buffer
    bodies.set(key, prepared);
  }

  /**
   * The answer compressed, once per answer and encoding: repeated requests cost no compression (the
   * compression middleware leaves an encoded body alone). `json(resolved, encoding)` has it ready.
   */
  function encode(prepared: PreparedSeries, encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
    let encoded = prepared.encoded[encoding];
    if (!encoded) {
      encoded = compress(prepared.body, encoding);
      keepEncoded(prepared, encoding, encoded);
    }
    return encoded;
  }

  /**
   * The answer as an object, from the serialised one (computed in a worker when the service has them): as
   * the API sends it, or with `precision: "full"` unrounded, for statistics computed from the series.
   */
  async function response(resolved: ResolvedSeriesQuery, precision: AnswerPrecision = "sent"): Promise<SeriesResponse | SeriesNotFound> {
    const prepared = await json(resolved, undefined, precision);
    return "status" in prepared ? prepared : (JSON.parse(prepared.body) as SeriesResponse);
  }

  /**
   * `windowTable` of a query for several window codes (`2040-2059`, `gwl:2.0`), computed in a worker when
   * the service has them. Undefined when the query is invalid or refers to nothing. With `version` (several
   * tables that must agree, a place's profile), read at that data version or rejected with
   * `StaleSeriesVersion`; without, at the newest.
   */
  async function windows(frequency: SeriesFrequency, query: SeriesQuery, codes: readonly string[], version?: string): Promise<WindowTable | undefined> {
    const params = new URLSearchParams(seriesQueryString(query));
    const parsed = parse(frequency, params);
    if (!parsed.ok) return undefined;
    if (codes.some((code) => parseWindowChoice(code) === undefined)) return undefined;
    for (let attempt = 1; ; attempt++) {
      const wanted = version ?? currentVersion();
      let read: { table?: WindowTable; version?: string };
      if (options.pool) {
        const result = await options.pool.run({ kind: "windows", frequency, query: parsed.query, codes: [...codes], version: wanted });
        if (result.kind === "not-found") return undefined;
        if (result.kind !== "windows") throw new Error(`unexpected answer of a series worker: ${result.kind}`);
        read = result;
      } else read = await windowsHere(frequency, parsed.query, codes, wanted);
      if (!read.table) return undefined;
      // as `compute`: a table read at another version than the one wanted is not that version's
      if (read.version === wanted || !live) return read.table;
      if (version !== undefined) throw new StaleSeriesVersion(version, read.version);
      if (attempt >= STALE_ATTEMPTS) throw new Error(`the series data changed while period statistics were computed, ${attempt} times in a row`);
      await refresh();
    }
  }

  /**
   * `windows` in this thread (a worker's job): the table and the data version it was read at (undefined
   * when the version moved during the reads); first catches up when `wanted` is not this thread's version.
   */
  async function windowsHere(
    frequency: SeriesFrequency,
    query: SeriesQuery,
    codes: readonly string[],
    wanted?: string,
  ): Promise<{ table?: WindowTable; version?: string }> {
    if (wanted !== undefined && wanted !== currentVersion()) await refresh();
    const choices = codes.map((code) => parseWindowChoice(code));
    if (choices.some((c) => c === undefined)) return {};
    const resolved = resolve(frequency, query);
    if (!resolved.ok) return {};
    const table = await windowTable(resolved.value, choices as WindowChoice[]);
    return { table, version: currentVersion() === resolved.value.version ? resolved.value.version : undefined };
  }

  /** The answer of a query built by a loader, in either form; undefined when the query is invalid or has no data. */
  async function checkedResponse(frequency: SeriesFrequency, query: SeriesQuery, precision: AnswerPrecision): Promise<SeriesResponse | undefined> {
    // a loader may build the query from anything: it goes through the same checks as a request
    const parsed = parse(frequency, new URLSearchParams(seriesQueryString(query)));
    if (!parsed.ok) return undefined;
    const resolved = resolve(frequency, parsed.query);
    if (!resolved.ok) return undefined;
    const prepared = await response(resolved.value, precision);
    return "status" in prepared ? undefined : prepared;
  }

  return {
    /** The catalogue screens parse their URLs with (no observations). */
    catalog,
    /** The series API's catalogue: with `scenario=observed` and the dataset ids. */
    apiCatalog,
    store,
    /** The data version of the answers now (the store's and the reference lists'); it changes with new data. */
    get version() {
      return currentVersion();
    },
    /** Looks for new data in the store now (a shared store's poll does so every few seconds). */
    refresh,
    windows,
    windowsHere,
    parse,
    resolve,
    answer,
    json,
    encode,
    response,
    /** The series worker threads' caches, as each was after its last job (none without workers). */
    workerCaches: () => options.pool?.cacheReports() ?? [],
    /** Whether the answer is ready to send without computing (cached). */
    isCached: (resolved: ResolvedSeriesQuery) => bodies.get(resolved.etag) !== undefined,
    /**
     * An RTK Query cache entry for a loader, so a page rendered on the server with a series finds it in
     * the cache and the browser does not request it again. Undefined when the query is invalid or has no data.
     */
    async cacheEntry(frequency: SeriesFrequency, query: SeriesQuery): Promise<ApiCacheEntry | undefined> {
      const value = await checkedResponse(frequency, query, "sent");
      return value && { endpointName: SERIES_ENDPOINTS[frequency], arg: query, value };
    },
    /**
     * The answer of a query at full precision, for a view that computes statistics from its series (and
     * rounds what it shows of them itself, `roundedAnswer`). Undefined when the query is invalid or has no data.
     */
    unrounded: (frequency: SeriesFrequency, query: SeriesQuery) => checkedResponse(frequency, query, "full"),
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;

/**
 * The method and warnings of an SPI or SPEI answer from its stored series (in the order of the answer's
 * keys: scenario by scenario, the models in each): the index's statement, the scale and reference the
 * store fitted with, each model run's evapotranspiration (SPEI) and the months without a fit.
 */
function droughtMethod(
  resolved: ResolvedSeriesQuery,
  found: readonly (StoredSeries | undefined)[],
  scenarios: readonly string[],
): { method: DroughtMethod; warnings: SeriesResponse["warnings"] } {
  const index = resolved.indicator.field_value as "spi" | "spei";
  const statement = DROUGHT_METHODS[index];
  const evapotranspiration: Record<string, Record<string, string>> = {};
  const warnings: NonNullable<SeriesResponse["warnings"]> = [];
  const references = new Set<string>(statement.references);
  let reference: YearRange | undefined;
  scenarios.forEach((scenario, s) => {
    resolved.models.forEach((model, m) => {
      const fit = found[s * resolved.models.length + m]?.drought;
      if (!fit) return;
      reference ??= fit.reference;
      if (fit.evapotranspiration) (evapotranspiration[scenario] ??= {})[model.field_value] = fit.evapotranspiration;
      for (const w of fit.warnings) warnings.push({ scenario: scenario as ScenarioSeries["scenario"], model: model.field_value, ...w });
    });
  });
  const methods = new Set(Object.values(evapotranspiration).flatMap((byModel) => Object.values(byModel)));
  if ([...methods].some((m) => m.includes("Penman-Monteith"))) references.add(FAO56_REFERENCE);
  if ([...methods].some((m) => m.includes("Hargreaves"))) references.add(HARGREAVES_REFERENCE);
  const pet = methods.size > 0 ? ` Potential evapotranspiration: ${[...methods].join(" or ")}, per model run as \`evapotranspiration\` says.` : "";
  const annual = resolved.frequency === "annual" ? ` ${DROUGHT_ANNUAL_RULE}` : "";
  return {
    method: {
      index,
      name: statement.name,
      scale: resolved.scale!,
      reference: reference ?? { start: DEFAULT_DROUGHT_REFERENCE.start, end: DEFAULT_DROUGHT_REFERENCE.end },
      distribution: statement.distribution,
      fitting: statement.fitting,
      text: `${statement.method} Scale: ${resolved.scale} months. A scenario is fitted with the model's historical run in front.${pet}${annual}`,
      references: [...references],
      ...(index === "spei" ? { evapotranspiration } : {}),
    },
    warnings,
  };
}

/** The steps of one scenario block: years, and calendar months when every month is given. */
interface TimeAxis {
  years: number[];
  months?: number[];
}

function timeAxis(resolved: ResolvedSeriesQuery, span: YearRange): TimeAxis {
  const years: number[] = [];
  if (resolved.frequency === "monthly" && !resolved.month && !resolved.season) {
    const months: number[] = [];
    for (let y = span.start; y <= span.end; y++) {
      for (let m = 1; m <= 12; m++) {
        years.push(y);
        months.push(m);
      }
    }
    return { years, months };
  }
  for (let y = span.start; y <= span.end; y++) years.push(y);
  return { years };
}

/** The stored values at the axis's steps; NaN where the store has none. */
function cut(stored: StoredSeries, axis: TimeAxis, resolved: ResolvedSeriesQuery, rule: ReturnType<typeof aggregationOf>): number[] {
  const { values, startYear } = stored;
  const at = (index: number) => (index >= 0 && index < values.length ? values[index] : NaN);
  if (resolved.frequency === "annual") return axis.years.map((y) => at(y - startYear));
  if (axis.months) return axis.years.map((y, i) => at((y - startYear) * 12 + axis.months![i] - 1));
  if (resolved.month) return axis.years.map((y) => at((y - startYear) * 12 + resolved.month! - 1));
  const season = resolved.season!;
  const before = monthsInPreviousYear(season);
  const picked = new Float64Array(season.months.length);
  return axis.years.map((y) => {
    season.months.forEach((month, k) => (picked[k] = at((y - (k < before ? 1 : 0) - startYear) * 12 + month - 1)));
    return aggregateMonths(picked, season.months, rule);
  });
}

/** An unknown `geo`'s 400 names the places it may have meant (`nearestPlaces`): `did you mean IN-UP (Uttar Pradesh)?`. */
function withPlaceHint(parsed: SeriesQueryParse, geos: SeriesCatalog["geos"]): SeriesQueryParse {
  // only a code the catalogue lacks (not a geo given twice or left out)
  if (parsed.ok || parsed.problem.field !== "geo" || parsed.problem.value === undefined || geos.some((g) => g.field_value === parsed.problem.value)) return parsed;
  const near = nearestPlaces(geos, parsed.problem.value);
  if (near.length === 0) return parsed;
  return { ok: false, problem: { ...parsed.problem, message: `${parsed.problem.message}; did you mean ${near.map((g) => `${g.field_value} (${g.name})`).join(", ")}?` } };
}
