import { HTMLSelect } from "@blueprintjs/core";
import { SCENARIO_NAMES } from "~/features/cmip6/scenarios";
import { SelectField } from "~/features/maps/SelectField";
import { GRID_SCENARIOS, GRID_STATISTICS, gridWindowsOf, seasonLabel, seasonsOf, STATISTIC_LABELS, type GridIndicator, type GridStatistic } from "./grid";
import { withField, type GridChoice } from "./gridChoice";

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
      <SelectField label="Indicator" name="indicator" value={query.indicator} options={indicators.map(({ code, name }) => ({ value: code, label: name }))} onChange={(v) => onChange(withField(grid, { indicator: v as GridIndicator }))} />
      <SelectField label="Season" name="season" value={query.season} options={seasonsOf(query.indicator).map((s) => ({ value: s, label: seasonLabel(s) }))} onChange={(v) => onChange(withField(grid, { season: v as GridChoice["query"]["season"] }))} />
      <SelectField label="Scenario" name="scenario" value={query.scenario} options={GRID_SCENARIOS.map((s) => ({ value: s, label: SCENARIO_NAMES[s] }))} onChange={(v) => onChange(withField(grid, { scenario: v as GridChoice["query"]["scenario"] }))} />
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
      <SelectField label="Statistic" name="statistic" value={grid.statistic} options={GRID_STATISTICS.map((s) => ({ value: s, label: STATISTIC_LABELS[s] }))} onChange={(v) => onChange(withField(grid, { statistic: v as GridStatistic }))} />
    </>
  );
}
