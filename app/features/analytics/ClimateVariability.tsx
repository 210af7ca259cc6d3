import { Callout, HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { AnalysisFrame, AnalysisHeading, fmt, LevelNoteList, MethodNote, SeriesGate } from "./AnalysisFrame";
import type { ShareRange } from "./climateVariabilityView";
import type { AnalysisSelection } from "./selection";
import { ViewChart } from "./ViewChart";
import { useAnalysisView } from "./viewsApi";
import { TableScroll } from "~/components/TableScroll";

const range = ([median, p10, p90]: ShareRange) => (median === null ? "–" : `${fmt(median, 1)} (${fmt(p10, 1)}–${fmt(p90, 1)})`);

function Content({ selection }: { selection: AnalysisSelection }) {
  const view = useAnalysisView("climate-variability", selection);
  return (
    <SeriesGate queries={[view]}>
      {([v]) => {
        const scale = selection.scale;
        return (
          <>
            <AnalysisHeading title={v.title} sources={v.sources} csv={v.csv} />
            <div className="sacap-analysis-charts">
              {v.anomalies.map((chart) => (
                <ViewChart key={chart.label} chart={chart} />
              ))}
            </div>
            <section className="sacap-method" aria-label="Drought indices">
              <p>{v.drought.statement}</p>
              {v.drought.warnings.count > 0 && (
                <Callout intent="warning" title={`${v.drought.warnings.count} calendar month${v.drought.warnings.count === 1 ? "" : "s"} of model runs without a fit (no values)`}>
                  <ul>
                    {v.drought.warnings.shown.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                </Callout>
              )}
            </section>
            <ViewChart chart={v.drought.chart} />
            <TableScroll label="Table of variability per window">
              <HTMLTable compact striped className="sacap-table">
                <caption>
                  Variability per 20-year window and global warming level: median across models of each model&apos;s statistic (at a level,
                  over each model&apos;s own window), raw and detrended (each model&apos;s linear trend over the window removed); months in
                  drought: median (p10–p90) across models of each model&apos;s share of months with SPI-{scale} or SPEI-{scale} at or below the threshold
                  {v.sample ? " (sample data)" : ""}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" rowSpan={2}>
                      Window
                    </th>
                    <th scope="colgroup" colSpan={2}>
                      Rainfall CV (%)
                    </th>
                    <th scope="colgroup" colSpan={2}>
                      Temperature SD (°C)
                    </th>
                    <th scope="colgroup" colSpan={2}>
                      SPI-{scale} months in drought (%)
                    </th>
                    <th scope="colgroup" colSpan={2}>
                      SPEI-{scale} months in drought (%)
                    </th>
                  </tr>
                  <tr>
                    <th scope="col">raw</th>
                    <th scope="col">detrended</th>
                    <th scope="col">raw</th>
                    <th scope="col">detrended</th>
                    <th scope="col">≤ −1</th>
                    <th scope="col">≤ −1.5</th>
                    <th scope="col">≤ −1</th>
                    <th scope="col">≤ −1.5</th>
                  </tr>
                </thead>
                <tbody>
                  {v.rows.map((row) => (
                    <tr key={row.label}>
                      <td>{row.label}</td>
                      <td className="sacap-num">{fmt(row.values[0], 1)}</td>
                      <td className="sacap-num">{fmt(row.values[1], 1)}</td>
                      <td className="sacap-num">{fmt(row.values[2], 2)}</td>
                      <td className="sacap-num">{fmt(row.values[3], 2)}</td>
                      {row.drought.map((d, k) => (
                        <td key={k} className="sacap-num">
                          {range(d)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
            <LevelNoteList lines={v.level} />
          </>
        );
      }}
    </SeriesGate>
  );
}

/** Anomalies against a chosen baseline, coefficient of variation per window, SPI and SPEI. */
export function ClimateVariability() {
  return (
    <>
      <AnalysisFrame fields={["scenario", "baseline", "scale"]}>
        {(selection) => <Content key={`${selection.geo}-${selection.scenario}-${selection.baseline.label}-${selection.scale}`} selection={selection} />}
      </AnalysisFrame>
      <MethodNote>
        <p>
          Anomalies are each model's annual values minus that model's own mean over the baseline; the charts show the median and
          10th-90th percentiles of the anomalies across the models that have each variable.{" "}
          <AvailabilityNote indicators={["pr", "tas", "spi", "spei"]} /> Variability per 20-year window is computed per model (the
          coefficient of variation of annual rainfall, the standard deviation of annual temperature, the share of months with SPI or
          SPEI at or below −1 and −1.5) and summarised by the median across models, so the spread between models does not count as
          variability. At a global warming level each model's statistic is over its own 20-year window, and models that do not
          reach the level are left out. The rainfall CV and the temperature SD are given raw and detrended: detrending is a linear
          (least-squares) fit over each 20-year window, or the model's own warming-level window, removed per model before the SD and
          CV are taken (its mean added back, so the CV keeps its denominator), then the median across models. Raw values of a warming
          window count the forced trend as variability; the detrended ones are the year-to-year variability around it. SPI and SPEI are the series service's fitted monthly indices at the chosen scale (1, 3, 6 or 12 months; 3 by default,
          the agricultural drought scale of WMO-No. 1090): SPI fits a gamma distribution with a probability of zero to each calendar
          month's precipitation sums (McKee et al. 1993; Thom 1958 shape), SPEI a three-parameter log-logistic to the sums of
          precipitation minus potential evapotranspiration by L-moments (Vicente-Serrano et al. 2010; Beguería et al. 2014), both
          over 1985-2014 of each model's historical run, and the probability is turned into a standard normal value bounded at ±3.09.
          Potential evapotranspiration is the data's own (FAO-56 Penman-Monteith) where it has one, else Hargreaves and Samani (1985)
          from mean, maximum and minimum temperature; the statement above the chart names which.
        </p>
      </MethodNote>
    </>
  );
}
