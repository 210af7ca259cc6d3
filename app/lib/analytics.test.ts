import { describe, expect, it } from "vitest";
import {
  ANALYTICS_CONFIG,
  analyticsBootCommands,
  captchaScriptUrl,
  parseEnabledFlag,
  screenViewCommand,
} from "./analytics";

describe("analytics configuration", () => {
  it("matches the spec: short name, screen views on, automatic page views off, IP anonymised", () => {
    expect(ANALYTICS_CONFIG.shortName).toBe("sacap");
    expect(ANALYTICS_CONFIG.pageTracking).toEqual({ screenviewEnabled: true, autoPageViews: false });
    expect(ANALYTICS_CONFIG.anonymizeIp).toBe(true);
    expect(ANALYTICS_CONFIG.consentCookiePrefix).toBe("_ga");
    expect(Object.keys(ANALYTICS_CONFIG.consentDefaults).sort()).toEqual(
      ["ad_personalization", "ad_storage", "ad_user_data", "analytics_storage"],
    );
  });

  it("gives enabled as the text false, which parses to false", () => {
    expect(ANALYTICS_CONFIG.enabled).toBe("false");
    expect(parseEnabledFlag(ANALYTICS_CONFIG.enabled)).toBe(false);
    expect(parseEnabledFlag(" TRUE ")).toBe(true);
    expect(parseEnabledFlag(undefined)).toBe(false);
    expect(parseEnabledFlag("yes")).toBe(false);
  });

  it("sets consent before config, with page views off", () => {
    const commands = analyticsBootCommands("G-TEST");
    expect(commands[0][0]).toBe("consent");
    expect(commands[2]).toEqual([
      "config",
      "G-TEST",
      { send_page_view: false, anonymize_ip: true, cookie_prefix: "_ga", app_name: "sacap" },
    ]);
    expect(screenViewCommand("Home", "/")).toEqual([
      "event",
      "screen_view",
      { app_name: "sacap", screen_name: "Home", page_path: "/" },
    ]);
  });

  it("loads the captcha from the provider's alternative domain", () => {
    expect(captchaScriptUrl("key 1")).toBe("https://www.recaptcha.net/recaptcha/api.js?render=key%201");
  });
});
