import { Callout } from "@blueprintjs/core";
import type { MouseEvent } from "react";
import type { FieldErrors, FieldSpec } from "./fields";
import { fieldId } from "./FormField";

interface ErrorSummaryProps {
  formId: string;
  fields: readonly FieldSpec[];
  errors: FieldErrors;
}

/** The list of problems above the form, announced as it appears; each item moves focus to its field. */
export function ErrorSummary({ formId, fields, errors }: ErrorSummaryProps) {
  const invalid = fields.filter((field) => errors[field.name]);
  if (invalid.length === 0) return null;
  const focus = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    const target = document.getElementById(fieldId(formId, name));
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: "center" });
  };
  return (
    <Callout
      intent="danger"
      role="alert"
      className="sacap-form__summary"
      title={invalid.length === 1 ? "There is a problem with this form" : `There are ${invalid.length} problems with this form`}
    >
      <ul>
        {invalid.map((field) => (
          <li key={field.name}>
            <a href={`#${fieldId(formId, field.name)}`} onClick={(event) => focus(event, field.name)}>
              {errors[field.name]}
            </a>
          </li>
        ))}
      </ul>
    </Callout>
  );
}
