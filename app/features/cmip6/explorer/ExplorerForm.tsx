import { LONG_SELECT } from "~/components/long-select";
import { Button, Checkbox, FormGroup, InputGroup } from "@blueprintjs/core";
import { SettledSelect } from "~/components/SettledSelect";
import { openOnWideScreen } from "~/components/RoutePage";
import { GeoOptions } from "../GeoOptions";
import { useMemo, useState, type FormEvent } from "react";
import { INDICATOR_CATEGORY_TITLES } from "../categories";
import { catalogYears, seriesIndicator, seriesIndicatorCodes, scenarioPeriod, type SeriesCatalog } from "../seriesQuery";
import { SEASON_CODES, SEASONS, type SeasonCode } from "../periods";
import { parseWindowChoice, WARMING_LEVEL_SCENARIOS, WINDOW_CHOICES } from "../warmingLevels";
import { baselineChoices, EXPLORER_VIEWS, parseSelection, spreadScenario, spreadWindow, VIEW_LABELS, type ExplorerSelection, type LevelScenario } from "./selection";

interface ExplorerFormProps {
  catalog: SeriesCatalog;
  selection: ExplorerSelection;
  /** Whether the indicator has monthly values (the annual cycle needs them). */
  hasCycle: boolean;
  onChange: (selection: ExplorerSelection) => void;
}

/**
 * The explorer's selectors in a plain GET form: without JavaScript the Apply button loads the page for
 * the new selection; with it, every change navigates at once (one history entry per selection). On a phone,
 * where the form comes above the chart, the indicator and the place come first and the rest is folded
 * (`sacap-fold`, decision 028): the scenarios, the 35 models, the period and the chart's options.
 */
