import { decodePng } from "../../../tests/support/png";

/** The portal's painted images decoded for tests (`tests/support/png.ts`): 8-bit indexed only, as the painter writes them. */
export function decodeIndexedPng(png: Uint8Array) {
  const image = decodePng(png);
  if (!image.indices || !image.palette) throw new Error("only 8-bit indexed images");
  return { width: image.width, height: image.height, pixels: image.indices, palette: image.palette, chunks: image.chunks };
}
