import { createHmac, timingSafeEqual } from "node:crypto";
import type { FormKind } from "../../app/features/forms/forms";

/**
 * The minimum fill time: each form carries a token that says when the page was served, signed with the
 * server's secret (HMAC-SHA256), so a submission can prove how long it took without any server state.
 */

/** A page left open longer than this has to be sent again (a fresh token is issued). */
export const TOKEN_MAX_AGE_SECONDS = 2 * 24 * 60 * 60;

function sign(secret: string, kind: FormKind, issuedAt: number): string {
  return createHmac("sha256", secret).update(`fill:${kind}:${issuedAt}`).digest("base64url");
}

export function issueFillToken(secret: string, kind: FormKind, now = Date.now()): string {
  return `${now.toString(36)}.${sign(secret, kind, now)}`;
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
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const issuedAt = parseInt(match[1], 36);
  const expected = Buffer.from(sign(secret, kind, issuedAt));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const age = (now - issuedAt) / 1000;
  if (age < minSeconds) return { ok: false, reason: "too-fast", issuedAt };
  if (age > TOKEN_MAX_AGE_SECONDS) return { ok: false, reason: "expired", issuedAt };
  return { ok: true, issuedAt };
}
