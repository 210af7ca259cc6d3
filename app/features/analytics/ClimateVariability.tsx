import { Callout, HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, bandPoints } from "../cmip6/charts/specs";
import { ensembleStats } from "../cmip6/ensemble";
import { baselineMeans, changeFromBaseline } from "../cmip6/explorer/compute";
import { PROJECTION_WINDOWS } from "../cmip6/periods";
import { DROUGHT_CLASSES, DROUGHT_METHODS } from "../cmip6/drought";
import { levelLabel, levelWindows, WARMING_LEVELS } from "../cmip6/warmingLevels";
import type { PeriodChoice } from "../cmip6/windows";
import { modelWindowValues } from "./windowValues";
import { useGetWarmingLevelsQuery } from "~/store/reference";
import type { SeriesResponse } from "../cmip6/series";
import { AnalysisFrame, AnalysisHeading, fmt, LevelNote, MethodNote, SeriesGate } from "./AnalysisFrame";
import { coefficientOfVariation, standardDeviation } from "./compute";
import { petMethodSummary } from "./fao56";
import { windowShares, yearlyShareBlocks, type ShareSummary } from "./droughtShares";
import { detrend, DETRENDED_METHOD } from "./trend";
import { variabilityQueries } from "./queries";
import { scenarioName, type AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";

/**
 * Per window, a statistic of each model's values over the window's years, then the median across models.
 * Historical years come from the historical run, later years from the scenario. A window per model (a
 * global warming level) takes each model's own years and leaves out models without a window.
 */
export function windowStatistic(
  data: SeriesResponse,
  scenario: string,
  window: PeriodChoice,
  statistic: (values: (number | null)[], years: number[]) => number | null,
): number | null {
  const blocks = data.series.filter((b) => b.scenario === "historical" || b.scenario === scenario);
  const perModel = Object.values(modelWindowValues(blocks, window, Object.keys(blocks[0]?.values ?? {}))).map(({ years, values }) =>
    values.length ? statistic(values, years) : null,
  );
  return ensembleStats(perModel.map((v) => [v]), 1).median[0];
}

/**
 * What the drought columns are, from the SPI and SPEI answers: index and scale, reference period,
 * distributions and fitting with their references, the evapotranspiration of SPEI's model runs, the classes.
 */
export function droughtStatement(spi: SeriesResponse, spei: SeriesResponse): string {
  const scale = spi.method?.scale ?? spei.method?.scale;
  const reference = spi.method?.reference ?? spei.method?.reference;
  const pet = petMethodSummary(Object.values(spei.method?.evapotranspiration ?? {}).map((byModel) => ({ values: byModel, methods: byModel })));
  const part = (code: "spi" | "spei") => `${code.toUpperCase()}: ${DROUGHT_METHODS[code].distribution}, ${DROUGHT_METHODS[code].fitting} (${DROUGHT_METHODS[code].cite})`;
  return (
    `SPI-${scale} and SPEI-${scale} (${scale}-month accumulation) fitted per calendar month over ${reference?.start}-${reference?.end} of each model's historical run, ` +
    `a scenario with its model's historical run in front; ${part("spi")}; ${part("spei")}; potential evapotranspiration of SPEI: ${pet}. ` +
    `Drought months: index at or below ${DROUGHT_CLASSES.moderate} (moderately dry or worse) and ${DROUGHT_CLASSES.severe} (severely dry or worse), the classes of McKee et al. (1993); ` +
    `each model's share of the window's months, then the median and 10th-90th percentiles across models.`
  );
}

const range = (s: ShareSummary) => (s.median === null ? "–" : `${fmt(s.median, 1)} (${fmt(s.p10, 1)}–${fmt(s.p90, 1)})`);

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const levels = useGetWarmingLevelsQuery();
  const q = variabilityQueries(selection);
  const r = [useAnalysisSeries(q[0]), useAnalysisSeries(q[1]), useAnalysisSeries(q[2]), useAnalysisSeries(q[3])];
  return (
    <SeriesGate queries={r}>
      {([pr, tas, spi, spei]) => {
        const sample = [pr, tas, spi, spei].some((a) => a.sample);
        const anomalyChart = (data: SeriesResponse, title: string) => {
          const base = baselineMeans(data, selection.baseline);
          const blocks = data.series.map((b) => changeFromBaseline(b, base[b.scenario] ?? {}, data.indicator.decimals));
          const spec = bandChartSpec({
            labels: { title: `${title} anomaly, ${place}`, axis: `Anomaly (${data.indicator.units})`, units: data.indicator.units, decimals: data.indicator.decimals, sample, note: `against ${selection.baseline.label}, ensemble median and p10-p90 of each model's anomaly` },
            band: bandPoints(blocks),
            x: { title: "Year", type: "year" },
            rules: [0],
          });
          return <Chart label={`${title} anomaly`} spec={spec} fileName={`sacap-${data.indicator.code}-anomaly-${selection.geo}`} summary={`Annual ${title.toLowerCase()} anomaly in ${place} against ${selection.baseline.label} (${data.indicator.units}).`} />;
        };
        const scale = selection.scale;
        const droughtBlocks = [spi, spei].flatMap((a) =>
          yearlyShareBlocks(a, DROUGHT_CLASSES.moderate).map((b) => ({ ...b, scenario: `${a.indicator.code.toUpperCase()}-${scale} ${b.scenario}` as never })),
        );
        const droughtSpec = bandChartSpec({
          labels: {
            title: `Months in drought (SPI-${scale} and SPEI-${scale} at or below -1), ${place}`,
            axis: "Share of the year's months (%)",
            units: "%",
            decimals: 0,
            sample,
            note: "each model's share per year, ensemble median and p10-p90; reference 1985-2014",
          },
          band: bandPoints(droughtBlocks),
          x: { title: "Year", type: "year" },
          legend: "Index",
        });
        const statement = droughtStatement(spi, spei);
        const warnings = [...(spi.warnings ?? []), ...(spei.warnings ?? [])];
        // the 20-year windows, then each warming level with each model's own window (the models that reach it)
        const levelList = levels.data ? WARMING_LEVELS.map((level) => levelWindows(levels.data!, selection.scenario, level, pr.models)) : [];
        const windows: { label: string; period: PeriodChoice }[] = [
          ...[selection.baseline, ...PROJECTION_WINDOWS].map((w) => ({ label: w.label, period: w })),
          ...levelList.map((l) => ({ label: levelLabel(l.level), period: { byModel: l.periods } })),
        ];
        const prModels = Object.keys(pr.series[0]?.values ?? {});
        const counts = levelList.map((l) => ({ label: "Rainfall", windows: l, count: prModels.filter((m) => l.periods[m]).length, of: prModels.length }));
        const rows = windows.map(({ label, period: w }) => [
          label,
          windowStatistic(pr, selection.scenario, w, coefficientOfVariation),
          windowStatistic(pr, selection.scenario, w, (v, years) => coefficientOfVariation(detrend(years, v))),
          windowStatistic(tas, selection.scenario, w, standardDeviation),
          windowStatistic(tas, selection.scenario, w, (v, years) => standardDeviation(detrend(years, v))),
        ]);
        const droughtRows = windows.map(({ period: w }) =>
          [spi, spei].flatMap((a) => [DROUGHT_CLASSES.moderate, DROUGHT_CLASSES.severe].map((t) => windowShares(a, selection.scenario, w, t))),
        );
        const droughtColumns = ["SPI", "SPEI"].flatMap((code) =>
          [
            ["<= -1", "moderate or worse"],
            ["<= -1.5", "severe"],
          ].flatMap(([t]) => [`${code}-${scale} months ${t} (%) median`, `${code}-${scale} months ${t} (%) p10`, `${code}-${scale} months ${t} (%) p90`]),
        );
        return (
          <>
            <AnalysisHeading
              title={`Year-to-year variability, ${place}`}
              answers={[pr, tas, spi, spei]}
              csv={{
                file: `sacap-variability-${selection.geo}`,
                header: {
                  indicator: `pr, tas (annual); spi, spei (monthly, scale ${scale} months)`,
                  units: "%, °C, % of months",
                  geo: selection.geo,
                  scenarios: ["historical", selection.scenario],
                  models: ["ensemble"],
                  period: "1950-2100",
                  baseline: selection.baseline.label,
                  view: "Variability by 20-year window and global warming level (each model's own window)",
                  sample,
                  windowMethod: "each model's statistic over the window's years (at a level, its own window), then the median across models",
                  method: `${DETRENDED_METHOD} ${statement}`,
                },
                columns: ["window", "rainfall CV raw (%)", "rainfall CV detrended (%)", "temperature SD raw (°C)", "temperature SD detrended (°C)", ...droughtColumns],
                rows: rows.map((row, r) => [
                  ...row.map((v) => (typeof v === "number" ? Number(v.toFixed(3)) : v)),
                  ...droughtRows[r].flatMap((d) => [d.median, d.p10, d.p90].map((v) => (v === null ? null : Number(v.toFixed(2))))),
                ]),
              }}
            />
            <div className="sacap-analysis-charts">
              {anomalyChart(pr, "Rainfall")}
              {anomalyChart(tas, "Temperature")}
            </div>
            <section className="sacap-method" aria-label="Drought indices">
              <p>{statement}</p>
              {warnings.length > 0 && (
                <Callout intent="warning" title={`${warnings.length} calendar month${warnings.length === 1 ? "" : "s"} of model runs without a fit (no values)`}>
                  <ul>
                    {warnings.slice(0, 5).map((w) => (
                      <li key={`${w.scenario}-${w.model}-${w.month}`}>
                        {w.model} ({w.scenario}): {w.message}
                      </li>
                    ))}
                  </ul>
                </Callout>
              )}
            </section>
            <Chart
              label={`Months in drought, SPI-${scale} and SPEI-${scale}`}
              spec={droughtSpec}
              fileName={`sacap-spi-spei-${scale}-${selection.geo}`}
              summary={`Share of each year's months with SPI-${scale} or SPEI-${scale} at or below -1 in ${place}, historical and ${selection.scenario}: median and p10-p90 across models.`}
            />
            <HTMLTable compact striped className="sacap-table">
              <caption>
                Variability per 20-year window and global warming level: median across models of each model&apos;s statistic (at a level,
                over each model&apos;s own window), raw and detrended (each model&apos;s linear trend over the window removed); months in
                drought: median (p10–p90) across models of each model&apos;s share of months with SPI-{scale} or SPEI-{scale} at or below the threshold
                {sample ? " (sample data)" : ""}
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
                {rows.map((row, r) => (
                  <tr key={row[0] as string}>
                    <td>{row[0]}</td>
                    <td className="sacap-num">{fmt(row[1] as number | null, 1)}</td>
                    <td className="sacap-num">{fmt(row[2] as number | null, 1)}</td>
                    <td className="sacap-num">{fmt(row[3] as number | null, 2)}</td>
                    <td className="sacap-num">{fmt(row[4] as number | null, 2)}</td>
                    {droughtRows[r].map((d, k) => (
                      <td key={k} className="sacap-num">
                        {range(d)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <LevelNote counts={counts} scenarioName={scenarioName(selection.scenario)} />
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
        {(selection, geo) => <Content key={`${selection.geo}-${selection.scenario}-${selection.baseline.label}-${selection.scale}`} selection={selection} place={geo.name} />}
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
