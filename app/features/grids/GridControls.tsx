import { HTMLSelect } from "@blueprintjs/core";
import { GRID_SCENARIOS, GRID_STATISTICS, gridWindowsOf, seasonLabel, seasonsOf, STATISTIC_LABELS, type GridIndicator, type GridStatistic } from "./grid";
import { withField, type GridChoice } from "./gridChoice";

export const SCENARIO_NAMES: Readonly<Record<string, string>> = { ssp245: "SSP2-4.5", ssp585: "SSP5-8.5" };

/**
 * The selects of a gridded field in the viewer's choropleth controls: indicator, season, scenario,
 * window, statistic. Named as the page URL's parameters, so without JavaScript the controls' form (a plain
 * GET) reloads the page with the new field; with it, a change applies at once (and the scale goes back to
 * the fitted one).
 */
export function GridControls({ grid, indicators, onChange }: { grid: GridChoice; indicators: readonly { code: GridIndicator; name: string }[]; onChange: (g: GridChoice) => void }) {
  const { query } = grid;
  const windows = gridWindowsOf(query.scenario);
  const years = windows.filter((w) => w.kind === "years");
  const levels = windows.filter((w) => w.kind === "gwl");
  return (
    <>
      <label className="sacap-filter-panel__field">
        <span>Indicator</span>
        <HTMLSelect fill name="indicator" value={query.indicator} onChange={(e) => onChange(withField(grid, { indicator: e.currentTarget.value as GridIndicator }))}>
          {indicators.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Season</span>
        <HTMLSelect fill name="season" value={query.season} onChange={(e) => onChange(withField(grid, { season: e.currentTarget.value as GridChoice["query"]["season"] }))}>
          {seasonsOf(query.indicator).map((s) => (
            <option key={s} value={s}>
              {seasonLabel(s)}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Scenario</span>
        <HTMLSelect fill name="scenario" value={query.scenario} onChange={(e) => onChange(withField(grid, { scenario: e.currentTarget.value as GridChoice["query"]["scenario"] }))}>
          {GRID_SCENARIOS.map((s) => (
            <option key={s} value={s}>
              {SCENARIO_NAMES[s]}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Window</span>
        <HTMLSelect fill name="window" value={query.window} onChange={(e) => onChange(withField(grid, { window: e.currentTarget.value }))}>
          <optgroup label="20-year windows">
            {years.map((w) => (
              <option key={w.code} value={w.code}>
                {w.label}
              </option>
            ))}
          </optgroup>
          {levels.length > 0 && (
            <optgroup label="Global warming levels (above 1850-1900)">
              {levels.map((w) => (
                <option key={w.code} value={w.code}>
                  {w.label} (warming level)
                </option>
              ))}
            </optgroup>
          )}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Statistic</span>
        <HTMLSelect fill name="statistic" value={grid.statistic} onChange={(e) => onChange(withField(grid, { statistic: e.currentTarget.value as GridStatistic }))}>
          {GRID_STATISTICS.map((s) => (
            <option key={s} value={s}>
              {STATISTIC_LABELS[s]}
            </option>
          ))}
        </HTMLSelect>
      </label>
    </>
  );
}
