import { HTMLTable } from "@blueprintjs/core";
import { AvailabilityNote } from "../cmip6/AvailabilityNote";
import { AgreementLegend, AgreementMark } from "../cmip6/AgreementMark";
import { displayDecimalsOf } from "../cmip6/indicatorRules";
import { AnalysisFrame, AnalysisHeading, fmt, LevelNoteList, MethodNote, SeriesGate, signed } from "./AnalysisFrame";
import type { TrendCell } from "./climateCropView";
import { CROP_HEAT_INDEX } from "./queries";
import type { AnalysisSelection } from "./selection";
import { ViewChart } from "./ViewChart";
import { useAnalysisView } from "./viewsApi";
import { TableScroll } from "~/components/TableScroll";

/**
 * A trend per decade: one decimal more than the variable's display decimals, as a decade's change is a
 * tenth of a century's (0.12 °C per decade, where values show 0.1 °C).
 */
const trendCell = (t: TrendCell | null, code: string) =>
  t && t.median !== null ? (
    <>
      {signed(t.median, displayDecimalsOf(code) + 1)}{" "}
      <span>
        ({signed(t.p10, displayDecimalsOf(code) + 1)} to {signed(t.p90, displayDecimalsOf(code) + 1)})
      </span>
    </>
  ) : (
    "–"
  );

function Content({ selection }: { selection: AnalysisSelection }) {
  const view = useAnalysisView("climate-crop", selection);
  return (
    <SeriesGate queries={[view]}>
      {([v]) => {
        const gwl = selection.window.kind === "gwl";
        return (
          <>
            <AnalysisHeading title={v.title} sources={v.sources} csv={v.csv} />
            <div className="sacap-analysis-charts">
              {v.charts.map((chart) => (
                <ViewChart key={chart.label} chart={chart} />
              ))}
            </div>
            <TableScroll label="Table of season means, changes and trends">
              <HTMLTable compact striped className="sacap-table">
                <caption>
                  Kharif and rabi seasons: ensemble median, change from {selection.baseline.label} to {gwl ? `the global warming level ${selection.window.label}` : selection.window.label}{" "}
                  with the models&apos; sign agreement, and trends (Sen&apos;s slope, Mann-Kendall test)
                  {v.sample ? " (sample data)" : ""}
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
                  {v.rows.map((r) => (
                    <tr key={`${r.variable}-${r.season}`}>
                      <td>{r.variable}</td>
                      <td>{r.season}</td>
                      <td className="sacap-num">{fmt(r.baseline, displayDecimalsOf(r.code))}</td>
                      <td className="sacap-num">{fmt(r.future, displayDecimalsOf(r.code))}</td>
                      <td className="sacap-num">
                        {signed(r.change, displayDecimalsOf(r.code))} <AgreementMark agreement={r.agreement} />
                      </td>
                      <td className="sacap-num">{trendCell(r.trendHistorical, r.code)}</td>
                      <td>{r.trendHistorical ? r.trendHistorical.significance : "–"}</td>
                      <td className="sacap-num">{trendCell(r.trendScenario, r.code)}</td>
                      <td>{r.trendScenario ? r.trendScenario.significance : "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
            {gwl ? (
              <LevelNoteList lines={v.level} />
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
      <AnalysisFrame fields={["scenario", "baseline", "window"]}>{(selection) => <Content key={`${selection.geo}-${selection.scenario}`} selection={selection} />}</AnalysisFrame>
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
