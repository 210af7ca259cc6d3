import { BASELINE_PERIOD, PROJECTION_WINDOWS } from "~/features/cmip6/periods";
import type { SeriesResponse } from "~/features/cmip6/series";
import { modelClimatologies, windowStatistics } from "~/features/cmip6/windows";

/** One compared item: a place, or a scenario of a place, as the ensemble median with its 10-90 % range. */
export interface CompareLine {
  label: string;
  years: number[];
  median: (number | null)[];
  p10: (number | null)[];
  p90: (number | null)[];
}

/**
 * One compared item over the baseline and each 20-year projection window: the ensemble median of the
 * models' climatologies, and the median of the models' changes from their own baselines.
 */
export interface WindowRow {
  label: string;
  baseline: number | null;
  values: (number | null)[];
  changes: (number | null)[];
  /** Why a window has no value ("incomplete: 1 of 20 years"), per window; null where it has one. */
  incomplete: (string | null)[];
}

/** The window means of a set of lines: the windows' labels, and a row per line. */
export interface WindowMeans {
  windowLabels: string[];
  windows: WindowRow[];
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

/**
 * Each answer's baseline and 20-year window statistics by the portal's one ensemble method
 * (`windowStatistics`). With `sharedHistory` (the answers are scenarios of one place), every answer's
 * baseline is the historical run's, wherever it is among the answers.
 */
export function windowMeans(answers: readonly SeriesResponse[], labels: readonly string[], sharedHistory = false): WindowMeans {
  const history = answers.flatMap((a) => a.series.filter((b) => b.scenario === "historical"));
  return {
    windowLabels: PROJECTION_WINDOWS.map((w) => w.label),
    windows: answers.map((answer, i) => {
      const own = sharedHistory ? history : answer.series;
      const baseline = modelClimatologies(own, BASELINE_PERIOD);
      const stats = PROJECTION_WINDOWS.map((w) => windowStatistics(answer.series, w, baseline));
      return {
        label: labels[i],
        baseline: windowStatistics(own, BASELINE_PERIOD).median,
        values: stats.map((s) => s.median),
        changes: stats.map((s) => s.change?.median ?? null),
        incomplete: stats.map((s) => s.incomplete ?? null),
      };
    }),
  };
}
