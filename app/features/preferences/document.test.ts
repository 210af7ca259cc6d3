import { describe, expect, it } from "vitest";
import { documentAttributes, resolveColorScheme } from "./document";
import { defaultPreferences } from "./schema";

describe("documentAttributes", () => {
  it("renders the light theme by default with the spec's primary colours", () => {
    const attrs = documentAttributes(defaultPreferences);
    expect(attrs.className).not.toContain("bp6-dark");
    expect(attrs.style["--sacap-primary-light"]).toBe("#0B6623");
    expect(attrs.style["--sacap-primary-light-rgb"]).toBe("11,102,35");
    expect(attrs.style["--sacap-primary-dark"]).toBe("#3C854F");
  });

  it("adds Blueprint's dark class for the dark theme", () => {
    expect(documentAttributes({ ...defaultPreferences, theme: "dark" }).className).toContain("bp6-dark");
  });

  it("follows the last reported scheme for the system theme", () => {
    expect(resolveColorScheme({ theme: "system", colorScheme: "dark" })).toBe("dark");
    expect(resolveColorScheme({ theme: "system", colorScheme: "light" })).toBe("light");
    expect(resolveColorScheme({ theme: "light", colorScheme: "dark" })).toBe("light");
  });
});
