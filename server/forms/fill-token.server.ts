import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FormKind } from "../../app/features/forms/forms";

/**
 * The minimum fill time: each form carries a token that says when the page was served, signed with the
 * server's secret (HMAC-SHA256), so a submission can prove how long it took without any server state.
 * Each token also carries 96 random bits, so two pages served in the same millisecond get different
 * tokens: a token names one filling of one form, and the first submission accepted with it uses it up
 * (the submissions service keeps the used ones until they expire).
 */

/** A page left open longer than this has to be sent again (a fresh token is issued). */
export const TOKEN_MAX_AGE_SECONDS = 2 * 24 * 60 * 60;

function sign(secret: string, kind: FormKind, issuedAt: number, nonce: string): string {
  return createHmac("sha256", secret).update(`fill:${kind}:${issuedAt}:${nonce}`).digest("base64url");
}

export function issueFillToken(secret: string, kind: FormKind, now = Date.now()): string {
  const nonce = randomBytes(12).toString("base64url");
  return `${now.toString(36)}.${nonce}.${sign(secret, kind, now, nonce)}`;
}

export type FillCheck =
  | { ok: true; issuedAt: number }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "too-fast" | "expired"; issuedAt: number };

/** Checks a token: signed by us for this form, and issued between `minSeconds` and the maximum age ago. */
export function checkFillToken(
  secret: string,
  kind: FormKind,
  token: string,
  minSeconds: number,
  now = Date.now(),
): FillCheck {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const issuedAt = parseInt(match[1], 36);
  const expected = Buffer.from(sign(secret, kind, issuedAt, match[2]));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const age = (now - issuedAt) / 1000;
  if (age < minSeconds) return { ok: false, reason: "too-fast", issuedAt };
  if (age > TOKEN_MAX_AGE_SECONDS) return { ok: false, reason: "expired", issuedAt };
  return { ok: true, issuedAt };
}

/** When a token stops being accepted (and the record that it was used can go). */
export function fillTokenExpiresAt(issuedAt: number): number {
  return issuedAt + TOKEN_MAX_AGE_SECONDS * 1000;
}
