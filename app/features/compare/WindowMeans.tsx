import { HTMLTable } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { LINE_COLORS, type LineSeries } from "~/components/LineChart";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { windowDecimals } from "~/features/cmip6/windows";
import { formatNumber } from "~/lib/format";
import type { CompareLine, WindowMeans, WindowRow } from "./compare";

/** Chart lines of compared items: each one's ensemble median, with its 10-90 % range shaded. */
export function medianLineSeries(lines: readonly CompareLine[]): LineSeries[] {
  return lines.map((line, i) => ({
    label: line.label,
    color: LINE_COLORS[i % LINE_COLORS.length],
    points: line.years.map((year, j) => [year, line.median[j]]),
    band: line.years.map((year, j) => [year, line.p10[j], line.p90[j]]),
  }));
}

/**
 * The table of window means: a row per compared item with its baseline mean and each 20-year window's
 * mean, the change from the baseline in brackets; optionally a last column of links per row.
 */
export function WindowMeansTable({
  means,
  decimals: valueDecimals,
  rowHeader,
  units,
  action,
}: {
  means: WindowMeans;
  /** Decimals of the indicator's values (period statistics show one more). */
  decimals: number;
  /** What the rows are ("Place", "Scenario"). */
  rowHeader: string;
  /** Named in the caption when given. */
  units?: string;
  /** A last column, "Explore", with what each row offers. */
  action?: (row: WindowRow, index: number) => ReactNode;
}) {
  const decimals = windowDecimals(valueDecimals);
  return (
    <HTMLTable compact striped className="sacap-table">
      <caption>{`Ensemble median of the models' period means${units ? ` (${units})` : ""}; median of the models' changes from ${BASELINE_PERIOD.label} in brackets`}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          <th scope="col">{BASELINE_PERIOD.label}</th>
          {means.windowLabels.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
          {action && (
            <th scope="col">
              <span className="sacap-visually-hidden">Explore</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {means.windows.map((row, i) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{formatNumber(row.baseline, decimals)}</td>
            {row.values.map((value, j) => (
              <td key={j}>{value === null ? (row.incomplete[j] ?? "–") : `${formatNumber(value, decimals)} (${formatNumber(row.changes[j], decimals, { signed: true })})`}</td>
            ))}
            {action && <td>{action(row, i)}</td>}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
