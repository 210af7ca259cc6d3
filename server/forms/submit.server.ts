import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { readValues } from "../../app/features/forms/fields";
import { FORM_SCHEMAS, validateForm } from "../../app/features/forms/schemas";
import {
  CAPTCHA_FIELD,
  HONEYPOT_FIELD,
  TOKEN_FIELD,
  type FormActionData,
  type FormDefinition,
  type FormLoaderData,
  type FormNotice,
} from "../../app/features/forms/forms";
import { publicConfig } from "../env.server";
import { isDatabaseUnavailable } from "../services/submissions.server";
import { PayloadTooLarge, readLimitedForm } from "./body.server";
import { verifyCaptcha } from "./captcha.server";
import { checkFillToken, fillTokenExpiresAt, issueFillToken } from "./fill-token.server";

export const NOTICES = {
  spam: "This submission looks automated and was not accepted. If you filled in the form yourself, please send it again.",
  invalidToken: "This form could not be verified. Please check your entries and send it again.",
  tooFast: "That was quicker than a person can fill in this form. Please check your entries and send it again.",
  expired: "This page was open for a long time. Please check your entries and send it again.",
  unavailable:
    "We cannot save submissions at the moment: our database is unavailable. What you typed is kept below; please try again later.",
  captchaMissing: "The bot check did not run. Please allow JavaScript for this site and send the form again.",
  captcha: "The bot check did not accept this submission. Please wait a moment and send it again.",
  captchaUnavailable: "The bot check service did not answer, so nothing was sent. Please try again in a few minutes.",
} as const;

/** "7 minutes" / "45 seconds": how long until the rate limit lets the client submit again. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export function rateLimitNotice(retryAfterSeconds: number, now = Date.now()): FormNotice {
  const at = new Date(now + retryAfterSeconds * 1000).toISOString().slice(11, 16);
  return {
    code: "rate-limited",
    retryAfterSeconds,
    message: `Too many submissions from your network. Please try again in ${waitText(retryAfterSeconds)} (after ${at} UTC). What you typed is kept below.`,
  };
}

/** The form page's loader: a fresh fill-time token and whether storage is known to be down. */
export async function formLoader(form: FormDefinition, { context }: LoaderFunctionArgs) {
  const secret = await context.submissions.formSecret();
  return json<FormLoaderData>({
    token: issueFillToken(secret, form.kind),
    storageAvailable: context.submissions.available(),
    retentionDays: context.env.SUBMISSION_RETENTION_DAYS,
    captchaSiteKey: publicConfig(context.env).captchaSiteKey,
  });
}

function logRejection(form: FormDefinition, reason: string) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: `${form.kind} submission refused: ${reason}` }) + "\n");
}

/**
 * The form's action. In order: read the body within the size limit, check the rate limit, validate
 * (errors cost nothing), then the honeypot, the fill time and the bot check (each refusal counts against
 * the limit), then count and store the submission and redirect (303) to the thank-you page with its
 * reference. The database is written before the redirect is sent, and a fill token is used once: sent
 * again, it stores nothing and redirects to the first submission's reference.
 */
