import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { contentSecurityPolicy, createNonce, hardenCookie } from "./security.server";

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

describe("contentSecurityPolicy", () => {
  it("allows scripts from the portal and with the nonce only, never inline or eval", () => {
    const policy = contentSecurityPolicy(parseEnv({}), { nonce: "abc123==", secure: false });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(directive(policy, "script-src-attr")).toEqual(["'none'"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'"]);
    expect(directive(policy, "frame-src")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "worker-src")).toEqual(["'self'", "blob:"]);
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(policy).not.toMatch(/google|recaptcha|gstatic|mapbox/);
  });

  it("adds analytics, bot-check, Mapbox and map-server hosts only when they are configured", () => {
    const analytics = contentSecurityPolicy(parseEnv({ ANALYTICS_ENABLED: "true", ANALYTICS_ID: "G-1" }), { nonce: "n", secure: false });
    expect(directive(analytics, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(analytics, "connect-src")).toContain("https://*.google-analytics.com");
    // an id without the flag is off, and so are its hosts
    expect(contentSecurityPolicy(parseEnv({ ANALYTICS_ID: "G-1" }), { nonce: "n", secure: false })).not.toContain("googletagmanager");

    const captcha = contentSecurityPolicy(parseEnv({ CAPTCHA_SITE_KEY: "k", CAPTCHA_SECRET: "s" }), { nonce: "n", secure: false });
    expect(directive(captcha, "script-src")).toEqual(["'self'", "'nonce-n'", "https://www.recaptcha.net", "https://www.gstatic.com"]);
    expect(directive(captcha, "frame-src")).toEqual(["https://www.recaptcha.net"]);
    expect(contentSecurityPolicy(parseEnv({ CAPTCHA_SITE_KEY: "k" }), { nonce: "n", secure: false })).not.toContain("recaptcha");

    const maps = contentSecurityPolicy(
      parseEnv({ MAPBOX_ACCESS_TOKEN: "pk.x", WMS_BASE_URL: "https://maps.example.org/thredds", WMS_EXTERNAL_HOSTS: "maps.isric.org" }),
      { nonce: "n", secure: false },
    );
    expect(directive(maps, "connect-src")).toEqual([
      "'self'",
      "https://api.mapbox.com",
      "https://events.mapbox.com",
      "https://maps.example.org",
      "https://maps.isric.org",
    ]);
    expect(directive(maps, "img-src")).toContain("https://maps.isric.org");
  });

  it("asks for https subresources over TLS", () => {
    expect(contentSecurityPolicy(parseEnv({}), { nonce: "n", secure: true })).toContain("upgrade-insecure-requests");
  });
});

describe("createNonce", () => {
  it("is 128 random bits in base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("hardenCookie", () => {
  it("makes server cookies HttpOnly and SameSite=Lax, and Secure over TLS", () => {
    expect(hardenCookie("session=1; Path=/", false)).toBe("session=1; Path=/; HttpOnly; SameSite=Lax");
    expect(hardenCookie("session=1; Path=/", true)).toBe("session=1; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(hardenCookie("session=1; httponly; secure; SameSite=Strict", true)).toBe("session=1; httponly; secure; SameSite=Strict");
  });

  it("leaves the preference cookies readable by the page's scripts", () => {
    expect(hardenCookie("SACAP-theme=dark; Path=/; SameSite=Lax", true)).toBe("SACAP-theme=dark; Path=/; SameSite=Lax; Secure");
  });
});
