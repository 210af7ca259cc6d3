import { lineFromSeries, windowMeans, type CompareLine, type WindowMeans } from "../../app/features/compare/compare";
import type { CompareSelection } from "../../app/features/compare/selection";
import { roundedAnswer, type SeriesResponse } from "../../app/features/cmip6/series";
import { mergeSources, sourceSummary, type SourceSummary } from "../../app/features/cmip6/sources";
import type { ScenarioValue } from "../../app/features/cmip6/schema";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import type { SeriesService } from "../series/service.server";

/** A comparison: its lines, their means over the baseline and each 20-year window, and where the values come from. */
export interface CompareResult extends WindowMeans {
  indicator: SeriesResponse["indicator"];
  lines: CompareLine[];
  /** Sample, ingested or mixed, over every answer compared. */
  origin: SourceSummary;
}

async function ensembleSeries(series: SeriesService, indicator: string, geo: string, scenario: ScenarioValue[]) {
  const resolved = series.resolve("annual", { indicator, geo, scenario });
  if (!resolved.ok) return undefined;
  // unrounded: the window means are statistics of the yearly values (the lines are rounded as the API sends them)
  const answer = await series.response(resolved.value, "full");
  return "status" in answer ? undefined : answer;
}

/**
 * The comparison of a selection from the series service: per place (historical joined to the chosen
 * projection) or per scenario of one place, the ensemble median and range, and the means over the 20-year
 * windows or, with `periods: "gwl"`, at the global warming levels of `table`.
 */
export async function compare(series: SeriesService, selection: CompareSelection, table?: Pick<WarmingLevels, "rows">): Promise<CompareResult | undefined> {
  const requests =
    selection.mode === "places"
      ? selection.geos.map((geo) => ({ geo, scenario: ["historical", selection.scenario] as ScenarioValue[] }))
      : (["historical", "ssp245", "ssp585"] as ScenarioValue[]).map((s) => ({ geo: selection.geos[0], scenario: [s] }));
  const answers = await Promise.all(requests.map((r) => ensembleSeries(series, selection.indicator, r.geo, r.scenario)));
  const present = answers.filter((a): a is SeriesResponse => a !== undefined);
  if (present.length === 0) return undefined;
  const labels = present.map((answer) => (selection.mode === "places" ? answer.geo.name : answer.scenarios[0].name));
  const lines = present.map((answer, i) => lineFromSeries(roundedAnswer(answer), labels[i]));
  const windows = windowMeans(present, labels, selection.mode === "scenarios", { mode: selection.periods, table });
  return {
    indicator: present[0].indicator,
    lines,
    ...windows,
    origin: sourceSummary(mergeSources(present)),
  };
}
