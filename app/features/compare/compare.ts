import { SCENARIO_NAMES } from "~/features/cmip6/scenarios";
import { BASELINE_PERIOD, PROJECTION_WINDOWS } from "~/features/cmip6/periods";
import type { SeriesResponse } from "~/features/cmip6/series";
import { levelCountText, levelLabel, levelMethodNote, levelWindows, WARMING_LEVEL_SCENARIOS, WARMING_LEVELS, type LevelWindows, type WarmingLevels } from "~/features/cmip6/warmingLevels";
import { leftOutList, modelClimatologies, modelsBySource, windowStatistics, type Agreement, type WindowStatistics } from "~/features/cmip6/windows";
import type { PeriodMode } from "./selection";

/** One compared item: a place, or a scenario of a place, as the ensemble median with its 10-90 % range. */
export interface CompareLine {
  label: string;
  years: number[];
  median: (number | null)[];
  p10: (number | null)[];
  p90: (number | null)[];
}

/**
 * One compared item over the baseline and each column (a 20-year window or a warming level): the
 * ensemble median of the models' climatologies, the median of the models' changes from their own
 * baselines, and whether the models agree on the sign of the change.
 */
export interface WindowRow {
  label: string;
  /** The projection of the row ("ssp245"); the historical run has no windows of its own. */
  scenario: string;
  baseline: number | null;
  values: (number | null)[];
  changes: (number | null)[];
  /** Sign agreement of the models' changes per column (IPCC AR6 simple approach); null without changes. */
  agreements: (Agreement | null)[];
  /** Models with a value in each column, and models of the answer (at a level, "32 of 35"). */
  counts: number[];
  of: number;
  /** Why a column has no value ("incomplete: 1 of 20 years", "not a warming-level scenario"), per column; null where it has one. */
  incomplete: (string | null)[];
  /** Per column, the models counted by the source of their values (both ends of a change from one source). */
  sources: { ingested: string[]; sample: string[] }[];
  /** Per column, the models left out by the one-source rule with the reason ("NorESM2-MM (baseline not ingested)"); empty if none. */
  leftOut: string[];
  /** At warming levels: each column's windows per model (for the count text and the method note). */
  levels?: LevelWindows[];
}

/** The window means of a set of lines: the columns' labels, and a row per line. */
export interface WindowMeans {
  mode: PeriodMode;
  windowLabels: string[];
  /** At warming levels: the level of each column (°C above 1850-1900). */
  levels?: number[];
  windows: WindowRow[];
  /** At warming levels: the method note of each scenario and level shown (`levelNotes`). */
  notes?: LevelNote[];
}

/** A warming level's method note, titled by scenario and level. */
export interface LevelNote {
  key: string;
  title: string;
  text: string;
}

/** The warming-level table, needed for `mode: "gwl"`. */
export interface LevelOptions {
  mode: PeriodMode;
  table?: Pick<WarmingLevels, "rows">;
}

/** The ensemble statistics of an answer, its scenario blocks joined in order (historical, then projection). */
export function lineFromSeries(response: SeriesResponse, label: string): CompareLine {
  const line: CompareLine = { label, years: [], median: [], p10: [], p90: [] };
  for (const block of response.series) {
    line.years.push(...block.years);
    line.median.push(...block.stats.median);
    line.p10.push(...block.stats.p10);
    line.p90.push(...block.stats.p90);
  }
  return line;
}

const isLevelScenario = (scenario: string): boolean => (WARMING_LEVEL_SCENARIOS as readonly string[]).includes(scenario);

/**
 * Each answer's baseline and window statistics by the portal's one ensemble method (`windowStatistics`).
 * With `sharedHistory` (the answers are scenarios of one place), every answer's baseline is the historical
 * run's, wherever it is among the answers. At warming levels (`options.mode === "gwl"`), each model's
 * climatology is over its own 20-year window from the table, the historical run joined before the
 * projection (windows can start before 2015); models that do not reach a level are left out of it, and
 * changes are against 1995-2014.
 */
