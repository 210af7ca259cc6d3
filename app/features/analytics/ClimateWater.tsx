import { HTMLTable } from "@blueprintjs/core";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec } from "../cmip6/charts/specs";
import { DAYS_IN_MONTH } from "../cmip6/periods";
import { useGetWarmingLevelsQuery } from "~/store/reference";
import { AnalysisFrame, AnalysisHeading, fmt, LeftOutNote, LevelNote, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { leftOutList, mixedSourceModels, ONE_SOURCE_RULE, withoutModels } from "../cmip6/windows";
import { levelSeries } from "./levels";
import { cyclePoints, MONTHS } from "./ClimateLivestock";
import { cycleChangeAgreement, cycleStats, variableModelCycles, waterBalanceModelCycles, type MonthStats } from "./cycles";
import { AgreementLegend, AgreementMark } from "../cmip6/AgreementMark";
import { petMethodSummary } from "./fao56";
import { WATER_VARIABLES, windowQueries } from "./queries";
import { scenarioName, type AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";

/**
 * Annual total (mm) of a cycle of daily rates (mm/day): each month's rate times its days. The days are the
 * 365-day calendar's, the sample data's; answers do not say an ingested run's calendar, whose mean month
 * lengths (standard: February 28.2425 days on average; 360_day: 30 days each) a climatological total of it
 * would take.
 */
export function annualTotal(cycle: MonthStats[]): number | null {
  if (cycle.some((c) => c.median === null)) return null;
  return cycle.reduce((sum, c, i) => sum + c.median! * DAYS_IN_MONTH[i], 0);
}

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const levels = useGetWarmingLevelsQuery();
  const q = windowQueries(selection, WATER_VARIABLES, levels.data);
  const r = [useAnalysisSeries(q[0]), useAnalysisSeries(q[1]), useAnalysisSeries(q[2]), useAnalysisSeries(q[3])];
  return (
    <SeriesGate queries={r}>
      {(answers) => {
        const sample = answers.some((a) => a.sample);
        // queries alternate baseline, future per variable: pr, pet
        const futures = [0, 1].map((v) => answers[v * 2 + 1]);
        const level = levelSeries(selection, levels.data, futures);
        const at = (variable: number, future: boolean) => (future ? level.future(answers[variable * 2 + 1]) : level.baseline(answers[variable * 2]));
        // at a warming level, the models in: precipitation, and PET
        const counts = level.windows
          ? [
              { label: "Precipitation", ...level.countOf([futures[0]]) },
              { label: "PET", ...level.countOf([futures[1]]) },
            ]
          : [];
        // which method made each model's PET, over both periods' answers
        const petMethods = petMethodSummary([answers[2], answers[3]].flatMap((a) => a.series));
        // one source per model: a model whose precipitation and PET, baseline and future, are not all
        // ingested or all sample is in none of the numbers
        const excluded = mixedSourceModels([at(0, false), at(1, false)], [at(0, true), at(1, true)]);
        const leftOut = leftOutList(excluded);
        const periods = [
          { label: `${selection.baseline.label} (historical)`, future: false },
          { label: `${selection.window.label} (${selection.scenario})`, future: true },
        ].map((p) => ({
          ...p,
          models: {
            pr: withoutModels(variableModelCycles(at(0, p.future)), excluded),
            pet: withoutModels(variableModelCycles(at(1, p.future)), excluded),
            balance: withoutModels(waterBalanceModelCycles(at(0, p.future), at(1, p.future)), excluded),
          },
        }))
          .map((p) => ({ ...p, pr: cycleStats(p.models.pr), pet: cycleStats(p.models.pet), balance: cycleStats(p.models.balance) }));
        // do the models agree on the sign of their own change in the annual total? (365-day months, as `annualTotal`)
        const modelTotal = (cycle: (number | null)[]) => (cycle.some((v) => v === null) ? null : cycle.reduce((sum: number, v, i) => sum + v! * DAYS_IN_MONTH[i], 0));
        const agreement = (k: "pr" | "pet" | "balance") => cycleChangeAgreement(periods[0].models[k], periods[1].models[k], modelTotal);
        const spec = (what: "pr" | "pet" | "balance", title: string) =>
          bandChartSpec({
            labels: { title: `${title}, ${place}`, axis: `${title} (mm/day)`, units: "mm/day", sample, note: "ensemble median and p10-p90" },
            band: periods.flatMap((p) => cyclePoints(p.label, p[what])),
            x: { title: "Month", type: "month", order: MONTHS },
            rules: what === "balance" ? [0] : [],
            legend: "Period",
          });
        const totals = periods.map((p) => ({ label: p.label, pr: annualTotal(p.pr), pet: annualTotal(p.pet), balance: annualTotal(p.balance) }));
        const change = (k: "pr" | "pet" | "balance") => (totals[0][k] === null || totals[1][k] === null ? null : totals[1][k]! - totals[0][k]!);
        const csvRows = periods.flatMap((p) => p.pr.map((c, i) => [p.label, MONTHS[i], c.median, p.pet[i].median, p.balance[i].median].map((v) => (typeof v === "number" ? Number(v.toFixed(3)) : v))));
        return (
          <>
            <AnalysisHeading
              title={`Water balance, ${place}`}
              answers={answers}
              csv={{
                file: `sacap-water-balance-${selection.geo}`,
                header: {
                  indicator: "pr, pet (potential evapotranspiration), pr - pet",
                  units: "mm/day",
                  geo: selection.geo,
                  scenarios: ["historical", selection.scenario],
                  models: ["ensemble"],
                  period: `${selection.baseline.label} (historical), ${level.periodText} (${selection.scenario})`,
                  view: "Monthly water balance",
                  method: `${PET_METHOD} PET by model: ${petMethods}. ${BALANCE_METHOD} ${ONE_SOURCE_RULE}${leftOut ? ` left out: ${leftOut}.` : ""}`,
                  sample,
                },
                columns: ["period", "month", "pr median", "PET median", "pr - PET median"],
                rows: csvRows,
              }}
            />
            <div className="sacap-analysis-charts">
              <Chart label="Precipitation by month" spec={spec("pr", "Precipitation")} fileName={`sacap-water-pr-${selection.geo}`} summary={`Precipitation by month in ${place}, ${totals.map((t) => `${t.label}: ${fmt(t.pr, 0)} mm a year`).join("; ")}.`} />
              <Chart label="Potential evapotranspiration by month" spec={spec("pet", "Potential evapotranspiration")} fileName={`sacap-water-pet-${selection.geo}`} summary={`Potential evapotranspiration by month in ${place}, ${totals.map((t) => `${t.label}: ${fmt(t.pet, 0)} mm a year`).join("; ")}.`} />
            </div>
            <p>
              <strong>PET method:</strong> {petMethods}.
            </p>
            <Chart label="Water balance by month" spec={spec("balance", "Precipitation minus PET")} fileName={`sacap-water-balance-${selection.geo}`} summary={`Precipitation minus potential evapotranspiration by month in ${place}.`} />
            <HTMLTable compact striped className="sacap-table">
              <caption>Annual totals of the ensemble medians (mm a year){sample ? " (sample data)" : ""}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Precipitation</th>
                  <th scope="col">PET</th>
                  <th scope="col">Precipitation − PET</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((t) => (
                  <tr key={t.label}>
                    <td>{t.label}</td>
                    <td className="sacap-num">{fmt(t.pr, 0)}</td>
                    <td className="sacap-num">{fmt(t.pet, 0)}</td>
                    <td className="sacap-num">{fmt(t.balance, 0)}</td>
                  </tr>
                ))}
                <tr>
                  <td>Projected change</td>
                  {(["pr", "pet", "balance"] as const).map((k) => (
                    <td key={k} className="sacap-num">
                      {signed(change(k), 0)} <AgreementMark agreement={agreement(k)} />
                    </td>
                  ))}
                </tr>
              </tbody>
            </HTMLTable>
            <LeftOutNote excluded={excluded} />
            {!level.windows && (
              <p className="sacap-level-note">
                <AgreementLegend />
              </p>
            )}
            {level.windows && <LevelNote counts={counts.map((c) => ({ ...c, windows: level.windows! }))} scenarioName={scenarioName(selection.scenario)} />}
          </>
        );
      }}
    </SeriesGate>
  );
}

