import { BASELINE_PERIOD, type SeasonCode } from "../../../app/features/cmip6/periods";
import type { ScenarioSeries } from "../../../app/features/cmip6/series";
import type { SeriesFrequency } from "../../../app/features/cmip6/seriesQuery";
import { choicePeriods, modelMember, type LevelWindows, type WarmingLevels } from "../../../app/features/cmip6/warmingLevels";
import { modelClimatologies, windowStatistics, type PeriodChoice } from "../../../app/features/cmip6/windows";
import { gridWindowsOf, type GridIndicator, type GridScenario, type GridSeason } from "../../../app/features/grids/grid";
import type { ResolvedSeriesQuery, SeriesService } from "../../series/service.server";

/**
 * What the gridded sample fields are fitted to: each model's period means over every place, exactly as the
 * series API and the place pages compute them (the answer's per-model series, historical run first, then
 * `modelClimatologies` for 1995-2014 and `windowStatistics` for a window, with the 90 % rule and, at a
 * warming level, each model's own window). One reading per indicator, scenario and season serves every
 * window of it.
 */

/** One window's per-model place means. */
export interface PlaceWindow {
  /** Per model: the mean over each place of `PlaceValues.geos` (NaN: no value). */
  means: Map<string, Float64Array>;
  /** The periods of the window: the same years for every model, or each model's own at a level. */
  periods: PeriodChoice;
  /** At a warming level: who has a window and who is left out. */
  level?: LevelWindows;
  /** Models the place series' rules leave out of this window, with why. */
  excluded: Map<string, string>;
}

export interface PlaceValues {
  /** Place codes, in the order of every `Float64Array` here. */
  geos: string[];
  indicator: { code: string; name: string; units: string; decimals: number };
  /** Catalogue models in catalogue order, and those with series of the indicator. */
  models: string[];
  withSeries: Set<string>;
  /** Per model: the 1995-2014 mean over each place. */
  baseline: Map<string, Float64Array>;
  /** Per window code of the scenario. */
  windows: Map<string, PlaceWindow>;
  sample: boolean;
}

/** The series API's path and season for a field's season. */
export const seriesFrequencyOf = (season: GridSeason): { frequency: SeriesFrequency; season?: SeasonCode } =>
  season === "annual" ? { frequency: "annual" } : { frequency: "monthly", season };

/**
 * Place series asked of the series service at once while a field's place values are read: enough to keep
 * its workers busy (one or a few on a small machine) while this thread takes each answer's means.
 */
export const PLACE_READS_AT_ONCE = 4;

/** Reads every place's series of one indicator, scenario and season once, and the per-model means of all windows. */
export async function readPlaceValues(
  series: SeriesService,
  table: Pick<WarmingLevels, "rows" | "version" | "licence">,
  indicator: GridIndicator,
  scenario: GridScenario,
  season: GridSeason,
  geos: readonly string[],
): Promise<PlaceValues | undefined> {
  const catalogue = series.catalog.models;
  const models = catalogue.map((m) => m.field_value);
  const { frequency, season: seasonCode } = seriesFrequencyOf(season);
  const choices = gridWindowsOf(scenario);
  const periods = choices.map((choice) => choicePeriods(table, scenario, choice, catalogue.map(modelMember)));
  const out: Omit<PlaceValues, "indicator"> = {
    geos: [...geos],
    models,
    withSeries: new Set(),
    baseline: new Map(models.map((m) => [m, new Float64Array(geos.length).fill(NaN)])),
    windows: new Map(
      choices.map((choice, w) => [
        choice.code,
        { means: new Map(models.map((m) => [m, new Float64Array(geos.length).fill(NaN)])), periods: periods[w].periods, level: periods[w].level, excluded: new Map() },
      ]),
    ),
    sample: false,
  };
  // every place's query first: one the catalogue refuses means no field (nothing is asked of the workers)
  const queries: ResolvedSeriesQuery[] = [];
  for (const geo of geos) {
    const params = new URLSearchParams({ indicator, geo, scenario: `historical,${scenario}`, ...(seasonCode ? { season: seasonCode } : {}) });
    const parsed = series.parse(frequency, params);
    if (!parsed.ok) return undefined;
    const resolved = series.resolve(frequency, parsed.query);
    if (!resolved.ok) return undefined;
    queries.push(resolved.value);
  }
  // per place, in place order: its indicator description and the reasons its series leave models out (the
  // first place's reason is kept, whatever order the answers come in)
  const infos: (PlaceValues["indicator"] | undefined)[] = geos.map(() => undefined);
  const reasons: Map<string, string>[][] = geos.map(() => choices.map(() => new Map()));
  const readPlace = async (g: number) => {
    // unrounded: the fields are fitted to the place means the series API computes, from the unrounded values
    const answer = await series.response(queries[g], "full");
    if ("status" in answer) return;
    const { code, name, units, decimals } = answer.indicator;
    infos[g] = { code, name, units, decimals };
    out.sample ||= answer.sample;
    // the historical block first: a year is taken from the first block that has it (as the choropleth)
    const blocks: ScenarioSeries[] = [...answer.series].sort((a, b) => Number(b.scenario === "historical") - Number(a.scenario === "historical"));
    for (const block of blocks) for (const model of Object.keys(block.values)) out.withSeries.add(model);
    const baseline = modelClimatologies(blocks.filter((b) => b.scenario === "historical"), BASELINE_PERIOD);
    for (const [model, c] of Object.entries(baseline)) if (c.mean !== null && !c.excluded) out.baseline.get(model)![g] = c.mean;
    for (const [w, choice] of choices.entries()) {
      const window = out.windows.get(choice.code)!;
      const stats = windowStatistics(blocks, periods[w].periods, baseline);
      for (const [model, m] of Object.entries(stats.models)) window.means.get(model)![g] = m.mean;
      for (const [model, e] of Object.entries(stats.excluded)) reasons[g][w].set(model, e.reason);
    }
  };
  // a few places at a time: the series workers compute the next answers while this thread reads the last
  // ones, and the field's jobs never fill the client's line of the workers (`SeriesWorkerPool`) with more
  // than these, so the client's other series wait behind a few of them at most
  let next = 0;
  const reader = async () => {
    while (next < geos.length) await readPlace(next++);
  };
  await Promise.all(Array.from({ length: Math.min(PLACE_READS_AT_ONCE, geos.length) }, reader));
  for (const [w, choice] of choices.entries()) {
    const excluded = out.windows.get(choice.code)!.excluded;
    for (const place of reasons) for (const [model, reason] of place[w]) if (!excluded.has(model)) excluded.set(model, reason);
  }
  const info = infos.find((i) => i !== undefined);
  return info ? { ...out, indicator: info } : undefined;
}
