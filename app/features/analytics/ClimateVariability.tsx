import { HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, bandPoints } from "../cmip6/charts/specs";
import { ensembleStats } from "../cmip6/ensemble";
import { baselineMeans, changeFromBaseline } from "../cmip6/explorer/compute";
import { PROJECTION_WINDOWS } from "../cmip6/periods";
import { levelLabel, levelWindows, WARMING_LEVELS } from "../cmip6/warmingLevels";
import type { PeriodChoice } from "../cmip6/windows";
import { useGetWarmingLevelsQuery } from "~/store/reference";
import type { SeriesResponse } from "../cmip6/series";
import { AnalysisFrame, AnalysisHeading, fmt, LevelNote, MethodNote, SeriesGate } from "./AnalysisFrame";
import { coefficientOfVariation, mean, standardDeviation } from "./compute";
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
  const models = Object.keys(blocks[0]?.values ?? {}).filter((m) => !("byModel" in window) || window.byModel[m]);
  const perModel = models.map((model) => {
    const w = "byModel" in window ? window.byModel[model] : window;
    const years: number[] = [];
    const values: (number | null)[] = [];
    for (const b of blocks) {
      b.years.forEach((y, i) => {
        // a year in two blocks is taken from the first
        if (y >= w.start && y <= w.end && !years.includes(y)) years.push(y), values.push(b.values[model]?.[i] ?? null);
      });
    }
    return values.length ? statistic(values, years) : null;
  });
  return ensembleStats(perModel.map((v) => [v]), 1).median[0];
}

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
        const droughtBlocks = [spi, spei].flatMap((a) =>
          a.series.map((b) => ({ ...b, scenario: `${a.indicator.code.toUpperCase()} ${b.scenario}` as never })),
        );
        const droughtSpec = bandChartSpec({
          labels: { title: `SPI and SPEI, ${place}`, axis: "Standardised index", units: "unitless", sample, note: "annual, ensemble median and p10-p90; below -1 is dry" },
          band: bandPoints(droughtBlocks),
          x: { title: "Year", type: "year" },
          rules: [-1, 0, 1],
          legend: "Index",
        });
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
          windowStatistic(spi, selection.scenario, w, (v) => v.filter((x) => x !== null && x <= -1).length),
          windowStatistic(spei, selection.scenario, w, (v) => v.filter((x) => x !== null && x <= -1).length),
          windowStatistic(spei, selection.scenario, w, mean),
        ]);
        return (
          <>
            <AnalysisHeading
              title={`Year-to-year variability, ${place}`}
              answers={[pr, tas, spi, spei]}
              csv={{
                file: `sacap-variability-${selection.geo}`,
                header: {
                  indicator: "pr, tas, spi, spei (annual)",
                  units: "%, °C, years, unitless",
                  geo: selection.geo,
                  scenarios: ["historical", selection.scenario],
                  models: ["ensemble"],
                  period: "1950-2100",
                  baseline: selection.baseline.label,
                  view: "Variability by 20-year window and global warming level (each model's own window)",
                  sample,
                  windowMethod: "each model's statistic over the window's years (at a level, its own window), then the median across models",
                  method: DETRENDED_METHOD,
                },
                columns: ["window", "rainfall CV raw (%)", "rainfall CV detrended (%)", "temperature SD raw (°C)", "temperature SD detrended (°C)", "SPI dry years (<= -1)", "SPEI dry years (<= -1)", "mean SPEI"],
                rows: rows.map((row) => row.map((v) => (typeof v === "number" ? Number(v.toFixed(3)) : v))),
              }}
            />
            <div className="sacap-analysis-charts">
              {anomalyChart(pr, "Rainfall")}
              {anomalyChart(tas, "Temperature")}
            </div>
            <Chart label="SPI and SPEI" spec={droughtSpec} fileName={`sacap-spi-spei-${selection.geo}`} summary={`Annual SPI and SPEI in ${place}, historical and ${selection.scenario}.`} />
            <HTMLTable compact striped className="sacap-table">
              <caption>
                Variability per 20-year window and global warming level: median across models of each model&apos;s statistic (at a level,
                over each model&apos;s own window), raw and detrended (each model&apos;s linear trend over the window removed)
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
                  <th scope="col" rowSpan={2}>
                    SPI dry years
                  </th>
                  <th scope="col" rowSpan={2}>
                    SPEI dry years
                  </th>
                  <th scope="col" rowSpan={2}>
                    Mean SPEI
                  </th>
                </tr>
                <tr>
                  <th scope="col">raw</th>
                  <th scope="col">detrended</th>
                  <th scope="col">raw</th>
                  <th scope="col">detrended</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row[0] as string}>
                    <td>{row[0]}</td>
                    <td className="sacap-num">{fmt(row[1] as number | null, 1)}</td>
                    <td className="sacap-num">{fmt(row[2] as number | null, 1)}</td>
                    <td className="sacap-num">{fmt(row[3] as number | null, 2)}</td>
                    <td className="sacap-num">{fmt(row[4] as number | null, 2)}</td>
                    <td className="sacap-num">{fmt(row[5] as number | null, 1)}</td>
                    <td className="sacap-num">{fmt(row[6] as number | null, 1)}</td>
                    <td className="sacap-num">{fmt(row[7] as number | null, 2)}</td>
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
      <AnalysisFrame fields={["scenario", "baseline"]}>{(selection, geo) => <Content key={`${selection.geo}-${selection.scenario}-${selection.baseline.label}`} selection={selection} place={geo.name} />}</AnalysisFrame>
      <MethodNote>
        <p>
          Anomalies are each model's annual values minus that model's own mean over the baseline; the charts show the median and
          10th-90th percentiles of the anomalies across the models that have each variable.{" "}
          <AvailabilityNote indicators={["pr", "tas", "spi", "spei"]} /> Variability per 20-year window is computed per model (the
          coefficient of variation of annual rainfall, the standard deviation of annual temperature, the number of years with SPI or
          SPEI at or below −1) and summarised by the median across models, so the spread between models does not count as
          variability. At a global warming level each model's statistic is over its own 20-year window, and models that do not
          reach the level are left out. The rainfall CV and the temperature SD are given raw and detrended: detrending is a linear
          (least-squares) fit over each 20-year window, or the model's own warming-level window, removed per model before the SD and
          CV are taken (its mean added back, so the CV keeps its denominator), then the median across models. Raw values of a warming
          window count the forced trend as variability; the detrended ones are the year-to-year variability around it. SPI and SPEI are the series service's standardised annual anomalies of rainfall and of rainfall minus
          evapotranspiration.
        </p>
      </MethodNote>
    </>
  );
}
