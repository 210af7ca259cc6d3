import { FormGroup, HTMLSelect, InputGroup, Radio } from "@blueprintjs/core";
import { windowFields, type ModelChoice, type OnDemandCatalog, type OnDemandState } from "./form";
import { describedProps, invalidProps, Problems } from "./Problems";
import type { FieldProblem } from "./types";

interface FieldsProps {
  catalog: OnDemandCatalog;
  state: OnDemandState;
  onChange: (state: OnDemandState) => void;
  problems: { scenario: FieldProblem[]; window: FieldProblem[]; models: FieldProblem[] };
}

/**
 * The scenario, the window (years, at most 30 within the scenarios' years, or a warming level: each model's
 * own 20 years) and the models: all of them, the ones picked, or a named subset the address brought (the
 * explorer's model selection, `subset=`).
 */
export function PeriodFields({ catalog, state, onChange, problems }: FieldsProps) {
  const fields = windowFields(state.window);
  const setWindow = (patch: Partial<typeof fields>) => {
    const next = { ...fields, ...patch };
    onChange({ ...state, window: next.period === "gwl" ? next.level : `${next.start}-${next.end}` });
  };
  const setModels = (models: ModelChoice) => onChange({ ...state, models });
  const picked = state.models.kind === "all" ? [] : state.models.models;
  return (
    <>
      <FormGroup label="Scenario" labelFor="od-scenario">
        <HTMLSelect
          id="od-scenario"
          name="scenario"
          value={state.scenario}
          onChange={(e) => onChange({ ...state, scenario: e.currentTarget.value })}
          options={catalog.scenarios.map((s) => ({ value: s.code, label: s.name }))}
          fill
          {...invalidProps("scenario", problems.scenario)}
        />
        <Problems part="scenario" problems={problems.scenario} />
      </FormGroup>
      <fieldset className="sacap-explorer-form__group" {...describedProps("window", problems.window)}>
        <legend>Window, against the baseline {catalog.baseline}</legend>
        <Radio name="period" value="years" label="Years" checked={fields.period === "years"} onChange={() => setWindow({ period: "years" })} />
        <div className="sacap-explorer-form__years">
          <FormGroup label="From" labelFor="od-start">
            <InputGroup id="od-start" name="start" type="number" min={catalog.years.start} max={catalog.years.end} value={fields.start} onChange={(e) => setWindow({ period: "years", start: e.currentTarget.value })} />
          </FormGroup>
          <FormGroup label="To" labelFor="od-end">
            <InputGroup id="od-end" name="end" type="number" min={catalog.years.start} max={catalog.years.end} value={fields.end} onChange={(e) => setWindow({ period: "years", end: e.currentTarget.value })} />
          </FormGroup>
        </div>
        <p className="sacap-od-hint">
          At most {catalog.maxWindowYears} years within {catalog.years.start}-{catalog.years.end}.
        </p>
        <Radio name="period" value="gwl" label={`Warming level (${catalog.levelScenarios.join(" or ")})`} checked={fields.period === "gwl"} onChange={() => setWindow({ period: "gwl" })} />
        <FormGroup label="Level" labelFor="od-level" inline>
          <HTMLSelect id="od-level" name="level" value={fields.level} onChange={(e) => setWindow({ period: "gwl", level: e.currentTarget.value })} options={catalog.levels.map((l) => ({ value: l.code, label: l.label }))} />
        </FormGroup>
        <Problems part="window" problems={problems.window} />
      </fieldset>
      <fieldset className="sacap-explorer-form__group" {...describedProps("models", problems.models)}>
        <legend>Models</legend>
        <Radio name="models" value="all" label={`All ${catalog.models.length} models`} checked={state.models.kind === "all"} onChange={() => setModels({ kind: "all" })} />
        {state.models.kind === "subset" && (
          <>
            <Radio name="models" value="subset" label={`The ${state.models.name} subset: ${state.models.models.join(", ")}`} checked onChange={() => undefined} />
            <input type="hidden" name="subset" value={state.models.name} />
            <input type="hidden" name="subsetModels" value={state.models.models.join(",")} />
          </>
        )}
        <Radio name="models" value="pick" label="The models I pick" checked={state.models.kind === "pick"} onChange={() => setModels({ kind: "pick", models: picked.length ? picked : catalog.models.slice(0, 3) })} />
        <select
          name="model"
          multiple
          size={6}
          aria-label="Models to pick (several with Ctrl or Shift)"
          className="sacap-explorer-form__select"
          value={state.models.kind === "pick" ? state.models.models : []}
          onChange={(e) => {
            const models = [...e.currentTarget.selectedOptions].map((o) => o.value);
            setModels(models.length ? { kind: "pick", models } : { kind: "all" });
          }}
        >
          {catalog.models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <Problems part="models" problems={problems.models} />
      </fieldset>
    </>
  );
}