/** What PET is, with its references (on screen and in the CSV). */
const PET_METHOD =
  "Potential evapotranspiration (PET) is each model's monthly pet series: FAO-56 Penman-Monteith reference evapotranspiration " +
  "(Allen et al. 1998, eq. 6) computed per grid cell and day from maximum and minimum temperature, mean relative humidity, " +
  "shortwave radiation and 10 m wind (brought to 2 m by eq. 47), with pressure from the cell's elevation, then averaged over " +
  "the month and the place; Hargreaves-Samani (1985; FAO-56 eq. 52) from mean, maximum and minimum temperature for models " +
  "without humidity, radiation or wind. Sample series apply the same equations to the generator's monthly means.";
const BALANCE_METHOD =
  "The water balance is precipitation minus PET, per model and month, averaged per calendar month over the baseline " +
  "(historical run) and the future window (chosen scenario); charts show the median across models with the 10th-90th " +
  "percentile band. Annual totals multiply the monthly medians by the days of each month.";

/** Precipitation, potential evapotranspiration and their difference by month, now and in a future window. */
export function ClimateWater() {
  return (
    <>
      <AnalysisFrame fields={["scenario", "baseline", "window"]}>{(selection, geo) => <Content key={`${selection.geo}-${selection.scenario}-${selection.baseline.label}-${selection.window.label}`} selection={selection} place={geo.name} />}</AnalysisFrame>
      <MethodNote>
        <p>{PET_METHOD}</p>
        <p>{BALANCE_METHOD}</p>
      </MethodNote>
    </>
  );
}
