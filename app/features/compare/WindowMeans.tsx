import { Button, HTMLTable } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { downloadText } from "~/components/data-table/download";
import { LINE_COLORS, type LineSeries } from "~/components/LineChart";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { ONE_SOURCE_RULE, windowDecimals } from "~/features/cmip6/windows";
import { toCsvText } from "~/lib/csv";
import { formatNumber } from "~/lib/format";
import { AgreementLegend, AgreementMark } from "~/features/cmip6/AgreementMark";
import type { CompareLine, WindowMeans, WindowRow } from "./compare";
import { windowMeansCsv, type WindowMeansCsvHeader } from "./table";
import { TableScroll } from "~/components/TableScroll";

/** Chart lines of compared items: each one's ensemble median, with its 10-90 % range shaded. */
export function medianLineSeries(lines: readonly CompareLine[]): LineSeries[] {
  return lines.map((line, i) => ({
    label: line.label,
    color: LINE_COLORS[i % LINE_COLORS.length],
    points: line.years.map((year, j) => [year, line.median[j]]),
    band: line.years.map((year, j) => [year, line.p10[j], line.p90[j]]),
  }));
}

function Cell({ row, column, decimals, gwl }: { row: WindowRow; column: number; decimals: number; gwl: boolean }) {
  const value = row.values[column];
  if (value === null) return <td>{row.incomplete[column] ?? "–"}</td>;
  return (
    <td>
      {`${formatNumber(value, decimals)} (${formatNumber(row.changes[column], decimals, { signed: true })})`} <AgreementMark agreement={row.agreements[column]} />
      {gwl && (
        <span className="sacap-count">
          {" "}
          {`${row.counts[column]} of ${row.of}`}
          <span className="sacap-visually-hidden"> models</span>
        </span>
      )}
    </td>
  );
}

/**
 * The table of window means: a row per compared item with its baseline mean and each column's mean (a
 * 20-year window or a global warming level), the change from the baseline in brackets with the models'
 * sign agreement; at warming levels also the models in. Under the table the agreement rule and, at
 * levels, each level's method note; optionally a CSV download and a last column of links per row. The table
 * shows the numbers at the indicator's display decimals; the CSV keeps the period statistics' precision.
 */
export function WindowMeansTable({
  means,
  indicator,
  decimals: valueDecimals,
  rowHeader,
  units,
  action,
  download,
}: {
  means: WindowMeans;
  /** The indicator's code: the table shows its display decimals (`displayDecimalsOf`). */
  indicator: string;
  /** Decimals of the indicator's values in the answer (the CSV's period statistics carry one more). */
  decimals: number;
  /** What the rows are ("Place", "Scenario"). */
  rowHeader: string;
  /** Named in the caption when given. */
  units?: string;
  /** A last column, "Explore", with what each row offers. */
  action?: (row: WindowRow, index: number) => ReactNode;
  /** Offers the table as CSV, with this header. */
  download?: WindowMeansCsvHeader & { file: string };
}) {
  const decimals = displayDecimalsOf(indicator);
  const gwl = means.mode === "gwl";
  const notes = means.notes ?? [];
  // "Nepal, 2040-2059: NorESM2-MM (baseline not ingested)" per row and column with models left out
  const leftOut = means.windows.flatMap((row) => row.leftOut.flatMap((text, j) => (text ? [`${row.label}, ${means.windowLabels[j]}: ${text}`] : [])));
  return (
    <section className="sacap-window-means" aria-label="Window means">
      {download && (
        <div className="sacap-explorer__heading">
          <span className="sacap-explorer__spacer" />
          <Button
            icon="download"
            text="CSV"
            aria-label="Download the window means as CSV"
            onClick={() => {
              const csv = windowMeansCsv(means, download, windowDecimals(valueDecimals));
              downloadText(`${download.file}.csv`, toCsvText(csv.columns, csv.rows, csv.comments), "text/csv;charset=utf-8");
            }}
          />
        </div>
      )}
      <TableScroll label="Table of period means">
        <HTMLTable compact striped className="sacap-table">
          <caption>
            {gwl
              ? `Ensemble median of the models' means over their own 20-year windows at each global warming level${units ? ` (${units})` : ""}; median of the models' changes from ${BASELINE_PERIOD.label} in brackets, sign agreement, and the models that reach the level`
              : `Ensemble median of the models' period means${units ? ` (${units})` : ""}; median of the models' changes from ${BASELINE_PERIOD.label} in brackets, and sign agreement`}
          </caption>
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
                {row.values.map((_, j) => (
                  <Cell key={j} row={row} column={j} decimals={decimals} gwl={gwl} />
                ))}
                {action && <td>{action(row, i)}</td>}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <div className="sacap-method">
        <p>
          <AgreementLegend />
        </p>
        {leftOut.length > 0 && (
          <>
            <p>{ONE_SOURCE_RULE}</p>
            <ul aria-label="Models left out: one source per model">
              {leftOut.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </>
        )}
        {gwl && (
          <>
            <p>At a warming level, the count is the models with a value out of the models of the place; a model that does not reach the level by 2100 is left out.</p>
            <ul>
              {notes.map((note) => (
                <li key={note.key}>
                  <strong>{note.title}</strong>: {note.text}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
