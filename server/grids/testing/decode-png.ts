import { unzlibSync } from "fflate";
import { crc32 } from "../paint/png";

/**
 * A PNG decoder for tests, written from the specification apart from the encoder: checks the signature and
 * every chunk's CRC, inflates IDAT and reverses the five row filters. Indexed images at 8 bits only.
 */
export function decodeIndexedPng(png: Uint8Array) {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!signature.every((b, i) => png[i] === b)) throw new Error("not a PNG");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = view.getUint32(at + 8 + length);
    if (((crc32(png.subarray(at + 4, at + 8 + length)) ^ 0xffffffff) >>> 0) !== crc) throw new Error(`bad CRC in ${type}`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  const ihdr = chunks.find((c) => c.type === "IHDR")!.data;
  const hv = new DataView(ihdr.buffer, ihdr.byteOffset, ihdr.byteLength);
  const width = hv.getUint32(0);
  const height = hv.getUint32(4);
  if (ihdr[8] !== 8 || ihdr[9] !== 3) throw new Error("only 8-bit indexed images");
  const plte = chunks.find((c) => c.type === "PLTE")!.data;
  const trns = chunks.find((c) => c.type === "tRNS")?.data ?? new Uint8Array(0);
  const palette = Array.from({ length: plte.length / 3 }, (_, i) => [plte[i * 3], plte[i * 3 + 1], plte[i * 3 + 2], i < trns.length ? trns[i] : 255] as const);
  const idat = chunks.filter((c) => c.type === "IDAT");
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.data.length, 0));
  let o = 0;
  for (const c of idat) {
    joined.set(c.data, o);
    o += c.data.length;
  }
  const raw = unzlibSync(joined);
  const pixels = new Uint8Array(width * height);
  const paeth = (a: number, b: number, c: number) => {
    const p = a + b - c;
    const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  };
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width + 1)];
    for (let x = 0; x < width; x++) {
      const v = raw[y * (width + 1) + 1 + x];
      const a = x > 0 ? pixels[y * width + x - 1] : 0;
      const b = y > 0 ? pixels[(y - 1) * width + x] : 0;
      const c = x > 0 && y > 0 ? pixels[(y - 1) * width + x - 1] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      pixels[y * width + x] = (v + predictor) & 0xff;
    }
  }
  return { width, height, pixels, palette, chunks: chunks.map((c) => c.type) };
}
