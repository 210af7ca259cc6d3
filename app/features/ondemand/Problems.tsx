import type { FieldProblem } from "./types";

/** The id of the problems shown for a part of the form, for the fields' `aria-describedby`. */
export const problemsId = (part: string) => `od-problems-${part}`;

/**
 * The problems the server names for one part of the form, beside it: what is wrong and the rule broken
 * (`closed-rings`, `max-vertices`, `max-cell-years`), as the API's 400 gives them.
 */
export function Problems({ part, problems }: { part: string; problems: readonly FieldProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="sacap-od-problems" id={problemsId(part)}>
      {problems.map((p, i) => (
        <li key={i}>
          {p.message.charAt(0).toUpperCase() + p.message.slice(1)}
          {p.rule && <span className="sacap-od-problems__rule"> (rule: {p.rule})</span>}
        </li>
      ))}
    </ul>
  );
}

/** The attributes of a field with problems: invalid, and described by them. */
export const invalidProps = (part: string, problems: readonly FieldProblem[]) =>
  problems.length ? { "aria-invalid": true as const, "aria-describedby": problemsId(part) } : {};

/** A group of fields (a fieldset) with problems: described by them (a group itself is not "invalid" in ARIA). */
export const describedProps = (part: string, problems: readonly FieldProblem[]) => (problems.length ? { "aria-describedby": problemsId(part) } : {});
