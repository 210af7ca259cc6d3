import { useCallback, useEffect, useState } from "react";
import { fieldError, type FieldErrors, type FieldSpec, type FormValues } from "./fields";

function emptyValues(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, ""]));
}

/**
 * What the user typed and the errors shown, with the same rules as the server: a field is checked when
 * the user leaves it, and again on every change once it shows an error (so the error goes as soon as it
 * is fixed); every field is checked on submit. Errors the server sent replace the shown ones.
 */
export function useFormState(fields: readonly FieldSpec[], server?: { values: FormValues; errors?: FieldErrors }) {
  const [values, setValues] = useState<FormValues>(() => ({ ...emptyValues(fields), ...server?.values }));
  const [errors, setErrors] = useState<FieldErrors>(() => server?.errors ?? {});
  const [dirty, setDirty] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(Boolean(server?.errors));

  useEffect(() => {
    if (!server) return;
    setErrors(server.errors ?? {});
    setSubmitted(Boolean(server.errors));
  }, [server]);

  const check = useCallback(
    (name: string, value: string) => {
      const field = fields.find((f) => f.name === name);
      if (!field) return;
      const message = fieldError(field, value);
      setErrors((current) => {
        const next = { ...current };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [fields],
  );

  const onChange = useCallback(
    (name: string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setDirty((current) => (current.has(name) ? current : new Set(current).add(name)));
      if (errors[name]) check(name, value);
    },
    [check, errors],
  );

  const onBlur = useCallback(
    (name: string, next: EventTarget | null = null) => {
      // Leaving for the submit button: the submit checks every field. Checking now would show a message,
      // move the button down between mouse down and up, and swallow the click.
      if (next instanceof HTMLElement && next.getAttribute("type") === "submit") return;
      if (dirty.has(name) || errors[name]) check(name, values[name] ?? "");
    },
    [check, dirty, errors, values],
  );

  /** Checks every field; returns the errors in the order of the form. */
  const validateAll = useCallback((): FieldErrors => {
    const all: FieldErrors = {};
    for (const field of fields) {
      const message = fieldError(field, values[field.name] ?? "");
      if (message) all[field.name] = message;
    }
    setErrors(all);
    setSubmitted(true);
    return all;
  }, [fields, values]);

  return { values, errors, submitted, onChange, onBlur, validateAll };
}
