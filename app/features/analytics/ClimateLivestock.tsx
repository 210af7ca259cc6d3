import { HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, type BandPoint } from "../cmip6/charts/specs";
import { MONTH_NAMES } from "../cmip6/periods";
import { useGetWarmingLevelsQuery } from "~/store/reference";
import { AnalysisFrame, AnalysisHeading, fmt, LevelNote, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { levelSeries } from "./levels";
import { THI_CLASSES, thiClass } from "./compute";
import { cycleChangeAgreement, cycleStats, thiModelCycles, type MonthStats } from "./cycles";
import { AgreementLegend, AgreementMark, agreementCell } from "../cmip6/AgreementMark";
import { LIVESTOCK_VARIABLES, windowQueries } from "./queries";
import { scenarioName, type AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";

export const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** Band points of monthly cycles, one series per label. */
export const cyclePoints = (label: string, cycle: MonthStats[]): BandPoint[] =>
  cycle.map((c) => ({ scenario: label, x: MONTHS[c.month - 1], median: c.median, p10: c.p10, p90: c.p90 }));

const classLabel = (thi: number | null) => (thi === null ? "–" : THI_CLASSES.find((c) => c.code === thiClass(thi))!.label);

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const levels = useGetWarmingLevelsQuery();
  const q = windowQueries(selection, LIVESTOCK_VARIABLES, levels.data);
  const results = [useAnalysisSeries(q[0]), useAnalysisSeries(q[1]), useAnalysisSeries(q[2]), useAnalysisSeries(q[3])];
  return (
    <SeriesGate queries={results}>
      {([txBase, txFuture, rhBase, rhFuture]) => {
        const sample = [txBase, txFuture, rhBase, rhFuture].some((a) => a.sample);
        const at = levelSeries(selection, levels.data, [txFuture, rhFuture]);
        const baseModels = thiModelCycles(at.baseline(txBase), at.baseline(rhBase));
        const futureModels = thiModelCycles(at.future(txFuture), at.future(rhFuture));
        const base = cycleStats(baseModels);
        const future = cycleStats(futureModels);
        // per month, do the models agree on the sign of their own change?
        const agreements = MONTHS.map((_, i) => cycleChangeAgreement(baseModels, futureModels, (c) => c[i]));
        const baseLabel = `${selection.baseline.label} (historical)`;
        const futureLabel = `${selection.window.label} (${selection.scenario})`;
        const spec = bandChartSpec({
          labels: { title: `Temperature-humidity index, ${place}`, axis: "THI", units: "index", sample, note: "ensemble median and p10-p90; dashed: 72 mild, 79 moderate, 89 severe" },
          band: [...cyclePoints(baseLabel, base), ...cyclePoints(futureLabel, future)],
          x: { title: "Month", type: "month", order: MONTHS },
          rules: [72, 79, 89],
          legend: "Period",
        });
        const stressMonths = (cycle: MonthStats[]) => cycle.filter((c) => c.median !== null && c.median >= 72).length;
        const rows = base.map((b, i) => [MONTHS[i], b.median, classLabel(b.median), future[i].median, classLabel(future[i].median), b.median === null || future[i].median === null ? null : future[i].median! - b.median, agreementCell(agreements[i])]);
        return (
          <>
            <AnalysisHeading
              title={`Livestock heat stress, ${place}`}
              answers={[txBase, txFuture, rhBase, rhFuture]}
              csv={{
                file: `sacap-livestock-thi-${selection.geo}`,
                header: { indicator: "THI from tasmax and hurs (monthly)", units: "index", geo: selection.geo, scenarios: ["historical", selection.scenario], models: ["ensemble"], period: `${selection.baseline.label}, ${at.periodText}`, view: "THI by month", sample },
                columns: ["month", `THI ${baseLabel}`, "class", `THI ${futureLabel}`, "class", "change", "agreement on the sign"],
                rows: rows.map((r) => r.map((v) => (typeof v === "number" ? Number(v.toFixed(3)) : v))),
              }}
            />
            <Chart label="Temperature-humidity index by month" spec={spec} fileName={`sacap-livestock-thi-${selection.geo}`} summary={`THI by month in ${place}: ${stressMonths(base)} months at or above 72 in ${baseLabel}, ${stressMonths(future)} in ${futureLabel}.`} />
            <HTMLTable compact striped className="sacap-table">
              <caption>
                Ensemble median THI by month and stress class{sample ? " (sample data)" : ""}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">{baseLabel}</th>
                  <th scope="col">Class</th>
                  <th scope="col">{futureLabel}</th>
                  <th scope="col">Class</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r[0] as string}>
                    <td>{r[0]}</td>
                    <td className="sacap-num">{fmt(r[1] as number | null, 1)}</td>
                    <td>{r[2]}</td>
                    <td className="sacap-num">{fmt(r[3] as number | null, 1)}</td>
                    <td>{r[4]}</td>
                    <td className="sacap-num">
                      {signed(r[5] as number | null, 1)} <AgreementMark agreement={agreements[MONTHS.indexOf(r[0] as string)]} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {!at.count && (
              <p className="sacap-level-note">
                <AgreementLegend />
              </p>
            )}
            {at.count && <LevelNote counts={[{ label: "THI (tasmax and hurs)", ...at.count }]} scenarioName={scenarioName(selection.scenario)} />}
          </>
        );
      }}
    </SeriesGate>
  );
}

/** Heat stress of livestock: the temperature-humidity index by month, now and in a future window. */
export function ClimateLivestock() {
  return (
    <>
      <AnalysisFrame fields={["scenario", "baseline", "window"]}>{(selection, geo) => <Content key={`${selection.geo}-${selection.scenario}-${selection.baseline.label}-${selection.window.label}`} selection={selection} place={geo.name} />}</AnalysisFrame>
      <MethodNote>
        <p>
          For each model and month the temperature-humidity index is computed from the monthly mean daily maximum temperature T (°C)
          and relative humidity RH (%): THI = (1.8 T + 32) − (0.55 − 0.0055 RH) (1.8 T − 26). Each model's values are averaged per
          calendar month over the baseline (historical run) and the future window (chosen scenario); the chart shows the median
          across the models that have both daily maximum temperature and relative humidity, with the 10th-90th percentile band.{" "}
          <AvailabilityNote indicators={["tasmax", "hurs"]} /> Stress classes: 72 and above mild, 79 moderate, 89 severe. Monthly
          means smooth out hot days, so daily stress is more frequent than these values suggest.
        </p>
      </MethodNote>
    </>
  );
}
