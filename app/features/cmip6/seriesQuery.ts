import { CMIP6_EXPERIMENT_PERIODS, parseYearRange, SEASON_CODES, type SeasonCode, type YearRange } from "./periods";
import { parseWindowChoice, WINDOW_CHOICES } from "./warmingLevels";
import { DROUGHT_INDICATORS, DROUGHT_SCALES_OF, isDroughtIndicator, type DroughtScale } from "./droughtQuery";
import { SCENARIO_VALUES, type ScenarioValue } from "./scenarios";
import type { Cmip6Model, Geo, Indicator, Scenario } from "./schema";
import { OBSERVED } from "../observations/ids";

/**
 * The query of the series API (`/api/cmip6/v1/monthly`, `/api/cmip6/annual`) and its URL codec, shared by
 * the server's parser, the RTK Query endpoints and the screens' URL state. The explorer parses its URL in
 * the browser too, so this module stays free of zod: its rules are plain predicates (decision 016).
 */

export const SERIES_FREQUENCIES = ["monthly", "annual"] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

/** Data paths under /api, as the indicator seeds name them in `field_api_url`. */
export const SERIES_PATHS: Readonly<Record<SeriesFrequency, string>> = {
  monthly: "cmip6/v1/monthly",
  annual: "cmip6/annual",
};

/** The `model` value that stands for every model of the catalogue. */
export const ENSEMBLE = "ensemble";

/**
 * Scenarios of the series API: the catalogue's experiments and `observed` (observational datasets, whose
 * `model` is the dataset id). `observed` is asked alone: observations never join a model ensemble.
 */
export const SERIES_SCENARIOS = [...SCENARIO_VALUES, OBSERVED] as const;
export type SeriesScenario = (typeof SERIES_SCENARIOS)[number];

export interface SeriesQuery {
  /** Indicator code (`field_value`), e.g. "tas" or "rx1day". */
  indicator: string;
  /** Geo code (`field_value`): ISO3 for a country, slug for a basin. */
  geo: string;
  /** Scenarios; absent: every scenario of the catalogue with data in the period (never `observed`). */
  scenario?: SeriesScenario[];
  /** Model ids, or `["ensemble"]` (the same as absent): every model. */
  model?: string[];
  /** First year; absent: the first year of the scenarios. */
  start?: number;
  /** Last year; absent: the last year of the scenarios. */
  end?: number;
  /** Monthly path only: one calendar month 1-12. */
  month?: number;
  /** Monthly path only: a season (see `SEASONS`). */
  season?: SeasonCode;
  /**
   * SPI and SPEI only: the accumulation scale in months (`DROUGHT_SCALES_OF`: 1, 3, 6 or 12 monthly, 12
   * annual); absent: `DEFAULT_DROUGHT_SCALE` of the path (3 monthly, 12 annual).
   */
  scale?: DroughtScale;
  /**
   * A period statistic to add to the answer (`windows`): a range of years ("2040-2059") or a global
   * warming level ("gwl:2.0"), as its canonical code (`parseWindowChoice`).
   */
  window?: string;
}

/** Parameter names in canonical order. */
export const SERIES_PARAMS = ["indicator", "geo", "scenario", "model", "start", "end", "month", "season", "scale", "window"] as const;
export type SeriesParam = (typeof SERIES_PARAMS)[number];
const MONTHLY_ONLY: readonly SeriesParam[] = ["month", "season"];

export function seriesParamsFor(frequency: SeriesFrequency): SeriesParam[] {
  return SERIES_PARAMS.filter((p) => frequency === "monthly" || !MONTHLY_ONLY.includes(p));
}

