import { HTMLSelect, Radio, RadioGroup } from "@blueprintjs/core";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import type { ScenarioValue } from "~/features/cmip6/schema";
import { ENSEMBLE } from "~/features/cmip6/seriesQuery";
import { subsetText } from "~/features/cmip6/subsets";
import { CHOROPLETH_PERIODS, choroplethPeriod, choroplethQueryOf, type ChoroplethPeriod, type ChoroplethResponse, type Selection } from "./choropleth";
import { useGetChoroplethQuery } from "./mapsApi";
import type { ChoroplethOptions } from "./viewerView";

const SUBSET_OPTION = "subset:";

/** The choropleth's selects (indicator, period, scenario, values or change, models, regions) and its notes. */
export function ChoroplethControls({ choice, options, onChange }: { choice: Selection; options: ChoroplethOptions; onChange: (s: Selection) => void }) {
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
    <fieldset className="sacap-filter-panel">
      <legend>Choropleth</legend>
      <label className="sacap-filter-panel__field">
        <span>Indicator</span>
        <HTMLSelect fill value={choice.indicator} onChange={(e) => onChange({ ...choice, indicator: e.currentTarget.value, range: undefined })}>
          {indicators.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Period</span>
        <HTMLSelect
          fill
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
        <HTMLSelect fill value={choice.scenario} disabled={period.scenario === "historical"} onChange={(e) => onChange({ ...choice, scenario: e.currentTarget.value as ScenarioValue })}>
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
      <label className="sacap-filter-panel__field">
        <span>Regions</span>
        <HTMLSelect fill value={choice.geotype} onChange={(e) => onChange({ ...choice, geotype: e.currentTarget.value as Selection["geotype"] })}>
          <option value="Country">Countries</option>
          <option value="Basin">River basins (approximate outlines)</option>
        </HTMLSelect>
      </label>
      <ChoroplethNotes choice={choice} />
    </fieldset>
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
