import { Button, HTMLTable } from "@blueprintjs/core";
import { downloadText } from "~/components/data-table/download";
import { formatNumber } from "~/lib/format";
import { AgreementMark } from "../AgreementMark";
import { displayDecimalsOf } from "../indicatorRules";
import { ONE_SOURCE_RULE, type Agreement } from "../windows";
import { toCsvWithHeader, toJsonWithHeader, WINDOW_EXPORT_COLUMNS, windowExportRows } from "./compute";
import { windowRowsOf, type ExplorerResults } from "./view";
import { openOnWideScreen } from "~/components/RoutePage";
import { TableScroll } from "~/components/TableScroll";

/** The agreement cell: a mark (filled arrow when robust, hollow when not) and the count in words. */
function AgreementCell({ agreement }: { agreement: Agreement | null }) {
  if (!agreement) return <td>–</td>;
  const direction = agreement.sign === 1 ? "rise" : agreement.sign === -1 ? "fall" : "no change";
  return (
    <td>
      <AgreementMark agreement={agreement} visible /> ({direction})
    </td>
  );
}

/**
 * The 20-year windows and warming levels of a view, with their downloads (the rows as shown, at full precision
 * of the view). On a phone the table and its notes are folded under the heading and its downloads (decision
 * 028): they lie just below the chart, and laid out there they held the page's main thread after its first
 * paint.
 */
export function WindowTable({ results }: { results: ExplorerResults }) {
  const { rows, baseline, levelStatus, header } = results.windows;
  const { indicator, geo, subset, sample } = results;
  // shown at the indicator's display decimals; the downloads write the rows at their own precision
  const decimals = displayDecimalsOf(indicator.code);
  const units = indicator.units;
  const scenarioName = (code: string) => results.scenarioNames[code] ?? code;
  const notes = rows.filter((r) => r.level);
  const leftOut = rows.filter((r) => r.leftOut);
  const otherBaseline = rows.some((r) => r.baseline && r.baseline !== baseline);
  const onDownload = (format: "csv" | "json") => {
    const t = { columns: WINDOW_EXPORT_COLUMNS, rows: windowExportRows(windowRowsOf(results.windows)) };
    const name = `sacap-${indicator.code}-${geo.code}-windows`;
    if (format === "csv") downloadText(`${name}.csv`, toCsvWithHeader(header, t.columns, t.rows), "text/csv;charset=utf-8");
    else downloadText(`${name}.json`, toJsonWithHeader(header, t.columns, t.rows), "application/json");
  };
  const status = levelStatus ? <p className="sacap-method">{levelStatus}</p> : null;
  return (
    <>
      <div className="sacap-explorer__heading">
        <h3 id="explorer-windows">20-year windows and warming levels</h3>
        <span className="sacap-explorer__spacer" />
        <Button icon="download" text="CSV" small aria-label="Download the window table as CSV" disabled={rows.length === 0} onClick={() => onDownload("csv")} />
        <Button icon="download" text="JSON" small aria-label="Download the window table as JSON" disabled={rows.length === 0} onClick={() => onDownload("json")} />
      </div>
      {rows.length === 0 ? (
        <>
          <p>No 20-year projection window (2020-2039 to 2080-2099) lies completely in this period, and no scenario with warming levels is chosen.</p>
          {status}
        </>
      ) : (
        <details className="sacap-fold" ref={openOnWideScreen}>
          <summary>Show the window table</summary>
          <TableScroll label="Table of 20-year windows">
            <HTMLTable compact striped className="sacap-table sacap-explorer__windows">
              <caption>
                20-year means: each model&apos;s mean over the window (with at least 90 % of its years), then the median and
                p10-p90 range across models ({units}); at a warming level each model&apos;s own 20 years. Change from {baseline}
                {otherBaseline ? " (warming-level rows from 1995-2014)" : ""}, the median and p10-p90 of the models&apos; own
                changes. Agreement: IPCC AR6 simple approach, robust when at least 80 % of the models agree on the sign of the
                change.{subset ? ` Models: ${subset}.` : ""}
                {sample ? " Sample data." : ""}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Scenario</th>
                  <th scope="col">Window</th>
                  <th scope="col">Models</th>
                  <th scope="col">Median</th>
                  <th scope="col">p10-p90</th>
                  <th scope="col">Change from {baseline}</th>
                  <th scope="col">Change p10-p90</th>
                  <th scope="col">Agreement</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.scenario}-${r.code}`} data-window={r.code} className={r.kind === "gwl" ? "sacap-explorer__level-row" : undefined}>
                    <td>{scenarioName(r.scenario)}</td>
                    <th scope="row" title={r.level?.text}>
                      {r.window}
                    </th>
                    <td className="sacap-num">
                      {r.count} of {r.of}
                    </td>
                    <td className="sacap-num">{formatNumber(r.median, decimals, { missing: r.incomplete })}</td>
                    <td className="sacap-num">
                      {formatNumber(r.p10, decimals)} to {formatNumber(r.p90, decimals)}
                    </td>
                    <td className="sacap-num">
                      {formatNumber(r.change, decimals, { signed: true })}
                      {r.baseline && r.baseline !== baseline ? <span className="sacap-explorer__from"> (from {r.baseline})</span> : null}
                    </td>
                    <td className="sacap-num">
                      {formatNumber(r.changeP10, decimals, { signed: true })} to {formatNumber(r.changeP90, decimals, { signed: true })}
                    </td>
                    <AgreementCell agreement={r.agreement} />
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
          {status}
          {leftOut.length > 0 ? (
            <ul className="sacap-method" aria-label="Models left out: one source per model">
              {leftOut.map((r) => (
                <li key={`${r.scenario}-${r.code}`}>
                  {scenarioName(r.scenario)}, {r.window}: left out {r.leftOut}. {ONE_SOURCE_RULE}
                </li>
              ))}
            </ul>
          ) : null}
          {notes.length > 0 ? (
            <ul className="sacap-method sacap-explorer__level-notes" aria-label="Warming levels: models and method">
              {notes.map((r) => (
                <li key={`${r.scenario}-${r.code}`}>
                  {r.level!.text}. {r.level!.note}
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      )}
    </>
  );
}
