import { Button, HTMLSelect, Radio, RadioGroup } from "@blueprintjs/core";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import type { ScenarioValue } from "~/features/cmip6/schema";
import { ENSEMBLE } from "~/features/cmip6/seriesQuery";
import { subsetText } from "~/features/cmip6/subsets";
import { CHOROPLETH_PERIODS, choroplethPeriod, choroplethQueryOf, type ChoroplethPeriod, type ChoroplethResponse, type Selection } from "./choropleth";
import { GridControls } from "~/features/grids/GridControls";
import { GRID_GEOTYPE, gridIndicatorsOf, readGridChoice, type GridChoice } from "~/features/grids/gridChoice";
import { STATES_LABEL } from "~/features/places/places";
import { useHydrated } from "~/lib/use-hydrated";
import { useGetChoroplethQuery } from "./mapsApi";
import { SelectField } from "./SelectField";
import type { ChoroplethOptions } from "./viewerView";

const SUBSET_OPTION = "subset:";

interface ChoroplethControlsProps {
  choice: Selection;
  options: ChoroplethOptions;
  onChange: (s: Selection) => void;
  /** The gridded field shown instead of the regions (the Regions select's "Grid"), and its change. */
  grid?: GridChoice;
  onGrid: (g: GridChoice | undefined) => void;
}

/**
 * The choropleth's selects (indicator, period, scenario, values or change, models, regions) and its notes,
 * or with "Grid" a gridded field's (`GridControls`). A plain GET form named as the page URL's parameters:
 * without JavaScript its button reloads the page with the new selection; with it, a change applies at once.
 */
export function ChoroplethControls({ choice, options, onChange, grid, onGrid }: ChoroplethControlsProps) {
  const hydrated = useHydrated();
  const gridIndicators = gridIndicatorsOf(options.indicators);
  return (
    <form method="get" className="sacap-viewer__controls" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="sacap-filter-panel">
        <legend>{grid ? "Gridded field" : "Choropleth"}</legend>
        {grid ? <GridControls grid={grid} indicators={gridIndicators} onChange={onGrid} /> : <RegionControls choice={choice} options={options} onChange={onChange} />}
        <label className="sacap-filter-panel__field">
          <span>Regions</span>
          <HTMLSelect
            fill
            name="geotype"
            value={grid ? GRID_GEOTYPE : choice.geotype}
            onChange={(e) => {
              const kind = e.currentTarget.value;
              if (kind === GRID_GEOTYPE) {
                // the grid starts from the choropleth's indicator and scenario where it has them
                const from = new URLSearchParams({ indicator: choice.indicator, scenario: choice.scenario, window: choice.period });
                onGrid(readGridChoice(from, gridIndicators.map((i) => i.code)));
              } else {
                onGrid(undefined);
                onChange({ ...choice, ...(grid ? { indicator: grid.query.indicator } : {}), geotype: kind as Selection["geotype"] });
              }
            }}
          >
            <option value="Country">Countries</option>
            <option value="Basin">River basins (approximate outlines)</option>
            <option value="State">{STATES_LABEL}</option>
            <option value={GRID_GEOTYPE}>Grid (0.25° cells)</option>
          </HTMLSelect>
        </label>
        {!grid && <ChoroplethNotes choice={choice} />}
        {!hydrated && <Button type="submit" small text="Show" className="sacap-viewer__submit" />}
      </fieldset>
    </form>
  );
}

