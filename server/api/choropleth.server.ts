import type { ChoroplethQuery, ChoroplethResponse } from "../../app/features/maps/choropleth";
import { windowDecimals, windowStatistics } from "../../app/features/cmip6/windows";
import { ENSEMBLE, type SeriesQuery } from "../../app/features/cmip6/seriesQuery";
import { SCENARIO_VALUES, type ScenarioValue } from "../../app/features/cmip6/schema";
import type { SeriesService } from "../series/service.server";

export interface ChoroplethProblem {
  status: 400 | 404;
  message: string;
  details?: unknown;
}

/** The period mean of every region of one kind for one selection (no Node built-ins: loaders use it too). */
export async function choropleth(series: SeriesService, q: ChoroplethQuery): Promise<ChoroplethResponse | ChoroplethProblem> {
  const { indicator, geotype, scenario, model, start, end } = q;
  if (!SCENARIO_VALUES.includes(scenario as ScenarioValue)) {
    return { status: 400, message: `Invalid scenario "${scenario}"`, details: { field: "scenario", allowed: SCENARIO_VALUES } };
  }
  if (!Number.isInteger(start) || !Number.isInteger(end) || start > end) {
    return { status: 400, message: "start and end must be years with start <= end", details: { field: "start" } };
  }
  const geos = series.catalog.geos.filter((g) => g.field_geotype === geotype);
  const values: ChoroplethResponse["values"] = [];
  let info: ChoroplethResponse["indicator"] | undefined;
  let sample = false;
  for (const geo of geos) {
    const query: SeriesQuery = { indicator, geo: geo.field_value, scenario: [scenario as ScenarioValue], start, end };
    if (model !== ENSEMBLE) query.model = [model];
    const parsed = series.parse("annual", new URLSearchParams(toParams(query)));
    if (!parsed.ok) {
      const { message, ...details } = parsed.problem;
      return { status: 400, message, details };
    }
    const resolved = series.resolve("annual", parsed.query);
    if (!resolved.ok) return { status: 404, message: resolved.message, details: resolved.details };
    const answer = await series.response(resolved.value);
    if ("status" in answer) return { status: 404, message: answer.message, details: answer.details };
    info ??= { code: answer.indicator.code, name: answer.indicator.name, units: answer.indicator.units, decimals: answer.indicator.decimals };
    sample ||= answer.sample;
    // the one ensemble method: each model's climatology over the period, then the median across models
    const stats = windowStatistics(answer.series, { start, end });
    const scale = 10 ** windowDecimals(answer.indicator.decimals);
    values.push({
      geo: geo.field_value,
      name: geo.name,
      value: stats.median === null ? null : Math.round(stats.median * scale) / scale,
      models: stats.count,
      ...(stats.incomplete ? { incomplete: stats.incomplete } : {}),
    });
  }
  if (!info) return { status: 404, message: `No ${geotype} regions`, details: { field: "geotype" } };
  return { indicator: info, geotype, scenario, model, period: { start, end }, values, sample };
}

function toParams(query: SeriesQuery): Record<string, string> {
  const out: Record<string, string> = { indicator: query.indicator, geo: query.geo };
  if (query.scenario) out.scenario = query.scenario.join(",");
  if (query.model) out.model = query.model.join(",");
  if (query.start !== undefined) out.start = String(query.start);
  if (query.end !== undefined) out.end = String(query.end);
  return out;
}
