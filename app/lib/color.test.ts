import { describe, expect, it } from "vitest";
import { hexToRgb } from "./color";

describe("hexToRgb", () => {
  it("converts six-digit hex with or without #", () => {
    expect(hexToRgb("#0B6623")).toBe("11,102,35");
    expect(hexToRgb("0b6623")).toBe("11,102,35");
    expect(hexToRgb("#FFFFFF")).toBe("255,255,255");
    expect(hexToRgb("000000")).toBe("0,0,0");
  });

  it("returns null for anything else", () => {
    for (const bad of ["", "#", "#fff", "fff", "#0B662", "#0B66233", "##0B6623", "#GG6623", " #0B6623", "green", "#0B6623 "]) {
      expect(hexToRgb(bad)).toBeNull();
    }
  });
});
