import { HTMLTable } from "@blueprintjs/core";
import { useSearchParams } from "@remix-run/react";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, type BandPoint } from "../cmip6/charts/specs";
import { displayDecimalsOf } from "../cmip6/indicatorRules";
import { THI_DEFINITIONS, THI_REFERENCES, THI_SPECIES, THI_THRESHOLDS, thiVariables } from "../cmip6/livestockHeat";
import { AgreementLegend, AgreementMark } from "../cmip6/AgreementMark";
import { AnalysisFrame, AnalysisHeading, fmt, LeftOutNote, LevelNote, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { MONTHS } from "./cycles";
import type { HeatDayRow, RangeStat } from "./livestock";
import type { LivestockView } from "./livestockView";
import { DEFAULT_THI_DEFINITION, scenarioName, type AnalysisSelection } from "./selection";
import { useAnalysisView } from "./viewsApi";
import { TableScroll } from "~/components/TableScroll";

/** Counts of heat-stress days at their display decimals (`displayDecimalsOf`: a tenth of a day). */
const range = (s: RangeStat, d: number) => (s.median === null ? "–" : `${fmt(s.median, d)} (${fmt(s.p10, d)}–${fmt(s.p90, d)})`);

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const view = useAnalysisView("climate-livestock", selection);
  return <SeriesGate queries={[view]}>{([v]) => <HeatStress view={v} selection={selection} place={place} />}</SeriesGate>;
}

