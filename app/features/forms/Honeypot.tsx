import { HONEYPOT_FIELD } from "./forms";

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers) and
 * that form-filling robots tend to fill in: a submission with it filled in is refused.
 */
export function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div className="sacap-form__trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
