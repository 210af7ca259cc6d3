import { describe, expect, it } from "vitest";
import { newReference, parseReference, REFERENCE_BITS } from "./reference";

describe("submission references", () => {
  it("carry the form's prefix and 16 characters of Crockford base 32 in groups of four", () => {
    expect(newReference("contact")).toMatch(/^CT-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(newReference("data-share")).toMatch(/^DS-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it("encode all 80 random bits", () => {
    expect(REFERENCE_BITS).toBe(80);
    expect(newReference("contact", (b) => b.fill(0))).toBe("CT-0000-0000-0000-0000");
    expect(newReference("contact", (b) => b.fill(255))).toBe("CT-ZZZZ-ZZZZ-ZZZZ-ZZZZ");
    // 0x01 repeated reads 00000 00100 00000 10000 00010 00000 01000 00001 five bits at a time
    expect(newReference("contact", (b) => b.fill(1))).toBe("CT-040G-2081-040G-2081");
  });

  it("use the platform's cryptographic generator: no repeats in many draws", () => {
    const seen = new Set(Array.from({ length: 5000 }, () => newReference("contact")));
    expect(seen.size).toBe(5000);
  });

  it("parse back to their form, forgiving case and spaces, and refuse anything else", () => {
    const reference = newReference("data-share");
    expect(parseReference(reference)).toEqual({ reference, kind: "data-share" });
    expect(parseReference(` ${reference.toLowerCase()} `)).toEqual({ reference, kind: "data-share" });
    expect(parseReference("CT-0000-0000-0000-000")).toBeNull();
    expect(parseReference("CT-0000-0000-0000-000I")).toBeNull();
    expect(parseReference("XX-0000-0000-0000-0000")).toBeNull();
    expect(parseReference("")).toBeNull();
    expect(parseReference(null)).toBeNull();
  });
});
