import { Button, Callout } from "@blueprintjs/core";
import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { PageForm } from "~/components/PageForm";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { captchaToken } from "./captcha-client";
import { ErrorSummary } from "./ErrorSummary";
import { CAPTCHA_FIELD, TOKEN_FIELD, type FormActionData, type FormDefinition, type FormLoaderData, type FormNotice } from "./forms";
import { FormField, fieldId } from "./FormField";
import { Honeypot } from "./Honeypot";
import { useFormState } from "./use-form-state";

const NOTICE_TITLES: Record<FormNotice["code"], string> = {
  spam: "Not accepted",
  "too-fast": "Not sent yet",
  expired: "Not sent yet",
  "rate-limited": "Please wait before sending again",
  unavailable: "Not sent",
  captcha: "Not accepted",
  "captcha-unavailable": "Not sent",
};

/** E2E selectors. */
export const FORM_TEST_IDS = { notice: "form-notice", storageWarning: "form-storage-warning" } as const;

function focusField(formId: string, name: string | undefined) {
  if (!name) return;
  document.getElementById(fieldId(formId, name))?.focus();
}

/**
 * A submission form that works without JavaScript (a plain POST answered by the route's action) and,
 * with it, checks each field as the user goes. Whatever the server sends back (errors, a refusal, a
 * database outage) comes with what the user typed, and focus goes to the first field to fix.
 */
export function SubmissionForm({ form }: { form: FormDefinition }) {
  const loaderData = useLoaderData<FormLoaderData>();
  const actionData = useActionData<FormActionData>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formId = `${form.kind}-form`;
  const state = useFormState(form.fields, actionData);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [checking, setChecking] = useState(false);

  const serverErrors = actionData?.errors ?? {};
  const firstServerError = form.fields.find((field) => serverErrors[field.name])?.name;

  // After an answer of the server on a client-side submission: focus what needs attention.
  useEffect(() => {
    if (!actionData) return;
    if (firstServerError) focusField(formId, firstServerError);
    else if (actionData.notice) noticeRef.current?.focus();
  }, [actionData, firstServerError, formId]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = state.validateAll();
    const first = form.fields.find((field) => errors[field.name]);
    if (first) {
      event.preventDefault();
      focusField(formId, first.name);
      return;
    }
    const siteKey = loaderData.captchaSiteKey;
    if (!siteKey) return;
    event.preventDefault();
    const element = event.currentTarget;
    setChecking(true);
    void captchaToken(siteKey, form.captchaAction).then((token) => {
      (element.elements.namedItem(CAPTCHA_FIELD) as HTMLInputElement).value = token;
      setChecking(false);
      submit(element, { method: "post" });
    });
  };

  const submitting = checking || (navigation.state === "submitting" && navigation.formAction === form.path);
  const notice = actionData?.notice;

  return (
    <PageForm method="post" noValidate id={formId} className="sacap-form" onSubmit={onSubmit} aria-describedby={`${formId}-intro`}>
      <p id={`${formId}-intro`} className="sacap-form__intro">
        All fields are required unless marked optional.{" "}
        {loaderData.retentionDays > 0 ? `We keep what you send for ${loaderData.retentionDays} days, then delete it.` : null}
      </p>
      {!loaderData.storageAvailable && !notice && (
        <Callout intent="warning" title="Submissions may not be saved right now" data-testid={FORM_TEST_IDS.storageWarning}>
          Our database did not answer a moment ago. You can still fill in the form; if sending fails, what you typed is kept.
        </Callout>
      )}
      {notice && (
        <div
          role="alert"
          tabIndex={-1}
          ref={noticeRef}
          autoFocus={!firstServerError}
          className="sacap-form__notice"
          data-testid={FORM_TEST_IDS.notice}
        >
          <Callout intent={notice.code === "rate-limited" || notice.code === "unavailable" ? "warning" : "danger"} title={NOTICE_TITLES[notice.code]}>
            {notice.message}
          </Callout>
        </div>
      )}
      {state.submitted && <ErrorSummary formId={formId} fields={form.fields} errors={state.errors} />}

      <input type="hidden" name={TOKEN_FIELD} value={actionData?.token ?? loaderData.token} />
      {loaderData.captchaSiteKey && <input type="hidden" name={CAPTCHA_FIELD} defaultValue="" />}
      <Honeypot formId={formId} />

      <div className="sacap-form__grid">
        {form.fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            formId={formId}
            value={state.values[field.name] ?? ""}
            error={state.errors[field.name]}
            onChange={state.onChange}
            onBlur={state.onBlur}
            autoFocus={field.name === firstServerError}
          />
        ))}
      </div>
      <div className="sacap-form__actions">
        <Button type="submit" intent="primary" text={form.submitLabel} loading={submitting} />
      </div>
    </PageForm>
  );
}
