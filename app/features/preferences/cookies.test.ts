import { describe, expect, it } from "vitest";
import { serializePreference } from "./cookies";
import { readPreferences } from "./read";
import { defaultPreferences } from "./schema";

describe("readPreferences", () => {
  it("gives the spec defaults without cookies", () => {
    expect(readPreferences(null)).toEqual(defaultPreferences);
    expect(defaultPreferences).toMatchObject({
      navigationType: "vertical",
      contentWidth: "fluid",
      navbarType: "sticky",
      navbarBlur: true,
      footerType: "static",
      theme: "light",
      colorScheme: "light",
      skin: "bordered",
      verticalNavCollapsed: false,
    });
  });

  it("reads valid cookies", () => {
    const prefs = readPreferences(
      "other=1; SACAP-theme=dark; SACAP-verticalNavCollapsed=true; SACAP-contentWidth=boxed; SACAP-primaryColorLight=%23123ABC",
    );
    expect(prefs.theme).toBe("dark");
    expect(prefs.verticalNavCollapsed).toBe(true);
    expect(prefs.contentWidth).toBe("boxed");
    expect(prefs.primaryColorLight).toBe("#123ABC");
    expect(prefs.navigationType).toBe("vertical");
  });

  it("falls back per field on tampered values", () => {
    const prefs = readPreferences(
      'SACAP-theme=<script>; SACAP-navbarBlur=yes; SACAP-skin=%E0%A4%A; SACAP-primaryColorDark="red"; SACAP-navigationType=horizontal',
    );
    expect(prefs.theme).toBe("light");
    expect(prefs.navbarBlur).toBe(true);
    expect(prefs.skin).toBe("bordered");
    expect(prefs.primaryColorDark).toBe("#3C854F");
    expect(prefs.navigationType).toBe("horizontal");
  });

  it("ignores oversized cookie headers", () => {
    expect(readPreferences("SACAP-theme=dark; x=" + "a".repeat(10000))).toEqual(defaultPreferences);
  });
});

describe("serializePreference", () => {
  it("writes a 30-day cookie on path / that reads back", () => {
    const text = serializePreference("primaryColorLight", "#0B6623");
    expect(text).toContain("SACAP-primaryColorLight=%230B6623");
    expect(text).toContain("Max-Age=2592000");
    expect(text).toContain("Path=/");
    expect(readPreferences(text.split(";")[0]).primaryColorLight).toBe("#0B6623");
  });
});
