import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAVICON_HREF, FAVICON_SVG } from "./favicon";

describe("favicon", () => {
  it("is the drawing of public/favicon.svg, as a data URL that decodes to it", () => {
    expect(FAVICON_SVG).toBe(readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8").trim());
    expect(FAVICON_HREF.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(FAVICON_HREF.slice("data:image/svg+xml,".length))).toBe(FAVICON_SVG);
  });
});
