import { validationMessages as m, validators as v } from "~/lib/validation";

/** A selectable option of a select field. */
export interface FieldOption {
  value: string;
  label: string;
}

/**
 * One field of a submission form: its control, its rules and the words around it. The form's zod schema
 * (`schemas.ts`, on the server) is derived from these, so the server action and the browser's instant
 * feedback apply the same rules.
 */
export interface FieldSpec {
  name: string;
  label: string;
  control: "text" | "email" | "url" | "select" | "textarea";
  required?: boolean;
  /** Shortest accepted text, in characters. */
  min?: number;
  /** Longest accepted text, in characters (also the control's maxLength). */
  max: number;
  /** The accepted values of a select. */
  options?: readonly FieldOption[];
  /** Shown under the label: what to write, or why we ask. */
  hint?: string;
  autoComplete?: string;
  placeholder?: string;
}

/** The message for the first rule a value breaks, in the order a person fixes them; null when valid. */
export function fieldError(field: FieldSpec, raw: string): string | null {
  const value = raw.trim();
  if (field.required && !v.required(value)) return m.required(field.label);
  if (field.min !== undefined && !v.minLength(value, field.min)) return m.minLength(field.min, field.label);
  if (!v.maxLength(value, field.max)) return m.maxLength(field.max, field.label);
  if (field.control === "email" && !v.email(value)) return m.email(field.label);
  if (field.control === "url" && !v.url(value)) return m.url(field.label);
  if (field.options && !v.oneOf(value, field.options.map((o) => o.value))) return m.oneOf(field.label);
  return null;
}

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** The text of each field from submitted form data ("" for a missing field; files are ignored). */
export function readValues(fields: readonly FieldSpec[], data: { get(name: string): unknown }): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = data.get(field.name);
    values[field.name] = typeof value === "string" ? value : "";
  }
  return values;
}