/** The page's chart, table and notes, from its view. */
function HeatStress({ view, selection, place }: { view: LivestockView; selection: AnalysisSelection; place: string }) {
  const { sample, tables, level } = view;
  const definition = THI_DEFINITIONS.find((d) => d.code === selection.thi)!;
  const species = THI_SPECIES.find((s) => s.code === selection.species)!;
  const baseLabel = `${selection.baseline.label} (historical)`;
  const futureLabel = `${selection.window.label} (${selection.scenario})`;
  const onset = tables[0];
  const d = displayDecimalsOf(onset.code);
  const points = (label: string, pick: (r: HeatDayRow) => RangeStat): BandPoint[] => onset.rows.slice(0, 12).map((r, m) => ({ scenario: label, x: MONTHS[m], ...pick(r) }));
  const spec = bandChartSpec({
    labels: {
      title: `Days with THI ≥ ${onset.threshold}, ${place}`,
      axis: "Days per month",
      units: "days",
      decimals: d,
      sample,
      note: `${definition.label}; ensemble median and p10-p90`,
    },
    band: [...points(baseLabel, (r) => r.baseline), ...points(futureLabel, (r) => r.future)],
    x: { title: "Month", type: "month", order: MONTHS },
    legend: "Period",
  });
  const year = onset.rows[onset.rows.length - 1];
  return (
    <>
      <AnalysisHeading title={`Livestock heat stress, ${place}`} sources={view.sources} csv={{ file: `sacap-livestock-thi-days-${selection.species}-${selection.thi}-${selection.geo}`, ...view.csv }} />
      <Chart
        label={`Days with THI at or above ${onset.threshold} by month`}
        spec={spec}
        fileName={`sacap-livestock-thi-days-${selection.geo}`}
        summary={`Days a year with ${definition.label.toLowerCase()} THI at or above ${onset.threshold} in ${place}: ${fmt(year.baseline.median, d)} in ${baseLabel}, ${fmt(year.future.median, d)} in ${futureLabel} (ensemble medians).`}
      />
      <TableScroll label="Table of heat-stress days">
        <HTMLTable compact striped className="sacap-table">
          <caption>
            Heat-stress days per month, season and year: {species.name}, {definition.label.toLowerCase()} THI; ensemble median (p10–p90){sample ? " (sample data)" : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                Month or season
              </th>
              {tables.map((t) => (
                <th scope="colgroup" colSpan={3} key={t.code}>
                  THI ≥ {t.threshold}
                </th>
              ))}
            </tr>
            <tr>
              {tables.flatMap((t) => [
                <th scope="col" key={`${t.code}-b`}>
                  {baseLabel}
                </th>,
                <th scope="col" key={`${t.code}-f`}>
                  {futureLabel}
                </th>,
                <th scope="col" key={`${t.code}-c`}>
                  Change
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {onset.rows.map((row, i) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {tables.flatMap((t) => {
                  const r = t.rows[i];
                  return [
                    <td className="sacap-num" key={`${t.code}-b`}>
                      {range(r.baseline, d)}
                    </td>,
                    <td className="sacap-num" key={`${t.code}-f`}>
                      {range(r.future, d)}
                    </td>,
                    <td className="sacap-num" key={`${t.code}-c`}>
                      {signed(r.change, d)} <AgreementMark agreement={r.agreement} />
                    </td>,
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      {!level && (
        <p className="sacap-level-note">
          <AgreementLegend />
        </p>
      )}
      <LeftOutNote excluded={view.excluded} />
      {level && <LevelNote counts={[{ label: `Heat-stress days (${thiVariables(selection.thi).join(" and ")})`, ...level }]} scenarioName={scenarioName(selection.scenario)} />}
    </>
  );
}

/** Heat stress of livestock: days per month at or above cited THI thresholds, now and in a future window. */
export function ClimateLivestock() {
  // the method note names the definition chosen (the frame parses the same parameter)
  const [params] = useSearchParams();
  const definition = THI_DEFINITIONS.find((d) => d.code === params.get("thi")) ?? THI_DEFINITIONS.find((d) => d.code === DEFAULT_THI_DEFINITION)!;
  return (
    <>
      <AnalysisFrame fields={["scenario", "baseline", "window", "species", "thi"]}>
        {(selection, geo) => (
          <Content
            key={`${selection.geo}-${selection.scenario}-${selection.baseline.label}-${selection.window.label}-${selection.species}-${selection.thi}`}
            selection={selection}
            place={geo.name}
          />
        )}
      </AnalysisFrame>
      <MethodNote>
        <p>
          For each model, grid cell and day the temperature-humidity index of the National Research Council (NRC 1971) is computed,
          THI = (1.8 T + 32) − (0.55 − 0.0055 RH) (1.8 T − 26) with T in °C and RH in %, and the days of each month at or above each
          threshold are counted per cell, then averaged over the place with area weights. A cell with a day missing has no count for
          that month. Shown: {definition.text}. Each model&apos;s days are averaged
          per calendar month over the baseline (historical run) and the future window (chosen scenario); seasons and the year add the
          months. The table gives the median across models with the 10th–90th percentiles; the change is each model&apos;s future
          minus its own baseline, then the median. <AvailabilityNote indicators={[...definition.variables]} />
        </p>
        <p>
          The daily-maximum definition takes the day&apos;s vapour pressure from specific humidity at the standard sea-level pressure of
          101.3 kPa (not the pressure at each cell&apos;s elevation), which overstates humidity at altitude (by about 12 % at 1000
          m), and assumes it constant through the day: RH at the hottest hour is then the day&apos;s lowest. The daily-mean definition
          misses the afternoon peak. The thresholds were set on THI of different time bases (hourly, daily maximum or daily mean),
          so the two counts bracket rather than reproduce them. Poultry, pigs, sheep and goats are assessed with other THI
          formulas (other weights of dry- and wet-bulb temperature) and are not shown.
        </p>
        <TableScroll label="Table of THI thresholds">
          <HTMLTable compact className="sacap-table">
            <caption>Thresholds of daily THI (NRC 1971 formula) and their sources</caption>
            <thead>
              <tr>
                <th scope="col">THI at or above</th>
                <th scope="col">Species</th>
                <th scope="col">Meaning</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {THI_THRESHOLDS.map((t) => (
                <tr key={t.value}>
                  <td className="sacap-num">{t.value}</td>
                  <td>{THI_SPECIES.find((s) => s.code === t.species)!.name}</td>
                  <td>{t.label.replace(/^\d+: /, "")}</td>
                  <td>{t.source}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
        <ul className="sacap-references">
          {Object.values(THI_REFERENCES).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </MethodNote>
    </>
  );
}
