import { crc32, inflateSync } from "node:zlib";

/** A decoded PNG: RGBA per pixel, and for an indexed image the palette indices and the palette (RGBA). */
export interface DecodedPng {
  width: number;
  height: number;
  pixel: (x: number, y: number) => [number, number, number, number];
  /** The chunk types in file order. */
  chunks: string[];
  /** Indexed images: each pixel's palette index, row by row, and the palette with its opacity. */
  indices?: Uint8Array;
  palette?: [number, number, number, number][];
}

/**
 * Decodes a non-interlaced 8-bit PNG (truecolour, truecolour with alpha, palette, with or without tRNS), for
 * tests, written from the specification apart from the portal's encoder: checks the signature and every
 * chunk's CRC, inflates IDAT and reverses the five row filters.
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let type = 0;
  let plte: Buffer | undefined;
  let alpha: Buffer | undefined;
  const idat: Buffer[] = [];
  const chunks: string[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const name = data.subarray(offset + 4, offset + 8).toString("latin1");
    const chunk = data.subarray(offset + 8, offset + 8 + length);
    if (crc32(data.subarray(offset + 4, offset + 8 + length)) !== data.readUInt32BE(offset + 8 + length)) throw new Error(`bad CRC in ${name}`);
    chunks.push(name);
    if (name === "IHDR") {
      width = chunk.readUInt32BE(0);
      height = chunk.readUInt32BE(4);
      if (chunk[8] !== 8) throw new Error(`bit depth ${chunk[8]} not decoded`);
      type = chunk[9];
      if (chunk[12] !== 0) throw new Error("interlaced PNG not decoded");
    } else if (name === "PLTE") plte = chunk;
    else if (name === "tRNS") alpha = chunk;
    else if (name === "IDAT") idat.push(chunk);
    offset += 12 + length;
  }
  const channels = { 2: 3, 3: 1, 6: 4 }[type];
  if (!channels) throw new Error(`colour type ${type} not decoded`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[y * stride + i - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      out[y * stride + i] = (line[i] + predictor) & 0xff;
    }
  }
  const palette = plte && Array.from({ length: plte.length / 3 }, (_, i): [number, number, number, number] => [plte[i * 3], plte[i * 3 + 1], plte[i * 3 + 2], alpha && i < alpha.length ? alpha[i] : 255]);
  return {
    width,
    height,
    chunks,
    ...(type === 3 ? { indices: out, palette } : {}),
    pixel: (x, y) => {
      const at = y * stride + x * channels;
      if (type === 6) return [out[at], out[at + 1], out[at + 2], out[at + 3]];
      if (type === 2) return [out[at], out[at + 1], out[at + 2], 255];
      return [...palette![out[at]]];
    },
  };
}
