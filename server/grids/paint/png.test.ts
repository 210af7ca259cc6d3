import { describe, expect, it } from "vitest";
import { decodeIndexedPng } from "../testing/decode-png";
import { crc32, encodeIndexedPng } from "./png";

describe("the indexed-colour PNG encoder", () => {
  it("computes the CRC-32 of the specification", () => {
    // the check value of CRC-32/ISO-HDLC
    expect((crc32(new TextEncoder().encode("123456789")) ^ 0xffffffff) >>> 0).toBe(0xcbf43926);
  });

  it("writes an image that decodes back to the same pixels, palette and opacity", () => {
    const width = 37;
    const height = 23;
    const pixels = Uint8Array.from({ length: width * height }, (_, i) => ((i % width) * 7 + Math.floor(i / width) * 3) % 5);
    const palette = [
      [0, 0, 0, 0],
      [255, 0, 0, 255],
      [0, 128, 255, 255],
      [10, 20, 30, 128],
      [200, 200, 200, 255],
    ] as const;
    const png = encodeIndexedPng({ width, height, pixels, palette });
    const decoded = decodeIndexedPng(png);
    expect(decoded.chunks).toEqual(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);
    expect([decoded.width, decoded.height]).toEqual([width, height]);
    expect(decoded.palette).toEqual(palette.map((c) => [...c]));
    expect(decoded.pixels).toEqual(pixels);
  });

  it("leaves tRNS out of an opaque image and refuses a palette PNG cannot hold", () => {
    const png = encodeIndexedPng({ width: 2, height: 1, pixels: Uint8Array.from([0, 1]), palette: [[1, 2, 3, 255], [4, 5, 6, 255]] });
    expect(decodeIndexedPng(png).chunks).toEqual(["IHDR", "PLTE", "IDAT", "IEND"]);
    expect(() => encodeIndexedPng({ width: 1, height: 1, pixels: Uint8Array.from([0]), palette: Array.from({ length: 257 }, () => [0, 0, 0, 255] as const) })).toThrow(/palette/);
  });
});
