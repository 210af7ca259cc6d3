import { readGeotype, type ChoroplethQuery, type ChoroplethResponse, type ChoroplethWindow } from "../../app/features/maps/choropleth";
import { AGREEMENT_RULE, modelClimatologies, spanOf, windowDecimals, windowStatistics } from "../../app/features/cmip6/windows";
import { ENSEMBLE, type SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import { SCENARIO_VALUES, type ScenarioValue } from "../../app/features/cmip6/schema";
import { BASELINE_PERIOD, type YearRange } from "../../app/features/cmip6/periods";
import {
  choicePeriods,
  levelCountText,
  levelMethodNote,
  modelMember,
  parseWindowChoice,
  WARMING_LEVEL_SCENARIOS,
  WINDOW_CHOICES,
  yearsChoice,
  type WarmingLevels,
  type WindowChoice,
} from "../../app/features/cmip6/warmingLevels";
import type { ScenarioSeries } from "../../app/features/cmip6/series";
import type { SeriesService } from "../series/service.server";

export interface ChoroplethProblem {
  status: 400 | 404;
  message: string;
  details?: unknown;
}

/** What `window` accepts, for the 400 answers. */
export const WINDOW_ALLOWED = [...WINDOW_CHOICES.map((c) => c.code), "<start>-<end> (years 1950-2100, start <= end)"];

const round = (value: number | null, decimals: number) => (value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals);

/**
 * The period mean of every region of one kind (the countries, the river basins, or the states and
 * provinces) for one selection (no Node built-ins: loaders use it too).
 * The period is `window` (a 20-year window or a global warming level) or `start`-`end`; for a projection
 * each value also carries the change from 1995-2014 and the models' agreement on its sign.
 */
export async function choropleth(series: SeriesService, table: Pick<WarmingLevels, "rows">, q: ChoroplethQuery): Promise<ChoroplethResponse | ChoroplethProblem> {
  const { indicator, geotype, scenario } = q;
  if (!SCENARIO_VALUES.includes(scenario as ScenarioValue)) {
    return { status: 400, message: `Invalid scenario "${scenario}"`, details: { field: "scenario", allowed: SCENARIO_VALUES } };
  }
  let choice: WindowChoice | undefined;
  if (q.window !== undefined) {
    if (q.start !== undefined || q.end !== undefined) {
      return { status: 400, message: "Give either window or start and end", details: { field: "window", allowed: WINDOW_ALLOWED } };
    }
    choice = parseWindowChoice(q.window);
    if (!choice) return { status: 400, message: `Invalid window "${q.window}"`, details: { field: "window", allowed: WINDOW_ALLOWED } };
    if (choice.kind === "gwl" && !(WARMING_LEVEL_SCENARIOS as readonly string[]).includes(scenario)) {
      return {
        status: 400,
        message: `Warming levels are given under ${WARMING_LEVEL_SCENARIOS.join(" and ")} only`,
        details: { field: "window", allowed: WINDOW_ALLOWED, scenarios: WARMING_LEVEL_SCENARIOS },
      };
    }
  } else {
    const { start, end } = q;
    if (start === undefined || end === undefined || !Number.isInteger(start) || !Number.isInteger(end) || start > end) {
      return { status: 400, message: "start and end must be years with start <= end (or give window)", details: { field: "start" } };
    }
    choice = yearsChoice({ start, end, label: `${start}-${end}` });
  }

  // the models: the ensemble (every model of the catalogue), one model, or a comma list (a subset)
  const catalogue = series.catalog.models;
  const asked = q.model === ENSEMBLE ? undefined : [...new Set(q.model.split(",").map((m) => m.trim()))];
  const unknown = asked?.find((m) => !catalogue.some((c) => c.field_value === m));
  if (unknown !== undefined) {
    return { status: 400, message: `Unknown model "${unknown}"`, details: { field: "model", allowed: [ENSEMBLE, ...catalogue.map((c) => c.field_value)] } };
  }
  const models = asked ? catalogue.filter((c) => asked.includes(c.field_value)) : catalogue;

  const projection = scenario !== "historical";
  const { periods: periodChoice, level: windows } = choicePeriods(table, scenario, choice, models.map(modelMember));
  let window: ChoroplethWindow;
  let span: YearRange;
  // the models whose series are read: at a level, those with a window
  let queried = models;
  if (windows && choice.kind === "gwl") {
    const count = Object.keys(windows.periods).length;
    const name = series.catalog.scenarios.find((s) => s.field_value === scenario)?.name ?? scenario;
    // without any model at the level, the values are empty; the scenario's years stand for the period
    span = count ? spanOf(periodChoice) : { start: 2015, end: 2100 };
    if (count) queried = models.filter((m) => m.field_value in windows.periods);
    window = { kind: "gwl", code: choice.code, label: choice.label, ...windows, models: count, of: models.length, text: levelCountText(windows, name), note: levelMethodNote(windows) };
  } else {
    span = spanOf(periodChoice);
    window = { kind: "years", code: choice.code, label: choice.label, start: span.start, end: span.end };
  }
  // a projection joins the historical run: for the 1995-2014 baseline, and for level windows before 2015
  const years = projection ? { start: Math.min(BASELINE_PERIOD.start, span.start), end: span.end } : span;

  // the regions the map draws: places an operator added (`--places`) have no outline in its layers
  const geos = series.catalog.geos.filter((g) => g.field_geotype === geotype && !g.added);
  const values: ChoroplethResponse["values"] = [];
  let info: ChoroplethResponse["indicator"] | undefined;
  let sample = false;
  let missing: ChoroplethProblem | undefined;
  for (const geo of geos) {
    const query: SeriesQuery = {
      indicator,
      geo: geo.field_value,
      scenario: projection ? ["historical", scenario as ScenarioValue] : [scenario as ScenarioValue],
      start: years.start,
      end: years.end,
    };
    if (asked || queried.length < catalogue.length) query.model = queried.map((m) => m.field_value);
    const parsed = series.parse("annual", new URLSearchParams(toParams(query)));
    if (!parsed.ok) {
      const { message, ...details } = parsed.problem;
      return { status: 400, message, details };
    }
    const resolved = series.resolve("annual", parsed.query);
    if (!resolved.ok) return { status: 404, message: resolved.message, details: resolved.details };
    // unrounded: a region's value is a statistic of the yearly values, rounded once below
    const answer = await series.response(resolved.value, "full");
    if ("status" in answer) {
      // a place without series (one the models' grid does not reach) has no value, and says why; the
      // answer is a 404 only when no region has any
      missing ??= { status: 404, message: answer.message, details: answer.details };
      values.push({ geo: geo.field_value, name: geo.name, value: null, models: 0, missing: answer.message, ...(projection ? { change: null, agreement: null } : {}) });
      continue;
    }
    info ??= { code: answer.indicator.code, name: answer.indicator.name, units: answer.indicator.units, decimals: answer.indicator.decimals };
    sample ||= answer.sample;
    // historical block first: a year is taken from the first block that has it
    const blocks: ScenarioSeries[] = [...answer.series].sort((a, b) => Number(b.scenario === "historical") - Number(a.scenario === "historical"));
    const baseline = projection ? modelClimatologies(blocks.filter((b) => b.scenario === "historical"), BASELINE_PERIOD) : undefined;
    // the one ensemble method: each model's climatology over the period (its own window at a level), then the median across models
    const stats = windowStatistics(blocks, periodChoice, baseline);
    const decimals = windowDecimals(answer.indicator.decimals);
    values.push({
      geo: geo.field_value,
      name: geo.name,
      value: round(stats.median, decimals),
      models: stats.count,
      ...(stats.incomplete ? { incomplete: stats.incomplete } : {}),
      ...(projection ? { change: round(stats.change?.median ?? null, decimals), agreement: stats.change?.agreement ?? null } : {}),
      ...(Object.keys(stats.excluded).length > 0 ? { excluded: Object.entries(stats.excluded).map(([model, e]) => ({ model, reason: e.reason })) } : {}),
    });
  }
  if (!info) return missing ?? { status: 404, message: `No ${geotype} regions`, details: { field: "geotype" } };
  return {
    indicator: info,
    geotype,
    scenario,
    model: q.model,
    period: { start: span.start, end: span.end },
    window,
    ...(projection ? { baseline: BASELINE_PERIOD.label, agreementRule: AGREEMENT_RULE } : {}),
    values,
    sample,
  };
}

/** The query of `/api/viewer/choropleth` from its parameters (unknown ones are for the caller to refuse). */
export function choroplethQueryFromParams(params: URLSearchParams): ChoroplethQuery {
  const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
  return {
    indicator: params.get("indicator") ?? "",
    geotype: readGeotype(params.get("geotype")),
    scenario: params.get("scenario") ?? "",
    model: params.get("model") || ENSEMBLE,
    ...(params.has("window") ? { window: params.get("window")! } : {}),
    ...(params.has("start") ? { start: number("start") } : {}),
    ...(params.has("end") ? { end: number("end") } : {}),
  };
}

function toParams(query: SeriesQuery): Record<string, string> {
  const out: Record<string, string> = { indicator: query.indicator, geo: query.geo };
  if (query.scenario) out.scenario = query.scenario.join(",");
  if (query.model) out.model = query.model.join(",");
  if (query.start !== undefined) out.start = String(query.start);
  if (query.end !== undefined) out.end = String(query.end);
  return out;
}
