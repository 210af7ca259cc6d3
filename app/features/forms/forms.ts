import { CONTACT_FIELDS } from "./contact";
import { DATA_SHARE_FIELDS } from "./data-share";
import type { FieldErrors, FieldSpec, FormValues } from "./fields";

export const FORM_KINDS = ["contact", "data-share"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Names of the fields every submission form carries besides its own. */
export const HONEYPOT_FIELD = "website";
export const TOKEN_FIELD = "formToken";
export const CAPTCHA_FIELD = "captchaToken";

export interface FormDefinition {
  kind: FormKind;
  fields: readonly FieldSpec[];
  /** The page of the form. */
  path: string;
  submitLabel: string;
  /** The action name the bot check scores. */
  captchaAction: string;
}

export const FORMS: Record<FormKind, FormDefinition> = {
  contact: {
    kind: "contact",
    fields: CONTACT_FIELDS,
    path: "/contact/form",
    submitLabel: "Send message",
    captchaAction: "contact",
  },
  "data-share": {
    kind: "data-share",
    fields: DATA_SHARE_FIELDS,
    path: "/data/share",
    submitLabel: "Offer dataset",
    captchaAction: "data_share",
  },
};

/** Why a submission was not accepted, as the form shows it above the fields. */
export interface FormNotice {
  code: "spam" | "too-fast" | "expired" | "rate-limited" | "unavailable" | "captcha" | "captcha-unavailable";
  message: string;
  /** Seconds until another submission is accepted (rate-limited only). */
  retryAfterSeconds?: number;
}

/** What the action returns when the form is shown again: what the user typed and why it came back. */
export interface FormActionData {
  values: FormValues;
  errors?: FieldErrors;
  notice?: FormNotice;
  /** The fill-time token to send with the next attempt. */
  token: string;
}

/** What the form's loader gives the page. */
export interface FormLoaderData {
  token: string;
  /** False when the last attempt to reach the database failed: the form warns before anyone types. */
  storageAvailable: boolean;
  /** Days submissions are kept (0: until deleted by hand). */
  retentionDays: number;
  /** Set when the bot check is configured: the browser gets a token before sending. */
  captchaSiteKey?: string;
}
