import { mean } from "~/features/analytics/compute";
import type { SeriesResponse } from "~/features/cmip6/series";
import type { YearRange } from "~/features/cmip6/periods";

/** One compared item: a place, or a scenario of a place, as the ensemble median with its 10-90 % range. */
export interface CompareLine {
  label: string;
  years: number[];
  median: (number | null)[];
  p10: (number | null)[];
  p90: (number | null)[];
}

/** One line's mean over the baseline and over each 20-year projection window. */
export interface WindowRow {
  label: string;
  baseline: number | null;
  values: (number | null)[];
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

/** Mean of the median over the years of a period; null when the line has no value there. */
export function periodMean(line: CompareLine, period: YearRange): number | null {
  return mean(line.median.filter((_, i) => line.years[i] >= period.start && line.years[i] <= period.end));
}

/** A table cell's value at the indicator's decimals; a dash for no value. */
export const formatValue = (value: number | null, decimals: number) => (value === null ? "—" : value.toFixed(decimals));

/** A signed change from the baseline at the indicator's decimals; a dash when either is missing. */
export const formatChange = (value: number | null, baseline: number | null, decimals: number) =>
  value === null || baseline === null ? "—" : `${value - baseline >= 0 ? "+" : ""}${(value - baseline).toFixed(decimals)}`;