/** The choropleth's own selects: indicator, period, scenario, values or change, models. */
function RegionControls({ choice, options, onChange }: { choice: Selection; options: ChoroplethOptions; onChange: (s: Selection) => void }) {
  const { indicators, models } = options;
  const period = choroplethPeriod(choice.period) ?? CHOROPLETH_PERIODS[0];
  const historical = CHOROPLETH_PERIODS.filter((p) => p.scenario === "historical");
  const windows = CHOROPLETH_PERIODS.filter((p) => p.scenario === "projection" && p.choice.kind === "years");
  const levels = CHOROPLETH_PERIODS.filter((p) => p.choice.kind === "gwl");
  const option = (p: ChoroplethPeriod) => (
    <option key={p.code} value={p.code}>
      {p.label} {p.scenario === "historical" ? "(historical)" : p.choice.kind === "gwl" ? "(warming level)" : "(projection)"}
    </option>
  );
  return (
    <>
      <SelectField label="Indicator" name="indicator" value={choice.indicator} options={indicators.map(({ code, name }) => ({ value: code, label: name }))} onChange={(v) => onChange({ ...choice, indicator: v, range: undefined })} />
      <label className="sacap-filter-panel__field">
        <span>Period</span>
        <HTMLSelect
          fill
          name="years"
          value={period.code}
          onChange={(e) => {
            const p = choroplethPeriod(e.currentTarget.value) ?? CHOROPLETH_PERIODS[0];
            const scenario = p.scenario === "historical" ? "historical" : choice.scenario === "historical" ? "ssp245" : choice.scenario;
            const show = p.scenario === "historical" ? "values" : choice.show;
            onChange({ ...choice, period: p.code, scenario, show, range: show === choice.show ? choice.range : undefined });
          }}
        >
          <optgroup label="Historical">{historical.map(option)}</optgroup>
          <optgroup label="20-year windows">{windows.map(option)}</optgroup>
          <optgroup label="Global warming levels (above 1850-1900)">{levels.map(option)}</optgroup>
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Scenario</span>
        <HTMLSelect fill name="scen" value={choice.scenario} disabled={period.scenario === "historical"} onChange={(e) => onChange({ ...choice, scenario: e.currentTarget.value as ScenarioValue })}>
          {period.scenario === "historical" ? (
            <option value="historical">Historical</option>
          ) : (
            <>
              <option value="ssp245">SSP2-4.5</option>
              <option value="ssp585">SSP5-8.5</option>
            </>
          )}
        </HTMLSelect>
      </label>
      <RadioGroup
        className="sacap-filter-panel__show"
        label="Show"
        name="show"
        inline
        disabled={period.scenario === "historical"}
        selectedValue={choice.show}
        onChange={(e) => onChange({ ...choice, show: e.currentTarget.value === "change" ? "change" : "values", range: undefined })}
      >
        <Radio label="Values" value="values" />
        <Radio label={`Change from ${BASELINE_PERIOD.label}`} value="change" />
      </RadioGroup>
      <label className="sacap-filter-panel__field">
        <span>Models</span>
        <HTMLSelect
          fill
          name="mod"
          value={choice.subset ? `${SUBSET_OPTION}${choice.subset.name}` : choice.model}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (value.startsWith(SUBSET_OPTION)) return;
            onChange({ ...choice, model: value, subset: undefined });
          }}
        >
          <option value={ENSEMBLE}>Ensemble median</option>
          {choice.subset && <option value={`${SUBSET_OPTION}${choice.subset.name}`}>{`${choice.subset.name} subset (${choice.subset.models.length} models)`}</option>}
          {models.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </HTMLSelect>
      </label>
    </>
  );
}

/** What the values are: the warming level's models and method, the subset, the agreement rule. */
function ChoroplethNotes({ choice }: { choice: Selection }) {
  // the map's own request: the same cache entry, nothing more is fetched
  const data: ChoroplethResponse | undefined = useGetChoroplethQuery(choroplethQueryOf(choice)).currentData;
  if (!data) return null;
  const notes: string[] = [];
  if (data.window.kind === "gwl") notes.push(data.window.text, data.window.note);
  if (choice.subset) notes.push(`Models: ${subsetText(choice.subset)}.`);
  if (choice.show === "change" && data.agreementRule) notes.push(data.agreementRule);
  if (!notes.length) return null;
  return (
    <div className="sacap-viewer__notes" data-testid="choropleth-notes">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}
