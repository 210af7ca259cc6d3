import { HTMLTable } from "@blueprintjs/core";
import { Chart } from "../cmip6/charts/Chart";
import { barChartSpec, type BarDatum } from "../cmip6/charts/specs";
import { AnalysisFrame, AnalysisHeading, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { ENSO_PHASES, type OniTable } from "./compute";
import { modelComposites, type PhaseComposite } from "./ensoModels";
import { ensoQueries } from "./queries";
import type { AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";

function Content({ selection, place, oni }: { selection: AnalysisSelection; place: string; oni: OniTable }) {
  const q = ensoQueries(selection);
  const r = [useAnalysisSeries(q[0]), useAnalysisSeries(q[1]), useAnalysisSeries(q[2]), useAnalysisSeries(q[3])];
  return (
    <SeriesGate queries={r}>
      {([prK, prR, tasK, tasR]) => {
        const sample = [prK, prR, tasK, tasR].some((a) => a.sample);
        const sets: { key: string; label: string; composites: PhaseComposite[]; unit: string }[] = [
          { key: "prK", label: "Kharif rainfall", composites: modelComposites(oni, "JJAS", prK.series[0], true), unit: "%" },
          { key: "prR", label: "Rabi rainfall", composites: modelComposites(oni, "NDJFM", prR.series[0], true), unit: "%" },
          { key: "tasK", label: "Kharif temperature", composites: modelComposites(oni, "JJAS", tasK.series[0], false), unit: "°C" },
          { key: "tasR", label: "Rabi temperature", composites: modelComposites(oni, "NDJFM", tasR.series[0], false), unit: "°C" },
        ];
        const bars = (unit: string): BarDatum[] =>
          sets.filter((s) => s.unit === unit).flatMap((s) => s.composites.map((c) => ({ category: c.phase, group: s.label, value: c.median })));
        const order = [...ENSO_PHASES];
        const note = "historical run 1951-2014, median across models";
        const rows = sets.flatMap((s) => s.composites.map((c) => [s.label, s.unit, c.phase, c.years.length, c.median, c.p10, c.p90].map((v) => (typeof v === "number" && !Number.isInteger(v) ? Number(v.toFixed(3)) : v))));
        return (
          <>
            <AnalysisHeading
              title={`Season climate by ENSO phase, ${place}`}
              answers={[prK, prR, tasK, tasR]}
              csv={{
                file: `sacap-enso-${selection.geo}`,
                header: { indicator: "pr, tas (JJAS, NDJFM) composites by ONI phase", units: "% (rainfall), °C (temperature)", geo: selection.geo, scenarios: ["historical"], models: ["ensemble"], period: "1951-2014", view: "ENSO composites", sample },
                columns: ["series", "unit", "phase", "years", "median anomaly", "p10", "p90"],
                rows,
              }}
            />
            <div className="sacap-analysis-charts">
              <Chart label="Rainfall anomaly by ENSO phase" spec={barChartSpec(bars("%"), { title: `Rainfall anomaly by ENSO phase, ${place}`, axis: "Anomaly (% of mean)", units: "%", sample, note }, "ENSO phase", order)} fileName={`sacap-enso-rainfall-${selection.geo}`} summary={`Kharif and rabi rainfall anomalies in El Nino, neutral and La Nina seasons, ${place}.`} />
              <Chart label="Temperature anomaly by ENSO phase" spec={barChartSpec(bars("°C"), { title: `Temperature anomaly by ENSO phase, ${place}`, axis: "Anomaly (°C)", units: "°C", sample, note }, "ENSO phase", order)} fileName={`sacap-enso-temperature-${selection.geo}`} summary={`Kharif and rabi temperature anomalies by ENSO phase, ${place}.`} />
            </div>
            <HTMLTable compact striped className="sacap-table">
              <caption>Composite anomalies by ENSO phase (median and p10-p90 across models){sample ? " (sample data)" : ""}</caption>
              <thead>
                <tr>
                  <th scope="col">Series</th>
                  <th scope="col">Phase</th>
                  <th scope="col">Seasons</th>
                  <th scope="col">Median anomaly</th>
                  <th scope="col">p10 to p90</th>
                </tr>
              </thead>
              <tbody>
                {sets.flatMap((s) =>
                  s.composites.map((c) => (
                    <tr key={`${s.key}-${c.phase}`}>
                      <td>{s.label}</td>
                      <td>{c.phase}</td>
                      <td className="sacap-num">{c.years.length}</td>
                      <td className="sacap-num">{signed(c.median)} {s.unit}</td>
                      <td className="sacap-num">
                        {signed(c.p10)} to {signed(c.p90)}
                      </td>
                    </tr>
                  )),
                )}
              </tbody>
            </HTMLTable>
          </>
        );
      }}
    </SeriesGate>
  );
}

/** Kharif and rabi rainfall and temperature composites by ENSO phase from the ONI table. */
export function EnsoCrops({ oni }: { oni: OniTable }) {
  return (
    <>
      <AnalysisFrame fields={[]}>{(selection, geo) => <Content key={selection.geo} selection={selection} place={geo.name} oni={oni} />}</AnalysisFrame>
      <MethodNote>
        <p>
          Each season is classed by the Oceanic Nino Index (NOAA CPC, ERSSTv5): the mean ONI of the overlapping seasons JJA, JAS and
          ASO for kharif, and OND, NDJ of the previous year with DJF and JFM for rabi. El Nino at +0.5 °C or more, La Nina at −0.5 °C
          or less, neutral otherwise. For each model of the historical run (1951-2014) the mean of the El Nino, neutral and La Nina
          seasons is compared with its mean over all seasons (rainfall as a percentage); the charts show the median across models.
        </p>
        <p>
          Caution: free-running climate models have their own El Nino years, not the observed ones, so composites of model output by
          observed ONI mostly average out. With observed or reanalysis series in the store the same method gives the observed ENSO
          signal; with the present sample data the bars illustrate the method only.
        </p>
      </MethodNote>
    </>
  );
}
