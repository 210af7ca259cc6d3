import { describe, expect, it } from "vitest";
import { acceptedEncodings, preferredEncoding } from "./encoding.server";

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("BR ; q=0.5")).toBe("br");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("deflate")).toBeUndefined();
    expect(preferredEncoding(null)).toBeUndefined();
    expect(preferredEncoding("")).toBeUndefined();
  });
});

describe("acceptedEncodings", () => {
  it("lists every encoding taken, brotli first, so a missing copy falls back to the next", () => {
    expect(acceptedEncodings("gzip, br")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=0.5, deflate")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=0, *")).toEqual(["gzip"]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
