import { SampleTag } from "~/components/SampleTag";
import { AGREEMENT_THRESHOLD } from "~/features/cmip6/windows";
import { ScaleLegend } from "~/features/maps/ScaleLegend";
import { GRID_API, gridParams, gridScale, gridWindow, isChangeStatistic, seasonLabel, STATISTIC_LABELS } from "./grid";
import { gridChoiceParams, type GridChoice } from "./gridChoice";
import { SCENARIO_NAMES } from "~/features/cmip6/scenarios";
import type { GridSummary } from "./gridSummary";
import { gridColorScale, gridLegend, isClassed } from "./scale";

/** The mean variables; the other grid indicators are ETCCDI indices. */
const MEAN_VARIABLES = ["tas", "tasmax", "tasmin", "pr"];

/** The references of a field's methods, as the legend names them. */
export const gridReferences = (indicator: string) =>
  `Method: IPCC AR6 WGI Atlas (ensemble median of each model's change, simple approach to agreement)${MEAN_VARIABLES.includes(indicator) ? "" : "; index: ETCCDI definition (climdex)"}; files: CF-1.8 conventions.`;

/** What a field shows, in words: "Mean temperature, change (ensemble median), 2040-2059, SSP2-4.5, annual". */
export function gridTitle(grid: GridChoice, indicatorName: string) {
  const window = gridWindow(grid.query.window)?.label ?? grid.query.window;
  return `${indicatorName}: ${STATISTIC_LABELS[grid.statistic]}, ${window}, ${SCENARIO_NAMES[grid.query.scenario] ?? grid.query.scenario}, ${seasonLabel(grid.query.season).toLowerCase()}`;
}

/**
 * The legend of a gridded field: the colour scale (fitted to the field, or the URL's; editable), units,
 * window, scenario, season, statistic, the models counted, "sample" for generated values, the hatching's
 * key for changes, the method's reference and the downloads of the shown field. Before the field's
 * summary has come (or without data), the selection in words.
 */
export function GridLegend({ grid, summary, indicatorName, missing, onGrid }: { grid: GridChoice; summary?: GridSummary; indicatorName: string; missing: boolean; onGrid: (g: GridChoice) => void }) {
  const name = summary?.indicator.name ?? indicatorName;
  const units = summary?.units ?? "";
  const scale = summary || grid.scale ? gridColorScale(grid.query.indicator, grid.statistic, summary?.range ?? { p2: null, p98: null }, grid.scale) : undefined;
  const change = isChangeStatistic(grid.statistic);
  const window = summary?.window.label ?? gridWindow(grid.query.window)?.label ?? grid.query.window;
  const params = gridChoiceParams(grid);
  // the data downloads carry the field's values, not the picture's scale
  const data = gridParams(grid.query, { statistic: grid.statistic });
  return (
    <div className="sacap-grid-legend" data-testid="grid-legend">
      <p className="sacap-grid-legend__what">
        <strong>{name}</strong>: {STATISTIC_LABELS[grid.statistic]}
        {units && units !== "1" ? ` (${units})` : ""}
        <br />
        {grid.statistic === "baseline" ? `Baseline ${summary?.baseline ?? "1995-2014"}` : `${window}${summary?.window.kind === "gwl" || gridWindow(grid.query.window)?.kind === "gwl" ? " warming level" : ""}`}, {SCENARIO_NAMES[grid.query.scenario] ?? grid.query.scenario},{" "}
        {seasonLabel(grid.query.season).toLowerCase()}
        {change ? `; change from ${summary?.baseline ?? "1995-2014"}` : ""}
      </p>
      {scale && (
        <ScaleLegend
          title={STATISTIC_LABELS[grid.statistic]}
          unit={units === "1" ? "share of models" : units}
          range={[scale.min, scale.max]}
          ramp={scale.ramp}
          // the agreement is painted one colour per class: the legend shows those classes, 0.8 (robust) an edge
          legend={isClassed(scale) ? gridLegend(STATISTIC_LABELS[grid.statistic], units === "1" ? "share of models" : units, scale) : undefined}
          onRange={([min, max]) => {
            // a range the image would refuse (`gridScale`) is not taken
            const range = gridScale(min, max);
            if (range) onGrid({ ...grid, scale: range });
          }}
          onReset={grid.scale ? () => onGrid({ ...grid, scale: undefined }) : undefined}
        />
      )}
      {summary && (
        <p className="sacap-viewer__legend-note" data-testid="grid-models">
          {summary.models.length} models{summary.excluded.length ? ` (${summary.excluded.length} left out: ${summary.excluded.map((m) => m.model).join(", ")})` : ""}; 0.25° cells
        </p>
      )}
      {missing && <p className="sacap-viewer__legend-note">No gridded values for this selection.</p>}
      {!summary && !missing && <p className="sacap-viewer__legend-note">The field&apos;s scale and models are loading.</p>}
      {change && (
        <p className="sacap-viewer__hatch-key" title={summary?.agreementRule}>
          <span className="sacap-viewer__hatch-swatch" aria-hidden="true" />
          Hatched: fewer than {Math.round(AGREEMENT_THRESHOLD * 100)} % of models agree on the sign of the change (IPCC AR6 simple approach)
        </p>
      )}
      {summary?.sample && <SampleTag what="values" />}
      <p className="sacap-viewer__legend-note">{gridReferences(grid.query.indicator)}</p>
      <p className="sacap-grid-legend__downloads">
        Download this field:{" "}
        <a href={`${GRID_API.netcdf}?${data}`} download>
          NetCDF
        </a>{" "}
        ·{" "}
        <a href={`${GRID_API.geotiff}?${data}`} download>
          GeoTIFF
        </a>{" "}
        ·{" "}
        <a href={`${GRID_API.image}?${params}&download=1`} download>
          PNG
        </a>
      </p>
    </div>
  );
}