const compareModels = (a: string, b: string) => {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The one spelling of a query: scenarios in catalogue order, models sorted without duplicates, `ensemble`
 * (every model) as no `model` at all, no undefined keys. Equal queries have equal canonical forms.
 */
export function canonicalSeriesQuery(query: SeriesQuery): SeriesQuery {
  const out: SeriesQuery = { indicator: query.indicator, geo: query.geo };
  if (query.scenario?.length) out.scenario = SERIES_SCENARIOS.filter((s) => query.scenario!.includes(s));
  if (query.model?.length) {
    const models = [...new Set(query.model)].sort(compareModels);
    if (!(models.length === 1 && models[0] === ENSEMBLE)) out.model = models;
  }
  if (query.start !== undefined) out.start = query.start;
  if (query.end !== undefined) out.end = query.end;
  if (query.month !== undefined) out.month = query.month;
  if (query.season !== undefined) out.season = query.season;
  if (query.scale !== undefined) out.scale = query.scale;
  if (query.window !== undefined) out.window = query.window;
  return out;
}

/**
 * The URL query string (without "?") of a query, canonical: parameters in `SERIES_PARAMS` order, lists
 * comma-separated. RTK Query uses it as the cache key and the server hashes it into the ETag.
 */
export function seriesQueryString(query: SeriesQuery): string {
  const q = canonicalSeriesQuery(query);
  const parts: string[] = [];
  // list items are encoded one by one: the commas between them stay literal
  const add = (name: SeriesParam, value: string | number | readonly string[] | undefined) => {
    if (value === undefined) return;
    const items = typeof value === "object" ? value : [String(value)];
    parts.push(`${name}=${items.map(encodeURIComponent).join(",")}`);
  };
  add("indicator", q.indicator);
  add("geo", q.geo);
  add("scenario", q.scenario);
  add("model", q.model);
  add("start", q.start);
  add("end", q.end);
  add("month", q.month);
  add("season", q.season);
  add("scale", q.scale);
  add("window", q.window);
  return parts.join("&");
}

/** The reference lists a query is validated against (the seeds on the server, the cached lists in the browser). */
export interface SeriesCatalog {
  indicators: readonly Indicator[];
  geos: readonly Geo[];
  scenarios: readonly Scenario[];
  models: readonly Cmip6Model[];
  /**
   * The series API's catalogue: the observational dataset ids, valid as `model` with `scenario=observed`.
   * Screens' catalogues leave it out, so a page URL never asks for observations it does not show.
   */
  observations?: readonly string[];
}

/** True when the indicator has values at this frequency. Monthly ETCCDI indices also have annual values. */
export function servesFrequency(indicator: Indicator, frequency: SeriesFrequency): boolean {
  if (indicator.field_api_url !== undefined) return indicator.field_api_url === SERIES_PATHS[frequency];
  if (frequency === "monthly") return indicator.field_api_type === "monthly";
  return indicator.field_api_type === "annual" || indicator.field_api_type === "monthly";
}

/** The catalogue entry that describes `code` at this frequency (the annual average before the monthly index). */
export function seriesIndicator(
  indicators: readonly Indicator[],
  code: string,
  frequency: SeriesFrequency,
): Indicator | undefined {
  const candidates = indicators.filter((i) => i.field_value === code && servesFrequency(i, frequency));
  return (
    candidates.find((i) => i.field_api_url === SERIES_PATHS[frequency] || i.field_api_type === frequency) ?? candidates[0]
  );
}

/** Indicator codes with values at this frequency, in catalogue order. */
export function seriesIndicatorCodes(indicators: readonly Indicator[], frequency: SeriesFrequency): string[] {
  return [...new Set(indicators.filter((i) => servesFrequency(i, frequency)).map((i) => i.field_value))];
}

/** Years an experiment covers: the seed's `field_period`, else the NEX-GDDP-CMIP6 range. */
export function scenarioPeriod(scenario: Scenario): YearRange {
  const fromSeed = scenario.field_period ? parseYearRange(scenario.field_period) : undefined;
  const { start, end } = fromSeed ?? CMIP6_EXPERIMENT_PERIODS[scenario.field_value];
  return { start, end };
}

/** Years any scenario of the catalogue covers. */
export function catalogYears(catalog: SeriesCatalog): YearRange {
  const periods = catalog.scenarios.map(scenarioPeriod);
  return { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) };
}

/** Why a query is invalid: the parameter, a sentence, and what it accepts (values, or a numeric range). */
export interface SeriesQueryProblem {
  field: string;
  message: string;
  allowed: string[] | { min: number; max: number };
  value?: string;
}

export type SeriesQueryParse = { ok: true; query: SeriesQuery } | { ok: false; problem: SeriesQueryProblem };

/** A rule for one parameter's text: the parsed value, or undefined when the text is not valid. */
type Rule<T> = (text: string) => T | undefined;

interface FieldRules {
  indicator: Rule<string>;
  indicatorCodes: string[];
  geo: Rule<string>;
  geoCodes: string[];
  scenario: Rule<SeriesScenario>;
  scenarioCodes: SeriesScenario[];
  model: Rule<string>;
  modelCodes: string[];
  years: YearRange;
  year: Rule<number>;
  month: Rule<number>;
  season: Rule<SeasonCode>;
  scale: Rule<DroughtScale>;
  scales: string[];
}

const YEAR_TEXT = /^\d{4}$/;
const MONTH_TEXT = /^\d{1,2}$/;
const rulesCache = new WeakMap<SeriesCatalog, Record<SeriesFrequency, FieldRules>>();

