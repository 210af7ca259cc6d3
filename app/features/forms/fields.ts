import { z } from "zod";
import { validationMessages as m, validators as v } from "~/lib/validation";

/** A selectable option of a select field. */
export interface FieldOption {
  value: string;
  label: string;
}

/**
 * One field of a submission form: its control, its rules and the words around it. The form's zod schema
 * is derived from these, so the server action and the browser's instant feedback apply the same rules.
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

function fieldSchema(field: FieldSpec) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = fieldError(field, value);
      if (message) ctx.addIssue({ code: "custom", message });
    });
}

type Shape<F extends readonly FieldSpec[]> = { [K in F[number]["name"]]: ReturnType<typeof fieldSchema> };

/** The zod schema of a form: one trimmed string per field, each with its rules. */
export function formSchema<const F extends readonly FieldSpec[]>(fields: F): z.ZodObject<Shape<F>> {
  const shape: Record<string, ReturnType<typeof fieldSchema>> = {};
  for (const field of fields) shape[field.name] = fieldSchema(field);
  return z.strictObject(shape) as unknown as z.ZodObject<Shape<F>>;
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

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates with a form schema; errors are one message per field, in the order of the form. */
export function validateForm<T>(schema: z.ZodType<T>, fields: readonly FieldSpec[], values: FormValues): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const byField: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    if (name && !(name in byField)) byField[name] = issue.message;
  }
  const errors: FieldErrors = {};
  for (const field of fields) if (byField[field.name]) errors[field.name] = byField[field.name];
  return { ok: false, errors };
}