export async function submitForm(form: FormDefinition, { request, context }: ActionFunctionArgs) {
  const { env, submissions } = context;
  let data: FormData;
  try {
    data = await readLimitedForm(request, env.FORM_MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLarge) throw new Response("Request too large", { status: 413 });
    throw new Response("The form could not be read", { status: 400 });
  }
  const values = readValues(form.fields, data);
  const secret = await submissions.formSecret();
  const postedToken = String(data.get(TOKEN_FIELD) ?? "");
  const fill = checkFillToken(secret, form.kind, postedToken, env.FORM_MIN_FILL_SECONDS);
  // Keep the page's original token unless it is unusable, so the fill time is measured from the first view.
  const token = fill.ok || fill.reason === "too-fast" ? postedToken : issueFillToken(secret, form.kind);
  const reply = (status: number, extra: Partial<FormActionData> = {}, headers?: HeadersInit) =>
    json<FormActionData>({ values, token, ...extra }, { status, headers });

  try {
    const before = await submissions.peekRate(context.clientAddress);
    if (!before.allowed) return rateLimited(before.retryAfterSeconds);

    const validation = validateForm(FORM_SCHEMAS[form.kind], form.fields, values);
    if (!validation.ok) return reply(400, { errors: validation.errors });

    const refusal = await spamCheck(form, data, fill, context);
    if (refusal) {
      logRejection(form, refusal.detail ? `${refusal.notice.code} (${refusal.detail})` : refusal.notice.code);
      // Refusals a person cannot cause (an old page, the bot check's outage) do not count against the limit.
      if (refusal.notice.code !== "expired" && refusal.notice.code !== "captcha-unavailable") {
        const counted = await submissions.consumeRate(context.clientAddress);
        if (!counted.allowed) return rateLimited(counted.retryAfterSeconds);
      }
      return reply(refusal.notice.code === "captcha-unavailable" ? 503 : 400, { notice: refusal.notice });
    }

    const counted = await submissions.consumeRate(context.clientAddress);
    if (!counted.allowed) return rateLimited(counted.retryAfterSeconds);
    // The spam check passed, so the token is valid. A token used before (the form sent twice, a replayed
    // post) stores nothing and leads to the thank-you page of the submission that used it.
    const fillToken = fill.ok ? { token: postedToken, expiresAt: fillTokenExpiresAt(fill.issuedAt) } : undefined;
    const stored = await submissions.create(form.kind, validation.data, Date.now(), fillToken);
    if (stored.replay) logRejection(form, "fill token used before, answered with the first submission's reference");
    return redirect(`/contact/thankyou?ref=${encodeURIComponent(stored.reference)}`, 303);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      return reply(503, { notice: { code: "unavailable", message: NOTICES.unavailable } }, { "Retry-After": "60" });
    }
    throw error;
  }

  function rateLimited(retryAfterSeconds: number) {
    logRejection(form, "rate limit");
    return reply(429, { notice: rateLimitNotice(retryAfterSeconds) }, { "Retry-After": String(retryAfterSeconds) });
  }
}

type Refusal = { notice: FormNotice; detail?: string };

/** The honeypot, the fill-time token and (when configured) the bot check; null when all pass. */
async function spamCheck(
  form: FormDefinition,
  data: FormData,
  fill: ReturnType<typeof checkFillToken>,
  context: AppLoadContext,
): Promise<Refusal | null> {
  const honeypot = data.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") return { notice: { code: "spam", message: NOTICES.spam }, detail: "honeypot" };
  if (!fill.ok) {
    if (fill.reason === "too-fast") return { notice: { code: "too-fast", message: NOTICES.tooFast } };
    if (fill.reason === "expired") return { notice: { code: "expired", message: NOTICES.expired } };
    return { notice: { code: "spam", message: NOTICES.invalidToken }, detail: "token" };
  }
  const { env } = context;
  if (!env.CAPTCHA_SECRET || !env.CAPTCHA_SITE_KEY) return null;
  const result = await verifyCaptcha(
    String(data.get(CAPTCHA_FIELD) ?? ""),
    { expectedAction: form.captchaAction, remoteIp: context.clientAddress },
    { secret: env.CAPTCHA_SECRET, verifyUrl: env.CAPTCHA_VERIFY_URL, minScore: env.CAPTCHA_MIN_SCORE },
  );
  if (result.ok) return null;
  if (result.reason === "unavailable") {
    return { notice: { code: "captcha-unavailable", message: NOTICES.captchaUnavailable }, detail: result.detail };
  }
  if (result.reason === "missing") return { notice: { code: "captcha", message: NOTICES.captchaMissing }, detail: "no token" };
  return { notice: { code: "captcha", message: NOTICES.captcha }, detail: result.detail };
}