const oneOf =
  <T extends string>(values: readonly T[]): Rule<T> =>
  (text) =>
    (values as readonly string[]).includes(text) ? (text as T) : undefined;
const integerIn =
  (pattern: RegExp, min: number, max: number): Rule<number> =>
  (text) => {
    if (!pattern.test(text)) return undefined;
    const n = Number(text);
    return n >= min && n <= max ? n : undefined;
  };

function fieldRules(catalog: SeriesCatalog, frequency: SeriesFrequency): FieldRules {
  let cached = rulesCache.get(catalog);
  if (!cached) {
    const build = (f: SeriesFrequency): FieldRules => {
      const indicatorCodes = seriesIndicatorCodes(catalog.indicators, f);
      // codes of the other path pass here; the service answers 404 for them (the data lives elsewhere)
      const knownCodes = [...new Set(catalog.indicators.map((i) => i.field_value))];
      const geoCodes = catalog.geos.map((g) => g.field_value);
      const scenarioCodes: SeriesScenario[] = catalog.scenarios.map((s) => s.field_value);
      if (catalog.observations) scenarioCodes.push(OBSERVED);
      const modelCodes = [...catalog.models.map((m) => m.field_value), ...(catalog.observations ?? [])];
      const years = catalogYears(catalog);
      return {
        indicator: oneOf(knownCodes),
        indicatorCodes,
        geo: oneOf(geoCodes),
        geoCodes,
        scenario: oneOf(scenarioCodes),
        scenarioCodes,
        model: oneOf([ENSEMBLE, ...modelCodes]),
        modelCodes,
        years,
        year: integerIn(YEAR_TEXT, years.start, years.end),
        month: integerIn(MONTH_TEXT, 1, 12),
        season: oneOf(SEASON_CODES),
        scale: (text) => DROUGHT_SCALES_OF[f].find((n) => String(n) === text),
        scales: DROUGHT_SCALES_OF[f].map(String),
      };
    };
    cached = { monthly: build("monthly"), annual: build("annual") };
    rulesCache.set(catalog, cached);
  }
  return cached[frequency];
}

const LIST_PARAMS: readonly SeriesParam[] = ["scenario", "model"];

/**
 * Reads a series query from URL parameters and checks every value against the catalogue (the series
 * service adds the rules that keep observations apart from the models: `observedQueryProblem`). Lists
 * (`scenario`, `model`) may be repeated parameters or comma-separated; other parameters appear at most
 * once; an empty value counts as absent. Unknown parameters are refused so that a typo is not silently
 * ignored. The first problem found is reported. Whether data exists for a valid query is the server's
 * business (404), not this parser's.
 */
