import { FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { TextField } from "~/components/TextField";
import type { ChangeEvent, FocusEvent } from "react";
import type { FieldSpec } from "./fields";

export interface FormFieldProps {
  field: FieldSpec;
  /** The form's id: field ids are `<formId>-<name>`, so links of the error summary can reach them. */
  formId: string;
  value: string;
  error?: string;
  onChange: (name: string, value: string) => void;
  /** `next` is the element that gets focus (the submit button on a click of it). */
  onBlur: (name: string, next: EventTarget | null) => void;
  /** Focus this field when the page loads (the first invalid field after the server answered). */
  autoFocus?: boolean;
}

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/**
 * One labelled control with its hint and error. The error is tied to the control with
 * `aria-describedby` and `aria-invalid`, so a screen reader reads it when the field gets focus.
 */
export function FormField({ field, formId, value, error, onChange, onBlur, autoFocus }: FormFieldProps) {
  const id = fieldId(formId, field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const common = {
    id,
    name: field.name,
    value,
    required: field.required,
    autoFocus,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onChange(field.name, event.target.value),
    onBlur: (event: FocusEvent<HTMLElement>) => onBlur(field.name, event.relatedTarget),
  };
  const intent = error ? "danger" : "none";

  return (
    <FormGroup
      className={`sacap-form__field sacap-form__field--${field.control}`}
      label={field.label}
      labelFor={id}
      labelInfo={field.required ? undefined : "(optional)"}
      helperText={
        hintId || errorId ? (
          <>
            {error && (
              <span id={errorId} className="sacap-form__error">
                {error}
              </span>
            )}
            {field.hint && (
              <span id={hintId} className="sacap-form__hint">
                {field.hint}
              </span>
            )}
          </>
        ) : undefined
      }
      intent={intent}
    >
      {field.control === "select" ? (
        <HTMLSelect {...common} fill>
          <option value="">Choose…</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </HTMLSelect>
      ) : field.control === "textarea" ? (
        <TextField {...common} intent={intent} maxLength={field.max} rows={6} fill />
      ) : (
        <InputGroup
          {...common}
          type={field.control}
          intent={intent}
          maxLength={field.max}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          spellCheck={field.control === "text" ? undefined : false}
        />
      )}
    </FormGroup>
  );
}
