import { describe, expect, it } from "vitest";
import { formatNumber, numberFormat } from "./format";

describe("formatNumber", () => {
  it("keeps the declared decimals, trailing zeros included", () => {
    expect(formatNumber(25.47, 3)).toBe("25.470");
    expect(formatNumber(25.261, 3)).toBe("25.261");
    expect(formatNumber(2, 1)).toBe("2.0");
    expect(formatNumber(1234.5678, 0)).toBe("1235");
  });
  it("rounds a value's decimal digits half away from zero, as a reader checking it would", () => {
    // the doubles nearest these lie a little below them: toFixed alone gives 14.8, 1.00, 2.67, -0.1
    expect(formatNumber(14.85, 1)).toBe("14.9");
    expect(formatNumber(1.005, 2)).toBe("1.01");
    expect(formatNumber(2.675, 2)).toBe("2.68");
    expect(formatNumber(-0.15, 1, { signed: true })).toBe("-0.2");
    expect(formatNumber(0.8499, 1)).toBe("0.8");
    expect(formatNumber(1e-7, 2)).toBe("0.00");
    expect(formatNumber(1.5e21, 0)).toBe("1.5e+21");
  });
  it("signs changes, and never shows -0", () => {
    expect(formatNumber(1.95, 3, { signed: true })).toBe("+1.950");
    expect(formatNumber(-1.166, 3, { signed: true })).toBe("-1.166");
    expect(formatNumber(-0.0001, 2, { signed: true })).toBe("0.00");
    expect(formatNumber(0, 2, { signed: true })).toBe("0.00");
  });
  it("says what is missing", () => {
    expect(formatNumber(null, 2)).toBe("–");
    expect(formatNumber(undefined, 2, { missing: "no data" })).toBe("no data");
    expect(formatNumber(NaN, 2)).toBe("–");
  });
  it("has a d3 twin for charts", () => {
    expect(numberFormat(3)).toBe(".3f");
  });
});