export function parseSeriesQuery(
  params: URLSearchParams,
  catalog: SeriesCatalog,
  frequency: SeriesFrequency,
): SeriesQueryParse {
  const rules = fieldRules(catalog, frequency);
  const accepted = seriesParamsFor(frequency);
  const fail = (problem: SeriesQueryProblem): SeriesQueryParse => ({ ok: false, problem });

  for (const name of new Set(params.keys())) {
    if (!(accepted as string[]).includes(name)) {
      const message = (MONTHLY_ONLY as string[]).includes(name)
        ? `"${name}" applies to the monthly series only (/api/${SERIES_PATHS.monthly})`
        : `Unknown parameter "${name}"`;
      return fail({ field: name, message, allowed: accepted });
    }
  }

  const single = (name: SeriesParam): { value?: string; problem?: SeriesQueryProblem } => {
    const values = params.getAll(name).filter((v) => v.trim() !== "");
    if (values.length > 1) {
      return { problem: { field: name, message: `Give "${name}" once`, allowed: allowedOf(name, rules), value: values.join(",") } };
    }
    return { value: values[0]?.trim() };
  };
  const list = (name: SeriesParam): string[] =>
    params
      .getAll(name)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter((v) => v !== "");

  const query: Partial<SeriesQuery> = {};

  for (const name of ["indicator", "geo"] as const) {
    const { value, problem } = single(name);
    if (problem) return fail(problem);
    if (value === undefined) return fail({ field: name, message: `"${name}" is required`, allowed: allowedOf(name, rules) });
    if (rules[name](value) === undefined) {
      return fail({ field: name, message: `Unknown ${name} "${value}"`, allowed: allowedOf(name, rules), value });
    }
    query[name] = value;
  }

  for (const name of LIST_PARAMS) {
    if (!params.has(name)) continue;
    const values = list(name);
    if (values.length === 0) continue;
    const rule = name === "scenario" ? rules.scenario : rules.model;
    const bad = values.find((v) => rule(v) === undefined);
    if (bad !== undefined) {
      return fail({ field: name, message: `Unknown ${name} "${bad}"`, allowed: allowedOf(name, rules), value: bad });
    }
    if (name === "model" && values.includes(ENSEMBLE) && values.some((v) => v !== ENSEMBLE)) {
      return fail({
        field: name,
        message: `"${ENSEMBLE}" stands for every model and cannot be combined with model names`,
        allowed: allowedOf(name, rules),
        value: values.join(","),
      });
    }
    if (name === "scenario") query.scenario = values as SeriesScenario[];
    else query.model = values;
  }

  for (const name of ["start", "end"] as const) {
    const { value, problem } = single(name);
    if (problem) return fail(problem);
    if (value === undefined) continue;
    const year = rules.year(value);
    if (year === undefined) {
      return fail({
        field: name,
        message: `"${name}" must be a year from ${rules.years.start} to ${rules.years.end}`,
        allowed: { min: rules.years.start, max: rules.years.end },
        value,
      });
    }
    query[name] = year;
  }
  if (query.start !== undefined && query.end !== undefined && query.end < query.start) {
    return fail({
      field: "end",
      message: `"end" (${query.end}) is before "start" (${query.start})`,
      allowed: { min: query.start, max: rules.years.end },
      value: String(query.end),
    });
  }

  if (frequency === "monthly") {
    const month = single("month");
    if (month.problem) return fail(month.problem);
    const season = single("season");
    if (season.problem) return fail(season.problem);
    if (month.value !== undefined) {
      const parsed = rules.month(month.value);
      if (parsed === undefined) {
        return fail({ field: "month", message: `"month" must be a month number 1-12`, allowed: { min: 1, max: 12 }, value: month.value });
      }
      query.month = parsed;
    }
    if (season.value !== undefined) {
      const parsed = rules.season(season.value);
      if (parsed === undefined) {
        return fail({ field: "season", message: `Unknown season "${season.value}"`, allowed: [...SEASON_CODES], value: season.value });
      }
      if (query.month !== undefined) {
        return fail({ field: "season", message: `Give "month" or "season", not both`, allowed: [...SEASON_CODES], value: season.value });
      }
      query.season = parsed;
    }
  }

  const scale = single("scale");
  if (scale.problem) return fail(scale.problem);
  if (scale.value !== undefined) {
    if (!isDroughtIndicator(query.indicator!)) {
      return fail({
        field: "scale",
        message: `"scale" applies to the drought indices (${DROUGHT_INDICATORS.join(", ")}) only, not to "${query.indicator}"`,
        allowed: rules.scales,
        value: scale.value,
      });
    }
    const parsed = rules.scale(scale.value);
    if (parsed === undefined) {
      const why = frequency === "annual" ? "an annual value is the 12-month index ending in December" : "months of accumulation";
      return fail({ field: "scale", message: `"scale" must be one of ${rules.scales.join(", ")} (${why})`, allowed: rules.scales, value: scale.value });
    }
    query.scale = parsed;
  }

  const window = single("window");
  if (window.problem) return fail(window.problem);
  if (window.value !== undefined) {
    const choice = parseWindowChoice(window.value, rules.years);
    if (!choice) {
      return fail({
        field: "window",
        message: `"window" must be a range of years within ${rules.years.start}-${rules.years.end} (such as 2040-2059) or a warming level gwl:1.5, gwl:2.0, gwl:3.0 or gwl:4.0`,
        allowed: allowedOf("window", rules),
        value: window.value,
      });
    }
    if (choice.kind === "gwl" && query.scenario && !query.scenario.some((sc) => sc !== "historical")) {
      return fail({
        field: "window",
        message: `Warming levels apply to the future scenarios (ssp245, ssp585), not to the historical run alone`,
        allowed: allowedOf("window", rules),
        value: window.value,
      });
    }
    query.window = choice.code;
  }

  return { ok: true, query: canonicalSeriesQuery(query as SeriesQuery) };
}

function allowedOf(name: SeriesParam, rules: FieldRules): SeriesQueryProblem["allowed"] {
  switch (name) {
    case "indicator":
      return rules.indicatorCodes;
    case "geo":
      return rules.geoCodes;
    case "scenario":
      return rules.scenarioCodes;
    case "model":
      return [ENSEMBLE, ...rules.modelCodes];
    case "start":
    case "end":
      return { min: rules.years.start, max: rules.years.end };
    case "month":
      return { min: 1, max: 12 };
    case "season":
      return [...SEASON_CODES];
    case "scale":
      return rules.scales;
    case "window":
      return WINDOW_CHOICES.map((c) => c.code);
  }
}
