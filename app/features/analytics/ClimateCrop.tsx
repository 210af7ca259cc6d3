import { HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, bandPoints } from "../cmip6/charts/specs";
import type { SeriesResponse } from "../cmip6/series";
import { AnalysisFrame, AnalysisHeading, fmt, LevelNote, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import { modelClimatologies, windowStatistics, type Agreement } from "../cmip6/windows";
import { levelWindows, type LevelWindows, type WarmingLevels } from "../cmip6/warmingLevels";
import { useGetWarmingLevelsQuery } from "~/store/reference";
import { AgreementLegend, AgreementMark, agreementCell } from "../cmip6/AgreementMark";
import { ensembleTrend, significanceText, TREND_METHOD, type EnsembleTrend } from "./trend";
import { CROP_HEAT_INDEX, CROP_SEASONS, cropQueries } from "./queries";

const VARIABLE_NAMES: Record<string, string> = { pr: "Rainfall", tas: "Temperature", [CROP_HEAT_INDEX]: "Warm days (TX90p)" };
import { scenarioName, type AnalysisSelection } from "./selection";
import { useAnalysisSeries } from "./useSeries";

export interface SeasonSummary {
  variable: string;
  season: string;
  units: string;
  baseline: number | null;
  future: number | null;
  change: number | null;
  /** Sign agreement of the models' changes (IPCC AR6 simple approach). */
  agreement: Agreement | null;
  /** Models with a future value, and models of the answer. */
  count: number;
  of: number;
  /** At a warming level: each model's window. */
  level?: LevelWindows;
  /** Sen's slopes per decade and Mann-Kendall tests per model and across models, over the historical run and the scenario. */
  trendHistorical: EnsembleTrend | null;
  trendScenario: EnsembleTrend | null;
}

/**
 * Baseline and window climatologies and the change (the portal's one ensemble method: per model first,
 * then the median across models), and decadal trends (Sen's slope and the Mann-Kendall test per model, then
 * across models) over the historical run and over the scenario, of one season's answer. At a
 * warming level (`table` needed) each model's window is its own, the historical run joined, and the
 * baseline is over the same models: those that reach the level.
 */
export function seasonSummary(data: SeriesResponse, season: string, s: AnalysisSelection, table?: Pick<WarmingLevels, "rows">): SeasonSummary {
  const hist = data.series.find((b) => b.scenario === "historical");
  const future = data.series.find((b) => b.scenario === s.scenario);
  const of = new Set(data.series.flatMap((b) => Object.keys(b.values))).size;
  const level = s.window.kind === "gwl" && table ? levelWindows(table, s.scenario, s.window.level, data.models) : undefined;
  const base = hist ? modelClimatologies([hist], s.baseline) : undefined;
  const window = !future
    ? undefined
    : level
      ? windowStatistics(hist ? [hist, future] : [future], { byModel: level.periods }, base)
      : s.window.kind === "years"
        ? windowStatistics([future], s.window.period, base)
        : undefined;
  const baselineChoice = level ? { byModel: Object.fromEntries(Object.keys(level.periods).map((m) => [m, s.baseline])) } : s.baseline;
  const baseline = hist ? windowStatistics([hist], baselineChoice).median : null;
  const trend = (b: typeof hist) => (b && b.years.length ? ensembleTrend(b.years, b.values, { start: b.years[0], end: b.years[b.years.length - 1] }) : null);
  return {
    variable: data.indicator.code,
    season,
    units: data.indicator.units,
    baseline,
    future: window?.median ?? null,
    change: window?.change?.median ?? null,
    agreement: window?.change?.agreement ?? null,
    count: window?.count ?? 0,
    of,
    ...(level ? { level } : {}),
    trendHistorical: trend(hist),
    trendScenario: trend(future),
  };
}

function Content({ selection, place }: { selection: AnalysisSelection; place: string }) {
  const queries = cropQueries(selection);
  const levels = useGetWarmingLevelsQuery();
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
        const summaries = answers.map((a) => seasonSummary(a, CROP_SEASONS.find((c) => c.code === a.season?.code)!.name, selection, levels.data));
        const gwl = selection.window.kind === "gwl";
        // the models in per variable (both seasons of a variable have the same models)
        const counts = summaries.flatMap((r) =>
          r.level && r.season === CROP_SEASONS[0].name ? [{ label: VARIABLE_NAMES[r.variable] ?? r.variable, windows: r.level, count: r.count, of: r.of }] : [],
        );
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
        // the years of each row's trend (a rabi season is labelled with the year it ends in: its first is 1951)
        const yearsOf = (t: EnsembleTrend | null) => (t ? `${t.period.start}-${t.period.end}` : null);
        const trendColumns = (label: string) => [
          `trend ${label} years`,
          `trend ${label} per decade (median of models' Sen slopes)`,
          `trend ${label} p10`,
          `trend ${label} p90`,
          `trend ${label} models with a trend`,
          `trend ${label} models significant at 5 %`,
          `trend ${label} significant rising`,
          `trend ${label} significant falling`,
          `trend ${label} ensemble median series Sen slope per decade`,
          `trend ${label} ensemble median series Mann-Kendall p`,
        ];
        const round = (v: number | null, digits = 4) => (v === null ? null : Number(v.toFixed(digits)));
        const trendCells = (t: EnsembleTrend | null) =>
          t
            ? [yearsOf(t), round(t.median), round(t.p10), round(t.p90), t.count, t.significant, t.rising, t.falling, round(t.medianSeries.slopePerDecade), t.medianSeries.p === null ? null : Number(t.medianSeries.p.toPrecision(4))]
            : [null, null, null, null, 0, 0, 0, 0, null, null];
        const columns = [
          "variable",
          "season",
          "units",
          `mean ${selection.baseline.label}`,
          `mean ${selection.window.label} (${selection.scenario})`,
          "change",
          "models",
          "of models",
          "agreement",
          ...trendColumns("historical"),
          ...trendColumns(selection.scenario),
        ];
        const rows = summaries.map((r) => [
          ...[r.variable, r.season, r.units, r.baseline, r.future, r.change, r.count, r.of, agreementCell(r.agreement)].map((v) => (typeof v === "number" ? Number(v.toFixed(4)) : v)),
          ...trendCells(r.trendHistorical),
          ...trendCells(r.trendScenario),
        ]);
        const trendCell = (t: EnsembleTrend | null) =>
          t && t.median !== null ? (
            <>
              {signed(t.median, 3)}{" "}
              <span>
                ({signed(t.p10, 3)} to {signed(t.p90, 3)})
              </span>
            </>
          ) : (
            "–"
          );
        return (
          <>
            <AnalysisHeading
              title={`Growing-season climate, ${place}`}
              answers={answers}
              csv={{
                file: `sacap-climate-crop-${selection.geo}`,
                header: {
                  indicator: "pr, tas, tx90p (seasonal)",
                  units: "mm/day, °C, %",
                  geo: selection.geo,
                  scenarios: ["historical", selection.scenario],
                  models: ["ensemble"],
                  period: gwl ? `1950-2100; future window: ${selection.window.label}, each model's own 20-year window (${counts.map((c) => `${c.label}: ${c.count} of ${c.of} models`).join(", ")})` : "1950-2100",
                  baseline: selection.baseline.label,
                  view: "Kharif and rabi season summary",
                  sample,
                  method: TREND_METHOD,
                },
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
                Kharif and rabi seasons: ensemble median, change from {selection.baseline.label} to {gwl ? `the global warming level ${selection.window.label}` : selection.window.label}{" "}
                with the models&apos; sign agreement, and trends (Sen&apos;s slope, Mann-Kendall test)
                {sample ? " (sample data)" : ""}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Variable</th>
                  <th scope="col">Season</th>
                  <th scope="col">{selection.baseline.label}</th>
                  <th scope="col">{selection.window.label}</th>
                  <th scope="col">Change</th>
                  <th scope="col">Trend per decade, historical (p10 to p90)</th>
                  <th scope="col">Significant, historical</th>
                  <th scope="col">Trend per decade, {selection.scenario} (p10 to p90)</th>
                  <th scope="col">Significant, {selection.scenario}</th>
                </tr>
              </thead>
              <tbody>
                {summaries.map((r) => (
                  <tr key={`${r.variable}-${r.season}`}>
                    <td>{VARIABLE_NAMES[r.variable] ?? r.variable} ({r.units})</td>
                    <td>{r.season}</td>
                    <td className="sacap-num">{fmt(r.baseline)}</td>
                    <td className="sacap-num">{fmt(r.future)}</td>
                    <td className="sacap-num">
                      {signed(r.change)} <AgreementMark agreement={r.agreement} />
                    </td>
                    <td className="sacap-num">{trendCell(r.trendHistorical)}</td>
                    <td>{r.trendHistorical ? significanceText(r.trendHistorical) : "–"}</td>
                    <td className="sacap-num">{trendCell(r.trendScenario)}</td>
                    <td>{r.trendScenario ? significanceText(r.trendScenario) : "–"}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {gwl ? (
              <LevelNote counts={counts} scenarioName={scenarioName(selection.scenario)} />
            ) : (
              <p className="sacap-level-note">
                <AgreementLegend />
              </p>
            )}
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
          median across models of each model's mean over the baseline and the future window, and of each model's change. Trends over
          the historical run (1950-2014; rabi from 1951, the first season the series has) and over the scenario (to 2100) are per model first: Sen's slope (the median of the slopes
          between all pairs of years; Sen 1968) per decade and the two-sided Mann-Kendall test (Mann 1945; Kendall 1975) at 5 %, with
          the variance of S corrected for tied values (Hirsch et al. 1982) and the normal approximation; a model needs at least 8 years
          with values. The table shows the median of the models' slopes with the 10th to 90th percentiles across models, and how many
          models have a trend significant at 5 % and in which direction. The download adds the Sen slope and Mann-Kendall p of the
          ensemble median series.
        </p>
      </MethodNote>
    </>
  );
}
