import { HTMLTable } from "@blueprintjs/core";
import { TableScroll } from "~/components/TableScroll";
import { formatNumber } from "~/lib/format";
import { AgreementMark } from "../cmip6/AgreementMark";
import type { ResultView } from "./result";

/** Values of the results at two decimals: counts of days read as 12.35, degree days and totals alike. */
const DECIMALS = 2;
const value = (v: number | null | undefined) => formatNumber(v, DECIMALS);
const change = (v: number | null | undefined) => formatNumber(v, DECIMALS, { signed: true });

/**
 * Each model's baseline and window means and its change, with the years each has of its periods (a mean
 * needs 90 % of them), then the ensemble's median and 10th and 90th percentiles across the models and the
 * agreement on the sign of the change.
 */
export function ResultTable({ view }: { view: ResultView }) {
  const { ensemble } = view;
  const stat = (name: "median" | "p10" | "p90", label: string) => (
    <tr key={name}>
      <th scope="row">{label}</th>
      <td>{view.windowPeriod}</td>
      <td>{value(ensemble.baseline[name])}</td>
      <td>{value(ensemble.window[name])}</td>
      <td>
        {change(ensemble.change?.[name])} {name === "median" && <AgreementMark agreement={ensemble.change?.agreement} />}
      </td>
      <td>{name === "median" ? `${ensemble.baseline.count} models` : ""}</td>
      <td>{name === "median" ? `${ensemble.window.count} models` : ""}</td>
    </tr>
  );
  return (
    <TableScroll label="Results by model and for the ensemble">
      <HTMLTable compact striped className="sacap-table sacap-od-table">
        <caption>
          {view.title} ({view.units}): each model&apos;s mean over the baseline {view.baselinePeriod} and over its window, and its change; then the ensemble across
          the models
        </caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Window</th>
            <th scope="col">Baseline ({view.units})</th>
            <th scope="col">Window ({view.units})</th>
            <th scope="col">Change ({view.units})</th>
            <th scope="col">Baseline years</th>
            <th scope="col">Window years</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.model}>
              <th scope="row">
                {row.model}
                {row.excluded && <span className="sacap-od-excluded">, left out: {row.excluded}</span>}
              </th>
              <td>{row.window}</td>
              <td>{value(row.baseline)}</td>
              <td>{value(row.windowMean)}</td>
              <td>{change(row.change)}</td>
              <td>{row.baselineYears}</td>
              <td>{row.windowYears}</td>
            </tr>
          ))}
        </tbody>
        <tbody className="sacap-od-table__ensemble">
          {stat("median", "Ensemble median")}
          {stat("p10", "10th percentile")}
          {stat("p90", "90th percentile")}
          <tr>
            <th scope="row">Agreement</th>
            <td colSpan={6}>{ensemble.change?.agreement ? <AgreementMark agreement={ensemble.change.agreement} visible /> : "no change to agree on"}</td>
          </tr>
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