export function ExplorerForm({ catalog, selection, hasCycle, onChange }: ExplorerFormProps) {
  const { query } = selection;
  const years = catalogYears(catalog);
  const [modelSearch, setModelSearch] = useState("");
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const annualCodes = useMemo(() => seriesIndicatorCodes(catalog.indicators, "annual"), [catalog]);
  const groups = useMemo(
    () =>
      (Object.keys(INDICATOR_CATEGORY_TITLES) as (keyof typeof INDICATOR_CATEGORY_TITLES)[]).map((category) => ({
        category,
        indicators: annualCodes
          .map((code) => seriesIndicator(catalog.indicators, code, "annual")!)
          .filter((i) => i.field_category === category),
      })),
    [annualCodes, catalog],
  );
  const models = catalog.models.filter(
    (m) => modelSearch.trim() === "" || m.field_value.toLowerCase().includes(modelSearch.trim().toLowerCase()),
  );
  const chosenScenarios = query.scenario ?? catalog.scenarios.map((s) => s.field_value);
  const update = (patch: Partial<ExplorerSelection["query"]>, rest: Partial<Omit<ExplorerSelection, "query">> = {}) =>
    onChange({ ...selection, ...rest, query: { ...query, ...patch } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [key, value] of data.entries()) if (typeof value === "string") params.append(key, value);
    setStart(null);
    setEnd(null);
    onChange(parseSelection(params, catalog));
  };

  return (
    <form method="get" className="sacap-explorer-form" onSubmit={submit} aria-label="Selection">
      <FormGroup label="Indicator" labelFor="x-indicator">
        <SettledSelect id="x-indicator" name="indicator" value={query.indicator} onCommit={(value) => update({ indicator: value })} fill className={LONG_SELECT}>
          {groups.map((group) => (
            <optgroup key={group.category} label={INDICATOR_CATEGORY_TITLES[group.category]}>
              {group.indicators.map((i) => (
                <option key={i.field_value} value={i.field_value}>
                  {i.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SettledSelect>
      </FormGroup>
      <FormGroup label="Place" labelFor="x-geo">
        <SettledSelect id="x-geo" name="geo" value={query.geo} onCommit={(value) => update({ geo: value })} fill className={LONG_SELECT}>
          <GeoOptions geos={catalog.geos} />
        </SettledSelect>
      </FormGroup>
      <details className="sacap-fold" ref={openOnWideScreen}>
        <summary>Scenarios, models, period and chart</summary>
        <fieldset className="sacap-explorer-form__group">
          <legend>Scenarios</legend>
          {catalog.scenarios.map((s) => {
            const period = scenarioPeriod(s);
            return (
              <Checkbox
                key={s.field_value}
                name="scenario"
                value={s.field_value}
                checked={chosenScenarios.includes(s.field_value)}
                label={`${s.name} (${period.start}-${period.end})`}
                onChange={(e) => {
                  const next = e.currentTarget.checked
                    ? [...chosenScenarios, s.field_value]
                    : chosenScenarios.filter((c) => c !== s.field_value);
                  update({ scenario: next.length === catalog.scenarios.length || next.length === 0 ? undefined : next });
                }}
              />
            );
          })}
        </fieldset>
        <fieldset className="sacap-explorer-form__group sacap-explorer-form__models">
          <legend>Models</legend>
          <Checkbox
            name="model"
            value="ensemble"
            checked={!query.model}
            label={`All models (ensemble of ${catalog.models.length})`}
            onChange={(e) => update({ model: e.currentTarget.checked ? undefined : catalog.models.slice(0, 3).map((m) => m.field_value) })}
          />
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search models"
            aria-label="Search models"
            value={modelSearch}
            onChange={(e) => setModelSearch(e.currentTarget.value)}
            small
          />
          <select
            name="model"
            multiple
            size={6}
            aria-label="Models (several with Ctrl or Shift)"
            className="sacap-explorer-form__select"
            value={query.model ?? []}
            onChange={(e) => {
              const chosen = [...e.currentTarget.selectedOptions].map((o) => o.value);
              // models hidden by the search stay chosen
              const hidden = (query.model ?? []).filter((m) => !models.some((v) => v.field_value === m));
              const next = [...hidden, ...chosen];
              update({ model: next.length ? next : undefined });
            }}
          >
            {/* an option's value is its text: written once, in a document that lists 35 of them */}
            {models.map((m) => (
              <option key={m.field_value}>{m.field_value}</option>
            ))}
          </select>
        </fieldset>
        <fieldset className="sacap-explorer-form__group">
          <legend>Period</legend>
          <div className="sacap-explorer-form__years">
            <YearField label="From" name="start" years={years} asked={query.start} draft={start} onDraft={setStart} />
            <YearField label="To" name="end" years={years} asked={query.end} draft={end} onDraft={setEnd} />
          </div>
        </fieldset>
        <FormGroup label="Baseline" labelFor="x-baseline">
          <SettledSelect
            id="x-baseline"
            name="baseline"
            value={selection.baseline.label}
            onCommit={(value) => onChange({ ...selection, baseline: baselineChoices(catalog).find((b) => b.label === value)! })}
            fill
          >
            {baselineChoices(catalog).map((b) => (
              <option key={b.label}>{b.label}</option>
            ))}
          </SettledSelect>
        </FormGroup>
        <FormGroup label="Chart" labelFor="x-view">
          <SettledSelect id="x-view" name="view" value={selection.view} onCommit={(value) => onChange({ ...selection, view: value as ExplorerSelection["view"] })} fill>
            {EXPLORER_VIEWS.filter((v) => v !== "cycle" || hasCycle).map((v) => (
              <option key={v} value={v}>
                {VIEW_LABELS[v]}
              </option>
            ))}
          </SettledSelect>
        </FormGroup>
        {selection.view === "spread" ? (
          <fieldset className="sacap-explorer-form__group">
            <legend>Model selection</legend>
            <FormGroup label="Season" labelFor="x-season">
              <SettledSelect
                id="x-season"
                name="season"
                value={selection.season ?? ""}
                onCommit={(value) => onChange({ ...selection, season: (value || undefined) as SeasonCode | undefined })}
                fill
              >
                <option value="">Annual</option>
                {SEASON_CODES.map((code) => (
                  <option key={code} value={code}>
                    {SEASONS[code].name}
                  </option>
                ))}
              </SettledSelect>
            </FormGroup>
            <FormGroup label="Scenario" labelFor="x-ssp">
              <SettledSelect id="x-ssp" name="ssp" value={spreadScenario(selection)} onCommit={(value) => onChange({ ...selection, ssp: value as LevelScenario })} fill>
                {WARMING_LEVEL_SCENARIOS.map((code) => (
                  <option key={code} value={code}>
                    {catalog.scenarios.find((s) => s.field_value === code)?.name ?? code}
                  </option>
                ))}
              </SettledSelect>
            </FormGroup>
            <FormGroup label="Window or warming level" labelFor="x-window">
              <SettledSelect id="x-window" name="window" value={spreadWindow(selection).code} onCommit={(value) => onChange({ ...selection, window: parseWindowChoice(value) })} fill>
                {WINDOW_CHOICES.map((w) => (
                  <option key={w.code} value={w.code}>
                    {w.kind === "gwl" ? `Warming level ${w.label}` : w.label}
                  </option>
                ))}
              </SettledSelect>
            </FormGroup>
          </fieldset>
        ) : (
          <FormGroup label="Warming level on the chart" labelFor="x-window">
            <SettledSelect
              id="x-window"
              name="window"
              value={selection.window?.kind === "gwl" ? selection.window.code : ""}
              onCommit={(value) => onChange({ ...selection, window: parseWindowChoice(value) })}
              fill
            >
              <option value="">None</option>
              {WINDOW_CHOICES.filter((w) => w.kind === "gwl").map((w) => (
                <option key={w.code} value={w.code}>
                  {w.label}
                </option>
              ))}
            </SettledSelect>
          </FormGroup>
        )}
        {selection.view !== "spread" && selection.season ? <input type="hidden" name="season" value={selection.season} /> : null}
        {selection.view !== "spread" && selection.ssp ? <input type="hidden" name="ssp" value={selection.ssp} /> : null}
        {selection.subset ? <input type="hidden" name="subset" value={selection.subset.name} /> : null}
        <Checkbox
          name="members"
          value="1"
          checked={selection.members}
          label="Show individual models"
          onChange={(e) => onChange({ ...selection, members: e.currentTarget.checked })}
        />
      </details>
      <Button type="submit" intent="primary" text="Apply" />
    </form>
  );
}

interface YearFieldProps {
  label: string;
  name: "start" | "end";
  years: { start: number; end: number };
  /** The year in the URL, if any. */
  asked: number | undefined;
  /** What the user is typing, until the form is applied. */
  draft: string | null;
  onDraft: (value: string) => void;
}

/** One end of the period: a year input that applies the form when it loses focus after an edit. */
function YearField({ label, name, years, asked, draft, onDraft }: YearFieldProps) {
  const id = `x-${name}`;
  return (
    <FormGroup label={label} labelFor={id} inline>
      <InputGroup
        id={id}
        name={name}
        type="number"
        min={years.start}
        max={years.end}
        placeholder={String(name === "start" ? years.start : years.end)}
        value={draft ?? (asked !== undefined ? String(asked) : "")}
        onChange={(e) => onDraft(e.currentTarget.value)}
        onBlur={(e) => draft !== null && e.currentTarget.form?.requestSubmit()}
      />
    </FormGroup>
  );
}
