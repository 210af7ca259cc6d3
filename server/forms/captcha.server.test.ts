import { describe, expect, it, vi } from "vitest";
import { verifyCaptcha, type CaptchaOptions } from "./captcha.server";

const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));
const options = (fetchImpl: CaptchaOptions["fetch"]): CaptchaOptions => ({
  secret: "s3cret",
  verifyUrl: "https://www.recaptcha.net/recaptcha/api/siteverify",
  minScore: 0.5,
  fetch: fetchImpl,
});
const request = { expectedAction: "contact", remoteIp: "203.0.113.7" };

describe("verifyCaptcha", () => {
  it("posts the secret, the token and the client address to the provider's alternative domain", async () => {
    const fetchImpl = answer({ success: true, score: 0.9, action: "contact" });
    expect(await verifyCaptcha("tok", request, options(fetchImpl))).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://www.recaptcha.net/recaptcha/api/siteverify");
    expect(init.method).toBe("POST");
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({ secret: "s3cret", response: "tok", remoteip: "203.0.113.7" });
  });

  it("refuses a missing token without asking the provider", async () => {
    const fetchImpl = answer({ success: true });
    expect(await verifyCaptcha("", request, options(fetchImpl))).toEqual({ ok: false, reason: "missing" });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("refuses a failed check, a low score and another action", async () => {
    expect(await verifyCaptcha("t", request, options(answer({ success: false, "error-codes": ["timeout-or-duplicate"] })))).toEqual({
      ok: false,
      reason: "rejected",
      detail: "timeout-or-duplicate",
    });
    expect(await verifyCaptcha("t", request, options(answer({ success: true, score: 0.2, action: "contact" })))).toMatchObject({ reason: "rejected" });
    expect(await verifyCaptcha("t", request, options(answer({ success: true, score: 0.9, action: "login" })))).toMatchObject({ reason: "rejected" });
  });

  it("fails closed when the provider errs, answers garbage or does not answer in time", async () => {
    expect(await verifyCaptcha("t", request, options(answer({}, 500)))).toMatchObject({ ok: false, reason: "unavailable" });
    const garbage = vi.fn(async () => new Response("<html>", { status: 200 }));
    expect(await verifyCaptcha("t", request, options(garbage))).toMatchObject({ ok: false, reason: "unavailable" });
    const down = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    expect(await verifyCaptcha("t", request, options(down))).toMatchObject({ ok: false, reason: "unavailable" });
    const hanging = vi.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))),
    );
    const started = Date.now();
    expect(await verifyCaptcha("t", request, { ...options(hanging as typeof fetch), timeoutMs: 50 })).toMatchObject({ ok: false, reason: "unavailable" });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
