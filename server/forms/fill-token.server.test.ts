import { describe, expect, it } from "vitest";
import { checkFillToken, issueFillToken, TOKEN_MAX_AGE_SECONDS } from "./fill-token.server";

const SECRET = "a-test-secret-of-enough-length";
const T0 = Date.UTC(2026, 0, 1, 12);

describe("fill-time tokens", () => {
  it("pass once the minimum time has gone by", () => {
    const token = issueFillToken(SECRET, "contact", T0);
    expect(checkFillToken(SECRET, "contact", token, 3, T0 + 3000)).toEqual({ ok: true, issuedAt: T0 });
  });

  it("refuse a submission quicker than the minimum fill time", () => {
    const token = issueFillToken(SECRET, "contact", T0);
    expect(checkFillToken(SECRET, "contact", token, 3, T0 + 2999)).toEqual({ ok: false, reason: "too-fast", issuedAt: T0 });
    expect(checkFillToken(SECRET, "contact", token, 0, T0).ok).toBe(true);
  });

  it("expire after two days", () => {
    const token = issueFillToken(SECRET, "contact", T0);
    expect(checkFillToken(SECRET, "contact", token, 3, T0 + TOKEN_MAX_AGE_SECONDS * 1000).ok).toBe(true);
    expect(checkFillToken(SECRET, "contact", token, 3, T0 + TOKEN_MAX_AGE_SECONDS * 1000 + 1)).toMatchObject({ reason: "expired" });
  });

  it("cannot be forged: another secret, another form, an edited time or garbage are invalid", () => {
    const token = issueFillToken(SECRET, "contact", T0);
    const later = T0 + 60_000;
    expect(checkFillToken("another-secret-of-enough-length", "contact", token, 3, later)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFillToken(SECRET, "data-share", token, 3, later)).toEqual({ ok: false, reason: "invalid" });
    const [, nonce, signature] = token.split(".");
    expect(checkFillToken(SECRET, "contact", `${(T0 - 3_600_000).toString(36)}.${nonce}.${signature}`, 3, later)).toEqual({ ok: false, reason: "invalid" });
    expect(checkFillToken(SECRET, "contact", `${T0.toString(36)}.${"A".repeat(16)}.${signature}`, 3, later)).toEqual({ ok: false, reason: "invalid" });
    for (const bad of ["", "x", `${T0.toString(36)}.`, `${T0.toString(36)}.${"A".repeat(43)}`, token + "x"]) {
      expect(checkFillToken(SECRET, "contact", bad, 3, later), bad).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("differ for two pages served in the same millisecond (each names one filling of the form)", () => {
    const a = issueFillToken(SECRET, "contact", T0);
    const b = issueFillToken(SECRET, "contact", T0);
    expect(a).not.toBe(b);
    expect(checkFillToken(SECRET, "contact", a, 0, T0).ok).toBe(true);
    expect(checkFillToken(SECRET, "contact", b, 0, T0).ok).toBe(true);
  });
});