export function windowMeans(answers: readonly SeriesResponse[], labels: readonly string[], sharedHistory = false, options: LevelOptions = { mode: "years" }): WindowMeans {
  const history = answers.flatMap((a) => a.series.filter((b) => b.scenario === "historical"));
  const gwl = options.mode === "gwl" && options.table !== undefined;
  const means: WindowMeans = {
    mode: gwl ? "gwl" : "years",
    windowLabels: gwl ? WARMING_LEVELS.map(levelLabel) : PROJECTION_WINDOWS.map((w) => w.label),
    ...(gwl ? { levels: [...WARMING_LEVELS] } : {}),
    windows: answers.map((answer, i): WindowRow => {
      const own = sharedHistory ? history : answer.series.filter((b) => b.scenario === "historical");
      const projection = answer.series.find((b) => b.scenario !== "historical");
      const scenario = projection?.scenario ?? "historical";
      const baseline = modelClimatologies(own, BASELINE_PERIOD);
      const row = {
        label: labels[i],
        scenario,
        baseline: windowStatistics(own, BASELINE_PERIOD).median,
        of: new Set(answer.series.flatMap((b) => Object.keys(b.values))).size,
      };
      if (!gwl) {
        return { ...row, ...columnsOf(PROJECTION_WINDOWS.map((w) => windowStatistics(answer.series, w, baseline))) };
      }
      if (!projection || !isLevelScenario(scenario)) {
        const none = WARMING_LEVELS.map(() => null);
        return {
          ...row,
          values: none,
          changes: none,
          agreements: none,
          counts: WARMING_LEVELS.map(() => 0),
          incomplete: WARMING_LEVELS.map(() => "no warming levels for the historical run"),
          sources: WARMING_LEVELS.map(() => ({ ingested: [], sample: [] })),
          leftOut: WARMING_LEVELS.map(() => ""),
        };
      }
      const members = answer.models.map((m) => ({ code: m.code, variant: m.variant }));
      const levels = WARMING_LEVELS.map((level) => levelWindows(options.table!, scenario, level, members));
      // historical years first, then the projection's: a window such as 2004-2023 joins both
      const blocks = [...own, projection];
      const stats = levels.map((w) => windowStatistics(blocks, { byModel: w.periods }, baseline));
      const columns = columnsOf(stats);
      // a level no model of the selection reaches says so rather than being empty
      columns.incomplete = columns.incomplete.map((text, j) => text ?? (Object.keys(levels[j].periods).length === 0 ? "not reached by any model" : null));
      return { ...row, ...columns, levels };
    }),
  };
  return gwl ? { ...means, notes: levelNotes(means) } : means;
}

/** "+2 °C: 32 of 35 models under SSP2-4.5" for a row's level column: the models with a value. */
export function rowLevelCount(row: WindowRow, column: number): string | undefined {
  const windows = row.levels?.[column];
  return windows ? levelCountText(windows, SCENARIO_NAMES[row.scenario] ?? row.scenario, row.counts[column], row.of) : undefined;
}

/**
 * The method notes of the warming levels shown: one per scenario and level, with the models left out and
 * the members that differ (rows of the same scenario share the notes).
 */
export function levelNotes(means: Pick<WindowMeans, "windows">): LevelNote[] {
  const notes = new Map<string, LevelNote>();
  for (const row of means.windows) {
    row.levels?.forEach((windows) => {
      const key = `${row.scenario}-${windows.level}`;
      if (!notes.has(key)) notes.set(key, { key, title: `${SCENARIO_NAMES[row.scenario] ?? row.scenario}, ${levelLabel(windows.level)}`, text: levelMethodNote(windows) });
    });
  }
  return [...notes.values()];
}

/** The table's columns of one compared item from the statistics of each window or level. */
function columnsOf(stats: readonly WindowStatistics[]) {
  return {
    values: stats.map((s) => s.median),
    changes: stats.map((s) => s.change?.median ?? null),
    agreements: stats.map((s) => s.change?.agreement ?? null),
    counts: stats.map((s) => s.count),
    incomplete: stats.map((s) => s.incomplete ?? null),
    sources: stats.map(modelsBySource),
    leftOut: stats.map((s) => leftOutList(s.excluded)),
  };
}
