import * as z from "zod";
import { CONTACT_FIELDS } from "./contact";
import { DATA_SHARE_FIELDS } from "./data-share";
import { fieldError, type FieldErrors, type FieldSpec, type FormValues } from "./fields";
import type { FormKind } from "./forms";

/*
 * The forms' zod schemas, for the server's action. The browser checks fields with `fieldError` alone: the
 * same rules, without bringing zod into the form's pages.
 */

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

/** The contact form (/contact/form): the rules of every field. */
export const contactSchema = formSchema(CONTACT_FIELDS);
export type ContactSubmission = z.infer<typeof contactSchema>;

/** The data-sharing form (/data/share): the rules of every field. */
export const dataShareSchema = formSchema(DATA_SHARE_FIELDS);
export type DataShareSubmission = z.infer<typeof dataShareSchema>;

/** Each form's schema, by its kind. */
export const FORM_SCHEMAS: Record<FormKind, z.ZodType<Record<string, string>>> = {
  contact: contactSchema,
  "data-share": dataShareSchema,
};

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
