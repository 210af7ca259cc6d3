import { HTMLTable } from "@blueprintjs/core";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec } from "../cmip6/charts/specs";
import { displayDecimalsOf } from "../cmip6/indicatorRules";
import { AgreementLegend, AgreementMark } from "../cmip6/AgreementMark";
import { AnalysisFrame, AnalysisHeading, fmt, LeftOutNote, LevelNote, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { cyclePoints, MONTHS } from "./cycles";
import { scenarioName, type AnalysisSelection } from "./selection";
import { useAnalysisView } from "./viewsApi";
import { BALANCE_METHOD, PET_METHOD, WATER_QUANTITIES, type WaterQuantity, type WaterView } from "./waterView";
import { TableScroll } from "~/components/TableScroll";

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const view = useAnalysisView("climate-water", selection);
  return <SeriesGate queries={[view]}>{([v]) => <WaterBalance view={v} selection={selection} place={place} />}</SeriesGate>;
}

/** The page's charts, totals and notes, from its view. */
function WaterBalance({ view, selection, place }: { view: WaterView; selection: AnalysisSelection; place: string }) {
  const { sample, periods, totals, change, agreement, level } = view;
  const spec = (what: WaterQuantity, title: string) =>
    bandChartSpec({
      labels: { title: `${title}, ${place}`, axis: `${title} (mm/day)`, units: "mm/day", decimals: displayDecimalsOf("pr"), sample, note: "ensemble median and p10-p90" },
      band: periods.flatMap((p) => cyclePoints(p.label, p[what])),
      x: { title: "Month", type: "month", order: MONTHS },
      rules: what === "balance" ? [0] : [],
      legend: "Period",
    });
  return (
    <>
      <AnalysisHeading title={`Water balance, ${place}`} sources={view.sources} csv={{ file: `sacap-water-balance-${selection.geo}`, ...view.csv }} />
      <div className="sacap-analysis-charts">
        <Chart label="Precipitation by month" spec={spec("pr", "Precipitation")} fileName={`sacap-water-pr-${selection.geo}`} summary={`Precipitation by month in ${place}, ${totals.map((t) => `${t.label}: ${fmt(t.pr, 0)} mm a year`).join("; ")}.`} />
        <Chart label="Potential evapotranspiration by month" spec={spec("pet", "Potential evapotranspiration")} fileName={`sacap-water-pet-${selection.geo}`} summary={`Potential evapotranspiration by month in ${place}, ${totals.map((t) => `${t.label}: ${fmt(t.pet, 0)} mm a year`).join("; ")}.`} />
      </div>
      <p>
        <strong>PET method:</strong> {view.petMethods}.
      </p>
      <Chart label="Water balance by month" spec={spec("balance", "Precipitation minus PET")} fileName={`sacap-water-balance-${selection.geo}`} summary={`Precipitation minus potential evapotranspiration by month in ${place}.`} />
      <TableScroll label="Table of the water balance">
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
              {WATER_QUANTITIES.map((k) => (
                <td key={k} className="sacap-num">
                  {signed(change[k], 0)} <AgreementMark agreement={agreement[k]} />
                </td>
              ))}
            </tr>
          </tbody>
        </HTMLTable>
      </TableScroll>
      <LeftOutNote excluded={view.excluded} />
      {!level && (
        <p className="sacap-level-note">
          <AgreementLegend />
        </p>
      )}
      {level && <LevelNote counts={level.counts.map((c) => ({ ...c, windows: level.windows }))} scenarioName={scenarioName(selection.scenario)} />}
    </>
  );
}

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
