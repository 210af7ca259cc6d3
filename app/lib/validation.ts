/**
 * The generic validation messages of the portal, in one place, so every form (server action and the
 * browser's instant feedback) words the same rule the same way.
 */
export const validationMessages = {
  required: (field = "This field") => `${field} is required`,
  email: (field = "This field") => `${field} must be a valid email address`,
  number: (field = "This field") => `${field} must be a number`,
  integer: (field = "This field") => `${field} must be an integer`,
  minLength: (min: number, field = "This field") =>
    `${field} must be at least ${min} character${min === 1 ? "" : "s"} long`,
  maxLength: (max: number, field = "This field") =>
    `${field} must be at most ${max} character${max === 1 ? "" : "s"} long`,
  url: (field = "This field") => `${field} must be a web address starting with http:// or https://`,
  oneOf: (field = "This field") => `${field} must be one of the listed options`,
} as const;

export type ValidationRule = keyof typeof validationMessages;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The rules as predicates over the raw text of a field, matching the messages above. */
export const validators = {
  required: (value: string) => value.trim().length > 0,
  email: (value: string) => value === "" || EMAIL.test(value),
  number: (value: string) => value === "" || (value.trim() !== "" && Number.isFinite(Number(value))),
  integer: (value: string) => value === "" || /^[-+]?\d+$/.test(value.trim()),
  minLength: (value: string, min: number) => value.length === 0 || value.length >= min,
  maxLength: (value: string, max: number) => value.length <= max,
  url: (value: string) => value === "" || isWebAddress(value),
  oneOf: (value: string, options: readonly string[]) => value === "" || options.includes(value),
} as const;

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).hostname.includes(".");
  } catch {
    return false;
  }
}
