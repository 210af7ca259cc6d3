import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, publicConfig } from "./env.server";

describe("parseEnv", () => {
  it("has offline defaults", () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.API_UPSTREAM).toBeUndefined();
    expect(e.ANALYTICS_ENABLED).toBe(false);
    expect(publicConfig(e)).toEqual({ analyticsId: undefined, captchaSiteKey: undefined });
  });

  it("reads PORT and treats empty settings as unset", () => {
    const e = parseEnv({ PORT: "4100", API_UPSTREAM: "", ANALYTICS_ID: " " });
    expect(e.PORT).toBe(4100);
    expect(e.API_UPSTREAM).toBeUndefined();
    expect(e.ANALYTICS_ID).toBeUndefined();
  });

  it("enables analytics and captcha only when fully configured", () => {
    expect(publicConfig(parseEnv({ ANALYTICS_ID: "G-TEST" })).analyticsId).toBeUndefined();
    expect(publicConfig(parseEnv({ ANALYTICS_ENABLED: "true", ANALYTICS_ID: "G-TEST" })).analyticsId).toBe("G-TEST");
    expect(publicConfig(parseEnv({ CAPTCHA_SITE_KEY: "k" })).captchaSiteKey).toBeUndefined();
    expect(publicConfig(parseEnv({ CAPTCHA_SITE_KEY: "k", CAPTCHA_SECRET: "s" })).captchaSiteKey).toBe("k");
  });

  it("stops on a bad setting with the name of the setting", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ API_UPSTREAM: "ftp://x" })).toThrow(/API_UPSTREAM/);
  });
});
