/**
 * Server-side check of the bot-check token (reCAPTCHA v3 through the provider's alternative domain).
 * Only used when a secret is configured. It fails closed: no answer in time, an error status or an
 * unreadable answer rejects the submission with a message that says to try again.
 */
export interface CaptchaOptions {
  secret: string;
  verifyUrl: string;
  /** The lowest score accepted (0 is a bot, 1 a person). */
  minScore: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type CaptchaResult = { ok: true } | { ok: false; reason: "missing" | "rejected" | "unavailable"; detail?: string };

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  "error-codes"?: string[];
}

export async function verifyCaptcha(
  token: string,
  { expectedAction, remoteIp }: { expectedAction: string; remoteIp?: string },
  { secret, verifyUrl, minScore, timeoutMs = 5000, fetch: fetchImpl = fetch }: CaptchaOptions,
): Promise<CaptchaResult> {
  if (!token) return { ok: false, reason: "missing" };
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  let answer: SiteverifyAnswer;
  try {
    const response = await fetchImpl(verifyUrl, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { ok: false, reason: "unavailable", detail: `status ${response.status}` };
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    return { ok: false, reason: "unavailable", detail: error instanceof Error ? error.message : String(error) };
  }
  if (answer.success !== true) return { ok: false, reason: "rejected", detail: (answer["error-codes"] ?? []).join(",") || "not successful" };
  if (typeof answer.score === "number" && answer.score < minScore) return { ok: false, reason: "rejected", detail: `score ${answer.score}` };
  if (answer.action !== undefined && answer.action !== expectedAction) return { ok: false, reason: "rejected", detail: `action ${answer.action}` };
  return { ok: true };
}
