import { HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, bandPoints } from "../cmip6/charts/specs";
import type { SeriesResponse } from "../cmip6/series";
import { AnalysisFrame, AnalysisHeading, fmt, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { modelClimatologies, windowStatistics } from "../cmip6/windows";
import { linearTrend } from "./compute";
import { CROP_HEAT_INDEX, CROP_SEASONS, cropQueries } from "./queries";

const VARIABLE_NAMES: Record<string, string> = { pr: "Rainfall", tas: "Temperature", [CROP_HEAT_INDEX]: "Warm days (TX90p)" };
import type { AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";

export interface SeasonSummary {
  variable: string;
  season: string;
  units: string;
  baseline: number | null;
  future: number | null;
  change: number | null;
  /** Per decade, of the ensemble median. */
  trendHistorical: number | null;
  trendScenario: number | null;
}

/**
 * Baseline and window climatologies and the change (the portal's one ensemble method: per model first,
 * then the median across models), and decadal trends of the ensemble median, of one season's answer.
 */
export function seasonSummary(data: SeriesResponse, season: string, s: AnalysisSelection): SeasonSummary {
  const hist = data.series.find((b) => b.scenario === "historical");
  const future = data.series.find((b) => b.scenario === s.scenario);
  const baseline = hist ? windowStatistics([hist], s.baseline).median : null;
  const window = future ? windowStatistics([future], s.window, hist ? modelClimatologies([hist], s.baseline) : undefined) : undefined;
  const trend = (b: typeof hist) => {
    const slope = b ? linearTrend(b.years, b.stats.median) : null;
    return slope === null ? null : slope * 10;
  };
  return {
    variable: data.indicator.code,
    season,
    units: data.indicator.units,
    baseline,
    future: window?.median ?? null,
    change: window?.change?.median ?? null,
    trendHistorical: trend(hist),
    trendScenario: trend(future),
  };
}

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const queries = cropQueries(selection);
  // one hook per query; cropQueries always returns six (three variables, two seasons)
  const results = [
    useAnalysisSeries(queries[0]),
    useAnalysisSeries(queries[1]),
    useAnalysisSeries(queries[2]),
    useAnalysisSeries(queries[3]),
    useAnalysisSeries(queries[4]),
    useAnalysisSeries(queries[5]),
  ];
  return (
    <SeriesGate queries={results}>
      {(answers) => {
        const byVariable = (code: string) => answers.filter((a) => a.indicator.code === code);
        const summaries = answers.map((a) => seasonSummary(a, CROP_SEASONS.find((c) => c.code === a.season?.code)!.name, selection));
        const sample = answers.some((a) => a.sample);
        const chart = (code: string, title: string) => {
          const list = byVariable(code);
          const blocks = list.flatMap((a) => a.series.map((b) => ({ ...b, scenario: CROP_SEASONS.find((c) => c.code === a.season?.code)!.name as never })));
          const units = list[0].indicator.units;
          const spec = bandChartSpec({
            labels: { title: `${title}, ${place}`, axis: list[0].indicator.axisUnit, units, decimals: list[0].indicator.decimals, sample, note: `historical and ${selection.scenario}, ensemble median and p10-p90` },
            band: bandPoints(blocks),
            x: { title: "Year", type: "year" },
            legend: "Season",
          });
          return <Chart label={title} spec={spec} fileName={`sacap-${code}-seasons-${selection.geo}`} summary={`${title} in ${place}, kharif and rabi, 1950-2100 (${units}).`} />;
        };
        const columns = ["variable", "season", "units", `mean ${selection.baseline.label}`, `mean ${selection.window.label} (${selection.scenario})`, "change", "trend per decade 1950-2014", `trend per decade 2015-2100 (${selection.scenario})`];
        const rows = summaries.map((r) => [r.variable, r.season, r.units, r.baseline, r.future, r.change, r.trendHistorical, r.trendScenario].map((v) => (typeof v === "number" ? Number(v.toFixed(4)) : v)));
        return (
          <>
            <AnalysisHeading
              title={`Growing-season climate, ${place}`}
              answers={answers}
              csv={{
                file: `sacap-climate-crop-${selection.geo}`,
                header: { indicator: "pr, tas, tx90p (seasonal)", units: "mm/day, °C, %", geo: selection.geo, scenarios: ["historical", selection.scenario], models: ["ensemble"], period: "1950-2100", baseline: selection.baseline.label, view: "Kharif and rabi season summary", sample },
                columns,
                rows,
              }}
            />
            <div className="sacap-analysis-charts">
              {chart("pr", "Season rainfall")}
              {chart("tas", "Season temperature")}
              {chart(CROP_HEAT_INDEX, "Season warm days (TX90p)")}
            </div>
            <HTMLTable compact striped className="sacap-table">
              <caption>
                Kharif and rabi seasons: ensemble median, change from {selection.baseline.label} to {selection.window.label} and trends
                {sample ? " (sample data)" : ""}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Variable</th>
                  <th scope="col">Season</th>
                  <th scope="col">{selection.baseline.label}</th>
                  <th scope="col">{selection.window.label}</th>
                  <th scope="col">Change</th>
                  <th scope="col">Trend 1950-2014 per decade</th>
                  <th scope="col">Trend 2015-2100 per decade</th>
                </tr>
              </thead>
              <tbody>
                {summaries.map((r) => (
                  <tr key={`${r.variable}-${r.season}`}>
                    <td>{VARIABLE_NAMES[r.variable] ?? r.variable} ({r.units})</td>
                    <td>{r.season}</td>
                    <td className="sacap-num">{fmt(r.baseline)}</td>
                    <td className="sacap-num">{fmt(r.future)}</td>
                    <td className="sacap-num">{signed(r.change)}</td>
                    <td className="sacap-num">{signed(r.trendHistorical, 3)}</td>
                    <td className="sacap-num">{signed(r.trendScenario, 3)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        );
      }}
    </SeriesGate>
  );
}

/** Kharif (June-September) and rabi (November-March) rainfall and temperature, their change and trends. */
export function ClimateCrop() {
  return (
    <>
      <AnalysisFrame fields={["scenario", "baseline", "window"]}>{(selection, geo) => <Content key={`${selection.geo}-${selection.scenario}`} selection={selection} place={geo.name} />}</AnalysisFrame>
      <MethodNote>
        <p>
          Season values come from the monthly series of every model the archive has the variable for.{" "}
          <AvailabilityNote indicators={["pr", "tas", CROP_HEAT_INDEX]} /> The kharif season is June to September, the rabi season
          November to March, labelled with the year it ends in. Rainfall is the season's day-weighted mean rate (mm/day), temperature
          its mean. Heat is counted as warm days (ETCCDI TX90p): the share of days whose maximum temperature exceeds the 90th
          percentile of the 1961-1990 base period, averaged over the season's months (about 10 % in the base period). Each line is the median across models with the band from the 10th to the 90th percentile. The table gives the
          mean of the median over the baseline and the future window, their difference, and least-squares trends per decade over the
          historical run and over the scenario.
        </p>
      </MethodNote>
    </>
  );
}
