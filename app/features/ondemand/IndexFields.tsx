import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { MONTH_NAMES, SEASON_CODES, SEASONS } from "../cmip6/periods";
import { ALL_MONTHS, indexOf, type OnDemandCatalog, type OnDemandState, type ParameterChoice } from "./form";
import { describedProps, invalidProps, Problems } from "./Problems";
import type { FieldProblem } from "./types";

interface FieldsProps {
  catalog: OnDemandCatalog;
  state: OnDemandState;
  onChange: (state: OnDemandState) => void;
  problems: { parameters: FieldProblem[]; months: FieldProblem[] };
}

const defaults = (parameters: readonly ParameterChoice[]) => Object.fromEntries(parameters.map((p) => [p.name, String(p.default)]));

function ParameterField({ p, value, onChange, problems }: { p: ParameterChoice; value: string; onChange: (v: string) => void; problems: FieldProblem[] }) {
  const id = `od-${p.name}`;
  const mine = problems.filter((q) => q.field === p.name);
  const invalid = invalidProps(`parameter-${p.name}`, mine);
  if (p.kind === "choice") {
    return (
      <FormGroup label={p.name === "variable" ? "Variable" : p.name} labelFor={id} helperText={p.description}>
        <HTMLSelect id={id} name={p.name} value={value} onChange={(e) => onChange(e.currentTarget.value)} options={[...p.values]} fill {...invalid} />
        <Problems part={`parameter-${p.name}`} problems={mine} />
      </FormGroup>
    );
  }
  const label = { threshold: "Threshold", base: "Base temperature", minDays: "Shortest spell" }[p.name] ?? p.name;
  return (
    <FormGroup label={`${label} (${p.units})`} labelFor={id} helperText={`${p.description} ${p.min} to ${p.max} ${p.units}, default ${p.default}.`}>
      <InputGroup
        id={id}
        name={p.name}
        type="number"
        inputMode="decimal"
        min={p.min}
        max={p.max}
        step={p.kind === "integer" ? 1 : "any"}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        {...invalid}
      />
      <Problems part={`parameter-${p.name}`} problems={mine} />
    </FormGroup>
  );
}

/** Presets of the season's months: the portal's seasons (winter, monsoon, kharif, rabi) and the year. */
const PRESETS = [{ label: "Year", months: ALL_MONTHS }, ...SEASON_CODES.map((code) => ({ label: code, months: [...SEASONS[code].months] }))];

/**
 * The index and its parameters (from the process's description: each with its units, range and default)
 * and the season's months, any set of them; a season crossing the new year (November to March) is counted
 * in the year it ends.
 */
export function IndexFields({ catalog, state, onChange, problems }: FieldsProps) {
  const index = indexOf(catalog, state.process);
  const other = problems.parameters.filter((p) => !index.parameters.some((q) => q.name === p.field));
  const setMonths = (months: number[]) => onChange({ ...state, months: [...months].sort((a, b) => a - b) });
  return (
    <>
      <FormGroup label="Index" labelFor="od-process">
        <HTMLSelect
          id="od-process"
          name="process"
          value={index.code}
          onChange={(e) => {
            const next = indexOf(catalog, e.currentTarget.value);
            onChange({ ...state, process: next.code, parameters: defaults(next.parameters) });
          }}
          fill
          options={catalog.indices.map((i) => ({ value: i.code, label: i.name }))}
          {...invalidProps("parameters", other)}
        />
        <input type="hidden" name="shown" value={index.code} />
        <Problems part="parameters" problems={other} />
      </FormGroup>
      <p className="sacap-od-definition">
        {index.description} <span className="sacap-od-standard">{index.standard}</span>
      </p>
      {index.parameters.map((p) => (
        <ParameterField
          key={`${index.code}-${p.name}`}
          p={p}
          value={state.parameters[p.name] ?? String(p.default)}
          onChange={(v) => onChange({ ...state, parameters: { ...state.parameters, [p.name]: v } })}
          problems={problems.parameters}
        />
      ))}
      <fieldset className="sacap-explorer-form__group" {...describedProps("months", problems.months)}>
        <legend>Season (months counted)</legend>
        <div className="sacap-od-presets sacap-needs-script" role="group" aria-label="Season presets">
          {PRESETS.map((preset) => (
            <Button
              key={preset.label}
              size="small"
              variant={[...preset.months].sort((a, b) => a - b).join() === state.months.join() ? "solid" : "outlined"}
              aria-pressed={[...preset.months].sort((a, b) => a - b).join() === state.months.join()}
              text={preset.label}
              title={preset.label === "Year" ? "All twelve months" : SEASONS[preset.label as keyof typeof SEASONS].name}
              onClick={() => setMonths(preset.months)}
            />
          ))}
        </div>
        <div className="sacap-od-months">
          {MONTH_NAMES.map((name, i) => (
            <Checkbox
              key={name}
              name="months"
              value={String(i + 1)}
              label={name.slice(0, 3)}
              aria-label={name}
              checked={state.months.includes(i + 1)}
              onChange={(e) => setMonths(e.currentTarget.checked ? [...state.months, i + 1] : state.months.filter((m) => m !== i + 1))}
            />
          ))}
        </div>
        <p className="sacap-od-hint">A season crossing the new year (November to March) is counted in the year it ends.</p>
        <Problems part="months" problems={problems.months} />
      </fieldset>
    </>
  );
}
