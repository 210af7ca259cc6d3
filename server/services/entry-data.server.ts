import { chosenWindow, monthlyCycle, periodRows, type EntrySeriesData } from "../../app/features/catalog/entry-data";
import type { CatalogEntry } from "../../app/features/catalog/schema";
import type { EntrySeriesViewData } from "../../app/features/catalog/EntrySeriesView";
import { SCENARIO_VALUES, type Indicator, type ScenarioValue } from "../../app/features/cmip6/schema";
import { roundedAnswer, type SeriesResponse } from "../../app/features/cmip6/series";
import { mergeSources, sourceSummary } from "../../app/features/cmip6/sources";
import { SERIES_FREQUENCIES, seriesIndicatorCodes, servesFrequency, type SeriesFrequency } from "../../app/features/cmip6/seriesQuery";
import { lineFromSeries, windowMeans } from "../../app/features/compare/compare";
import type { SeriesService } from "../series/service.server";
import type { ReferenceService } from "./reference.server";

/** The indicator behind a catalogue entry's `cmip6_id` and the frequency of its series, if it has one. */
export function entrySeriesOf(entry: CatalogEntry, indicators: readonly Indicator[]): { indicator: Indicator; frequency: SeriesFrequency } | undefined {
  const tid = entry["cmip6_id"];
  const indicator = typeof tid === "string" ? indicators.find((i) => i.tid === tid) : undefined;
  if (!indicator) return undefined;
  const preferred: SeriesFrequency = entry.period === "monthly" ? "monthly" : "annual";
  const frequency = [preferred, ...SERIES_FREQUENCIES].find((f) => servesFrequency(indicator, f));
  return frequency ? { indicator, frequency } : undefined;
}

const sourcesOf = (answers: readonly SeriesResponse[]) => [
  ...new Set(answers.flatMap((a) => Object.values(a.provenance).map((p) => `${p.source}, version ${p.version}: ${p.method}`))),
];

/**
 * The series of a catalogue entry's indicator for one place: the scenarios' ensemble over the years
 * (annual entries) or their mean annual cycles (monthly entries). Undefined when the store has none.
 */
export async function entrySeries(
  series: SeriesService,
  indicator: Indicator,
  frequency: SeriesFrequency,
  geo: string,
  windowLabel: string | null,
): Promise<EntrySeriesData | undefined> {
  const answers: SeriesResponse[] = [];
  for (const scenario of SCENARIO_VALUES) {
    const resolved = series.resolve(frequency, { indicator: indicator.field_value, geo, scenario: [scenario as ScenarioValue] });
    if (!resolved.ok) continue;
    // unrounded: the window means and the annual cycle are statistics of the values (the lines are rounded as the API sends them)
    const answer = await series.response(resolved.value, "full");
    if (!("status" in answer)) answers.push(answer);
  }
  if (answers.length === 0) return undefined;
  const { indicator: described, geo: place } = answers[0];
  const common = { indicator: described, geo: place, frequency, origin: sourceSummary(mergeSources(answers)), sources: sourcesOf(answers) } as const;

  if (frequency === "annual") {
    const labels = answers.map((a) => a.scenarios[0].name);
    const lines = answers.map((a, i) => lineFromSeries(roundedAnswer(a), labels[i]));
    return { ...common, data: { kind: "annual", lines, ...windowMeans(answers, labels, true) } };
  }
  const rows = periodRows(answers.map((a) => a.scenarios[0]));
  return { ...common, data: { kind: "monthly", window: chosenWindow(windowLabel), rows: monthlyCycle(answers, rows) } };
}

/**
 * What the dataset page shows of an entry's data, from the page's URL (`geo`, and `window` for monthly
 * entries); undefined for entries whose values the portal does not hold. An unknown place falls back to
 * the entry's country, else the first place of the list, so an edited link still shows a page.
 */
export async function entrySeriesView(
  series: SeriesService,
  reference: ReferenceService,
  entry: CatalogEntry,
  params: URLSearchParams,
): Promise<EntrySeriesViewData | undefined> {
  const indicators = reference.list("getIndicators");
  const found = entrySeriesOf(entry, indicators);
  if (!found) return undefined;
  const geos = reference.list("getGeos");
  const known = (code: string | null) => geos.find((g) => g.field_value === code)?.field_value;
  const geo = known(params.get("geo")) ?? known(entry.geo) ?? geos[0].field_value;
  return {
    geos: geos.map(({ field_value, name, field_geotype, field_country }) => ({ field_value, name, field_geotype, ...(field_country ? { field_country } : {}) })),
    indicator: found.indicator.field_value,
    geo,
    explorable: seriesIndicatorCodes(indicators, "annual").includes(found.indicator.field_value),
    result: await entrySeries(series, found.indicator, found.frequency, geo, params.get("window")),
  };
}
