import { mean } from "~/features/analytics/compute";
import { BASELINE_PERIOD, PROJECTION_WINDOWS, type NamedPeriod } from "~/features/cmip6/periods";
import type { SeriesResponse } from "~/features/cmip6/series";
import type { SourceSummary } from "~/features/cmip6/sources";
import type { CompareLine, WindowMeans } from "~/features/compare/compare";

/**
 * What the dataset page of a catalogue entry with CMIP6 series shows: for one place, the entry's
 * indicator as the ensemble median of each scenario. Annual series are drawn over the years with their
 * 20-year window means; monthly series as the annual cycle of the baseline and of one projection window.
 */

export interface PeriodRow {
  /** e.g. "Historical 1995-2014" or "SSP2-4.5 2080-2099". */
  label: string;
  scenario: string;
  period: NamedPeriod;
}

export interface AnnualEntryData extends WindowMeans {
  kind: "annual";
  lines: CompareLine[];
}

export interface MonthlyEntryData {
  kind: "monthly";
  /** The projection window drawn beside the baseline. */
  window: NamedPeriod;
  /** Rows of the table: the baseline, then each scenario's windows; twelve monthly means each. */
  rows: (PeriodRow & { months: (number | null)[] })[];
}

export interface EntrySeriesData {
  indicator: SeriesResponse["indicator"];
  geo: SeriesResponse["geo"];
  frequency: SeriesResponse["frequency"];
  data: AnnualEntryData | MonthlyEntryData;
  /** Sample, ingested or mixed. */
  origin: SourceSummary;
  /** Where the numbers come from, one line per source. */
  sources: string[];
}

/** The historical baseline, then each projection scenario with each 20-year window. */
export function periodRows(scenarios: readonly { code: string; name: string }[]): PeriodRow[] {
  const rows: PeriodRow[] = [];
  for (const s of scenarios) {
    const periods = s.code === "historical" ? [BASELINE_PERIOD] : PROJECTION_WINDOWS;
    for (const period of periods) rows.push({ label: `${s.name} ${period.label}`, scenario: s.code, period });
  }
  return rows;
}

/**
 * The mean annual cycle of the ensemble median of each row's scenario over the row's years: twelve values,
 * January to December, null for a month without values. Reads monthly answers that carry every month.
 */
export function monthlyCycle(answers: readonly SeriesResponse[], rows: readonly PeriodRow[]): MonthlyEntryData["rows"] {
  return rows.map((row) => {
    const block = answers.flatMap((a) => a.series).find((b) => b.scenario === row.scenario);
    const buckets: number[][] = Array.from({ length: 12 }, () => []);
    if (block?.months) {
      block.years.forEach((year, i) => {
        const value = block.stats.median[i];
        if (year >= row.period.start && year <= row.period.end && value !== null) buckets[block.months![i] - 1].push(value);
      });
    }
    return { ...row, months: buckets.map((values) => mean(values)) };
  });
}

/** The projection window a URL names by its label, else the last one. */
export function chosenWindow(label: string | null): NamedPeriod {
  return PROJECTION_WINDOWS.find((w) => w.label === label) ?? PROJECTION_WINDOWS[PROJECTION_WINDOWS.length - 1];
}
