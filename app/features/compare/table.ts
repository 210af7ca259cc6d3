import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { AGREEMENT_RULE, ONE_SOURCE_RULE } from "~/features/cmip6/windows";
import type { WindowMeans } from "./compare";

/**
 * What the browser needs of the window means besides the table: the agreement rule and the CSV. Kept apart
 * from `compare.ts`, whose computation (with the warming-level table and its schema) runs on the server.
 */


/** What a download of the window means says about itself. */
export interface WindowMeansCsvHeader {
  indicator: string;
  units: string;
  /** What the rows are ("Place", "Scenario"). */
  rowHeader: string;
  geo: string;
  scenarios: string[];
  sample: boolean;
  /** Where the values come from, in one sentence. */
  sources: string;
}

const rounded = (value: number | null, decimals: number) => (value === null ? null : Number(value.toFixed(decimals)));

/**
 * The table's columns as CSV rows, one per compared item and column: baseline, ensemble median, median
 * change, the models in (at a level, those that reach it), the agreement on the sign; the method, the
 * agreement rule and, at warming levels, each level's note as header lines.
 */
export function windowMeansCsv(means: WindowMeans, header: WindowMeansCsvHeader, decimals: number): { columns: string[]; rows: (string | number | null)[][]; comments: string[] } {
  const columns = [header.rowHeader.toLowerCase(), "scenario", means.mode === "gwl" ? "warming level (°C above 1850-1900)" : "window", `mean ${BASELINE_PERIOD.label}`, "ensemble median", `change from ${BASELINE_PERIOD.label}`, "models", "of models", "models agreeing on the sign", "models with a change", "agreement", "ingested models", "sample models", "left out"];
  const rows = means.windows.flatMap((row) =>
    means.windowLabels.map((label, j) => {
      const a = row.agreements[j];
      return [row.label, row.scenario, means.levels?.[j] ?? label, rounded(row.baseline, decimals), rounded(row.values[j], decimals), rounded(row.changes[j], decimals), row.counts[j], row.of, a?.agree ?? null, a?.count ?? null, a ? (a.robust ? "robust" : "not robust") : (row.incomplete[j] ?? null), row.sources[j].ingested.join(" "), row.sources[j].sample.join(" "), row.leftOut[j] || null];
    }),
  );
  const method =
    means.mode === "gwl"
      ? "each model's mean over its own 20-year window at the warming level (historical run joined to the scenario), then the median across the models that reach the level; change per model from its own 1995-2014 mean, then the median"
      : "each model's mean over the 20-year window, then the median across models; change per model from its own 1995-2014 mean, then the median";
  const comments = [
    `indicator: ${header.indicator}`,
    `units: ${header.units}`,
    `geo: ${header.geo}`,
    `scenarios: ${header.scenarios.join(" ")}`,
    `period: ${means.mode === "gwl" ? `global warming levels ${means.windowLabels.join(", ")}` : means.windowLabels.join(", ")}`,
    `baseline: ${BASELINE_PERIOD.label}`,
    `method: ${method}`,
    `agreement: ${AGREEMENT_RULE}`,
    `sources per model: ${ONE_SOURCE_RULE}`,
    ...(means.notes ?? []).map((n) => `warming level ${n.title}: ${n.text}`),
    `sample data: ${header.sample}`,
    `sources: ${header.sources}`,
  ];
  return { columns, rows, comments };
}
