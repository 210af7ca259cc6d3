import { Callout, HTMLTable } from "@blueprintjs/core";
import { useMemo } from "react";
import { Chart } from "../cmip6/charts/Chart";
import { barChartSpec, type BarDatum } from "../cmip6/charts/specs";
import { displayDecimalsOf } from "../cmip6/indicatorRules";
import type { SeriesResponse } from "../cmip6/series";
import { observationDataset } from "../observations/datasets";
import { AnalysisFrame, AnalysisHeading, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { ENSO_PHASES, oniEpisodes, phaseYears, type CropEnsoSeason, type OniPhases, type OniTable } from "./compute";
import { ENSO_METHOD, modelBias, observedComposites, OBSERVED_PREFERENCE, pickDataset, type ModelBias, type ObservedComposites } from "./ensoObserved";
import { ensoHistoricalQueries, ensoObservedQueries } from "./queries";
import type { AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";
import { TableScroll } from "~/components/TableScroll";

/** The four series of the page, in the order of `ensoObservedQueries` and `ensoHistoricalQueries`. */
/**
 * Decimals of an anomaly: a tenth of a percent of the mean for rainfall, temperature's display decimals
 * (a tenth of a degree) for temperature.
 */
const ANOMALY_DECIMALS: Record<string, number> = { "%": 1, "°C": displayDecimalsOf("tas") };

const SETS: { key: string; variable: "pr" | "tas"; season: CropEnsoSeason; label: string; unit: string; percent: boolean }[] = [
  { key: "prK", variable: "pr", season: "JJAS", label: "Kharif rainfall", unit: "%", percent: true },
  { key: "prR", variable: "pr", season: "NDJFM", label: "Rabi rainfall", unit: "%", percent: true },
  { key: "tasK", variable: "tas", season: "JJAS", label: "Kharif temperature", unit: "°C", percent: false },
  { key: "tasR", variable: "tas", season: "NDJFM", label: "Rabi temperature", unit: "°C", percent: false },
];

const INGEST_COMMAND = "npm run ingest -- --observed chirps FILES";

/** Years of each phase by NOAA's rule, kharif and rabi, over the ONI table: a reference whatever the data. */
function PhaseTable({ phases, oni }: { phases: OniPhases; oni: OniTable }) {
  const years = Object.keys(oni).map(Number).sort((a, b) => a - b);
  const kharif = phaseYears(phases, "JJAS", years);
  const rabi = phaseYears(phases, "NDJFM", years);
  return (
    <TableScroll label="Table of ENSO phases by season">
      <HTMLTable compact striped className="sacap-table">
        <caption>
          ENSO phase of each crop season by NOAA&apos;s episode rule, {years[0]}-{years[years.length - 1]} (reference)
        </caption>
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">Kharif (JJAS) seasons</th>
            <th scope="col">Rabi (NDJFM) seasons, by the year they end</th>
          </tr>
        </thead>
        <tbody>
          {ENSO_PHASES.filter((p) => p !== "Neutral").map((phase) => (
            <tr key={phase}>
              <th scope="row">{phase}</th>
              <td>
                {kharif[phase].join(", ")} ({kharif[phase].length})
              </td>
              <td>
                {rabi[phase].join(", ")} ({rabi[phase].length})
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">Neutral</th>
            <td>{kharif.Neutral.length} seasons</td>
            <td>{rabi.Neutral.length} seasons</td>
          </tr>
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

function NoObservations({ place }: { place: string }) {
  return (
    <>
      <h2>Season climate by ENSO phase, {place}</h2>
      <Callout intent="primary" title="Composites need observed data">
        <p>
          No observations are loaded for {place}, so this page shows no composites. ENSO composites are made of observed seasons only:
          free-running climate models have their own El Nino and La Nina years, not the observed ones, so their seasons grouped by
          the observed ONI show no ENSO signal.
        </p>
        <p>
          To load observations, the portal&apos;s operator runs <code>{INGEST_COMMAND}</code> with CHIRPS daily rainfall files (or{" "}
          <code>--observed era5</code>, <code>era5-land</code> or <code>imd</code>) and restarts the portal; see the Methods page,
          Observations.
        </p>
      </Callout>
    </>
  );
}

interface Row {
  key: string;
  label: string;
  unit: string;
  dataset: string;
  composites: ObservedComposites;
  bias: ModelBias;
}

function Composites({ selection, place, phases, observed }: { selection: AnalysisSelection; place: string; phases: OniPhases; observed: boolean[] }) {
  const oq = ensoObservedQueries(selection);
  const hq = ensoHistoricalQueries(selection);
  // a fixed number of hooks: the series the loader said do not exist are not asked
  const obs = [useAnalysisSeries(oq[0], !observed[0]), useAnalysisSeries(oq[1], !observed[1]), useAnalysisSeries(oq[2], !observed[2]), useAnalysisSeries(oq[3], !observed[3])];
  const hist = [useAnalysisSeries(hq[0], !observed[0]), useAnalysisSeries(hq[1], !observed[1]), useAnalysisSeries(hq[2], !observed[2]), useAnalysisSeries(hq[3], !observed[3])];
  const active = SETS.map((_, i) => i).filter((i) => observed[i]);
  return (
    <SeriesGate queries={[...active.map((i) => obs[i]), ...active.map((i) => hist[i])]}>
      {(data: SeriesResponse[]) => {
        const rows: Row[] = active.flatMap((setIndex, k) => {
          const set = SETS[setIndex];
          const block = data[k].series[0];
          const history = data[active.length + k].series[0];
          const dataset = block && pickDataset(block, OBSERVED_PREFERENCE[set.variable]);
          if (!block || !dataset || !history) return [];
          const values = block.values[dataset];
          const composites = observedComposites(phases, set.season, block.years, values, set.percent);
          if (!composites) return [];
          return [{ key: set.key, label: set.label, unit: set.unit, dataset, composites, bias: modelBias(block.years, values, history, set.percent) }];
        });
        const sample = data.slice(0, active.length).some((a) => a.sample);
        const biasSample = data.slice(active.length).some((a) => a.sample);
        const name = (id: string) => observationDataset(id)?.cite ?? id;
        const bars = (unit: string): BarDatum[] =>
          rows.filter((r) => r.unit === unit).flatMap((r) => r.composites.composites.map((c) => ({ category: c.phase, group: `${r.label} (${r.dataset})`, value: c.anomaly })));
        const order = [...ENSO_PHASES];
        const round = (v: number | null) => (v === null ? null : Number(v.toFixed(3)));
        const csvRows = rows.flatMap((r) => [
          ...r.composites.composites.map((c) => [r.label, r.unit, r.dataset, c.phase, c.years.length, round(c.anomaly), null, null, `anomaly from ${r.composites.baseline.label} (${r.composites.baseline.start}-${r.composites.baseline.end})`]),
          [r.label, r.unit, r.dataset, "historical runs minus observed", r.bias.models, round(r.bias.median), round(r.bias.p10), round(r.bias.p90), r.bias.years ? `${r.bias.years.start}-${r.bias.years.end} (${r.bias.years.count} seasons)` : "no common years"],
        ]);
        const datasets = [...new Set(rows.map((r) => r.dataset))];
        return (
          <>
            <AnalysisHeading
              title={`Observed season climate by ENSO phase, ${place}`}
              answers={data}
              csv={{
                file: `sacap-enso-${selection.geo}`,
                header: {
                  indicator: "pr, tas (JJAS, NDJFM): observed composites by ENSO phase and historical-run bias",
                  units: "% of the mean (rainfall), °C (temperature)",
                  geo: selection.geo,
                  scenarios: ["observed", "historical"],
                  models: [...datasets, "ensemble"],
                  period: "observed record; bias over the years shared with the historical run (1951-2014)",
                  view: "ENSO composites",
                  sample: sample || biasSample,
                  method: ENSO_METHOD,
                },
                columns: ["series", "unit", "dataset", "phase or statistic", "seasons or models", "value", "p10", "p90", "reference"],
                rows: csvRows,
              }}
            />
            {rows.length === 0 ? (
              <Callout intent="warning" title="No observed seasons">The observations loaded for {place} have no complete kharif or rabi season.</Callout>
            ) : (
              <>
                <div className="sacap-analysis-charts">
                  {bars("%").length > 0 && (
                    <Chart label="Observed rainfall anomaly by ENSO phase" spec={barChartSpec(bars("%"), { title: `Observed rainfall anomaly by ENSO phase, ${place}`, axis: "Anomaly (% of mean)", units: "%", decimals: ANOMALY_DECIMALS["%"], sample, note: `observed seasons; ${datasets.map(name).join(", ")}` }, "ENSO phase", order)} fileName={`sacap-enso-rainfall-${selection.geo}`} summary={`Observed kharif and rabi rainfall anomalies in El Nino, neutral and La Nina seasons, ${place}.`} />
                  )}
                  {bars("°C").length > 0 && (
                    <Chart label="Observed temperature anomaly by ENSO phase" spec={barChartSpec(bars("°C"), { title: `Observed temperature anomaly by ENSO phase, ${place}`, axis: "Anomaly (°C)", units: "°C", decimals: ANOMALY_DECIMALS["°C"], sample, note: `observed seasons; ${datasets.map(name).join(", ")}` }, "ENSO phase", order)} fileName={`sacap-enso-temperature-${selection.geo}`} summary={`Observed kharif and rabi temperature anomalies by ENSO phase, ${place}.`} />
                  )}
                </div>
                <TableScroll label="Table of composite anomalies">
                  <HTMLTable compact striped className="sacap-table">
                    <caption>Observed composite anomalies by ENSO phase{sample ? " (sample data)" : ""}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Series</th>
                        <th scope="col">Dataset</th>
                        <th scope="col">Phase</th>
                        <th scope="col">Seasons</th>
                        <th scope="col">Anomaly</th>
                        <th scope="col">Against the mean of</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.flatMap((r) =>
                        r.composites.composites.map((c) => (
                          <tr key={`${r.key}-${c.phase}`}>
                            <td>{r.label}</td>
                            <td>{r.dataset}</td>
                            <td>{c.phase}</td>
                            <td className="sacap-num">{c.years.length}</td>
                            <td className="sacap-num">
                              {signed(c.anomaly, ANOMALY_DECIMALS[r.unit])} {r.unit}
                            </td>
                            <td>
                              {r.composites.baseline.label} ({r.composites.baseline.seasons} seasons)
                            </td>
                          </tr>
                        )),
                      )}
                    </tbody>
                  </HTMLTable>
                </TableScroll>
                <TableScroll label="Table of model bias">
                  <HTMLTable compact striped className="sacap-table">
                    <caption>Historical runs against the observations: model mean minus observed mean{biasSample ? " (model series are sample data)" : ""}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Series</th>
                        <th scope="col">Dataset</th>
                        <th scope="col">Common years</th>
                        <th scope="col">Models</th>
                        <th scope="col">Median bias</th>
                        <th scope="col">p10 to p90</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={r.key}>
                          <td>{r.label}</td>
                          <td>{r.dataset}</td>
                          <td>{r.bias.years ? `${r.bias.years.start}-${r.bias.years.end} (${r.bias.years.count})` : "none"}</td>
                          <td className="sacap-num">{r.bias.models}</td>
                          <td className="sacap-num">
                            {signed(r.bias.median, ANOMALY_DECIMALS[r.unit])} {r.unit}
                          </td>
                          <td className="sacap-num">
                            {signed(r.bias.p10, ANOMALY_DECIMALS[r.unit])} to {signed(r.bias.p90, ANOMALY_DECIMALS[r.unit])}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </TableScroll>
              </>
            )}
          </>
        );
      }}
    </SeriesGate>
  );
}

function Content({ selection, place, oni, observed }: { selection: AnalysisSelection; place: string; oni: OniTable; observed: boolean[] }) {
  const phases = useMemo(() => oniEpisodes(oni), [oni]);
  return (
    <>
      {observed.some(Boolean) ? <Composites selection={selection} place={place} phases={phases} observed={observed} /> : <NoObservations place={place} />}
      <PhaseTable phases={phases} oni={oni} />
    </>
  );
}

/**
 * Kharif and rabi rainfall and temperature of observed seasons by ENSO phase (NOAA's episode rule), with
 * the historical runs' bias against the observations; without observations, the plain statement that
 * composites need them and the phase table as reference.
 */
export function EnsoCrops({ oni, observed }: { oni: OniTable; observed: boolean[] }) {
  return (
    <>
      <AnalysisFrame fields={[]}>{(selection, geo) => <Content key={selection.geo} selection={selection} place={geo.name} oni={oni} observed={observed} />}</AnalysisFrame>
      <MethodNote>
        <p>
          Phases follow NOAA CPC&apos;s episode rule on the Oceanic Nino Index (CPC&apos;s table computed from ERSSTv6, not the earlier
          ERSSTv5 table, whose values differ in some seasons): an El Nino (La Nina) episode is five or more
          consecutive overlapping three-month seasons with the ONI at or above +0.5 °C (at or below −0.5 °C), values to one decimal as
          NOAA&apos;s table shows them. A crop season is in a phase when more than half of the ONI seasons centred in its months are in
          that episode: kharif (JJAS) MJJ, JJA, JAS and ASO, 3 of 4; rabi (NDJFM, labelled by the year it ends) OND, NDJ, DJF, JFM and
          FMA, 3 of 5. Otherwise it is neutral.
        </p>
        <p>
          Composites use observed seasons only (CHIRPS, IMD, ERA5-Land or ERA5, in that order of preference for rainfall; ERA5-Land or
          ERA5 for temperature): the mean of each phase&apos;s seasons minus the observed 1991-2020 mean, or the whole record&apos;s
          mean when fewer than 24 of those seasons are observed; rainfall as a percentage of that mean. The historical runs are not
          composited (their El Nino years are not the observed ones); they are compared with the observations instead: each
          model&apos;s mean over the years it shares with the observations minus the observed mean, median and 10th-90th percentiles
          across models.
        </p>
        <p>
          References: NOAA Climate Prediction Center, Oceanic Nino Index (ERSSTv6); Funk et al. (2015), CHIRPS; Hersbach et al. (2020), ERA5;
          Muñoz-Sabater et al. (2021), ERA5-Land; Pai et al. (2014), IMD gridded rainfall.
        </p>
      </MethodNote>
    </>
  );
}
