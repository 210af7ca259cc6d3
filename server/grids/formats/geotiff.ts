import { deflateSync } from "node:zlib";

/**
 * A GeoTIFF writer for one float32 band (TIFF 6.0, OGC GeoTIFF 1.1), laid out as a cloud-optimised GeoTIFF
 * reads best: the header, then the one IFD with every tag value, then the tiles (256 x 256, deflate), so a
 * reader learns where each tile is from the first bytes. Geographic WGS 84 (EPSG:4326) by GeoKeys with
 * ModelPixelScale and ModelTiepoint, NaN as nodata (GDAL_NODATA), and what the values are in
 * ImageDescription and GDAL_METADATA. No native dependency.
 *
 * Text tags hold UTF-8 bytes, as GDAL's own GeoTIFF writer stores them and GDAL reads them back (its
 * metadata strings are UTF-8): "°C", "0.25°" and "Gutiérrez" come back from `gdalinfo` as written. TIFF 6.0
 * calls the ASCII type 7-bit, and a 7-bit tag cannot say them: XML character references (`&#176;`) would do
 * for GDAL_METADATA, which GDAL parses as XML, but not for ImageDescription, which GDAL gives as it is
 * (TIFFTAG_IMAGEDESCRIPTION), so one rule for both.
 */

export interface GeoTiffInput {
  width: number;
  height: number;
  /** Row-major from the north-west corner (the first row is the northernmost); NaN: no value. */
  values: Float32Array;
  /** The outer edges of the north-west pixel, degrees. */
  west: number;
  north: number;
  /** Pixel size, degrees. */
  dx: number;
  dy: number;
  description: string;
  /** Dataset metadata items (GDAL_METADATA), e.g. units, method, source. */
  metadata: Record<string, string>;
  tileSize?: number;
}

/** TIFF tags the writer sets. */
export const TAG = {
  ImageWidth: 256,
  ImageLength: 257,
  BitsPerSample: 258,
  Compression: 259,
  PhotometricInterpretation: 262,
  ImageDescription: 270,
  SamplesPerPixel: 277,
  PlanarConfiguration: 284,
  Software: 305,
  TileWidth: 322,
  TileLength: 323,
  TileOffsets: 324,
  TileByteCounts: 325,
  SampleFormat: 339,
  ModelPixelScale: 33550,
  ModelTiepoint: 33922,
  GeoKeyDirectory: 34735,
  GdalMetadata: 42112,
  GdalNodata: 42113,
} as const;

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;
const SIZE: Record<number, number> = { [SHORT]: 2, [LONG]: 4, [ASCII]: 1, [DOUBLE]: 8 };

type Entry = { tag: number; type: number; values: number[] | string };

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The GDAL_METADATA XML of dataset items. */
export const gdalMetadataXml = (items: Record<string, string>) =>
  `<GDALMetadata>${Object.entries(items)
    .map(([name, value]) => `<Item name="${escapeXml(name)}">${escapeXml(value)}</Item>`)
    .join("")}</GDALMetadata>`;

const utf8 = new TextEncoder();

/** The bytes of a text tag: UTF-8 (GDAL's reading of TIFF text), NUL-terminated; a NUL inside would end it, so none is kept. */
function textBytes(text: string): number[] {
  return [...utf8.encode(text.replace(/\0/g, ""))].concat(0);
}

/** The GeoTIFF file of one float32 band. */
export function writeGeoTiff(input: GeoTiffInput): Uint8Array<ArrayBuffer> {
  const { width, height, values, tileSize = 256 } = input;
  if (values.length !== width * height) throw new Error(`expected ${width * height} values, got ${values.length}`);
  const across = Math.ceil(width / tileSize);
  const down = Math.ceil(height / tileSize);
  // tiles row by row, each padded with NaN to the full tile, deflated
  const tiles: Uint8Array[] = [];
  for (let ty = 0; ty < down; ty++) {
    for (let tx = 0; tx < across; tx++) {
      const tile = new Float32Array(tileSize * tileSize).fill(NaN);
      for (let y = 0; y < tileSize && ty * tileSize + y < height; y++) {
        const from = (ty * tileSize + y) * width + tx * tileSize;
        const n = Math.min(tileSize, width - tx * tileSize);
        tile.set(values.subarray(from, from + n), y * tileSize);
      }
      // float32 little-endian, as the header says ("II")
      tiles.push(new Uint8Array(deflateSync(new Uint8Array(tile.buffer), { level: 6 })));
    }
  }
  const entries: Entry[] = [
    { tag: TAG.ImageWidth, type: LONG, values: [width] },
    { tag: TAG.ImageLength, type: LONG, values: [height] },
    { tag: TAG.BitsPerSample, type: SHORT, values: [32] },
    { tag: TAG.Compression, type: SHORT, values: [8] }, // deflate (Adobe)
    { tag: TAG.PhotometricInterpretation, type: SHORT, values: [1] }, // black is zero
    { tag: TAG.ImageDescription, type: ASCII, values: input.description },
    { tag: TAG.SamplesPerPixel, type: SHORT, values: [1] },
    { tag: TAG.PlanarConfiguration, type: SHORT, values: [1] },
    { tag: TAG.Software, type: ASCII, values: "SACAP" },
    { tag: TAG.TileWidth, type: SHORT, values: [tileSize] },
    { tag: TAG.TileLength, type: SHORT, values: [tileSize] },
    { tag: TAG.TileOffsets, type: LONG, values: tiles.map(() => 0) },
    { tag: TAG.TileByteCounts, type: LONG, values: tiles.map((t) => t.length) },
    { tag: TAG.SampleFormat, type: SHORT, values: [3] }, // IEEE floating point
    { tag: TAG.ModelPixelScale, type: DOUBLE, values: [input.dx, input.dy, 0] },
    { tag: TAG.ModelTiepoint, type: DOUBLE, values: [0, 0, 0, input.west, input.north, 0] },
    {
      tag: TAG.GeoKeyDirectory,
      type: SHORT,
      // version 1.1.0, 4 keys: model type geographic, raster type pixel-is-area, WGS 84 (EPSG:4326), degrees
      values: [1, 1, 0, 4, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326, 2054, 0, 1, 9102],
    },
    { tag: TAG.GdalMetadata, type: ASCII, values: gdalMetadataXml(input.metadata) },
    { tag: TAG.GdalNodata, type: ASCII, values: "nan" },
  ];
  // layout: header (8), IFD (2 + 12 n + 4), the values that do not fit in 4 bytes, then the tiles
  const ifdSize = 2 + entries.length * 12 + 4;
  const bytesOf = (e: Entry) => (typeof e.values === "string" ? textBytes(e.values) : e.values).length * SIZE[e.type];
  let extra = 8 + ifdSize;
  const placed = entries.map((e) => {
    const size = bytesOf(e);
    if (size <= 4) return { e, at: -1 };
    extra += extra % 2; // word boundary
    const at = extra;
    extra += size;
    return { e, at };
  });
  extra += extra % 2;
  const tileOffsets: number[] = [];
  let end = extra;
  for (const t of tiles) {
    tileOffsets.push(end);
    end += t.length;
  }
  (entries.find((e) => e.tag === TAG.TileOffsets)!.values as number[]).splice(0, tiles.length, ...tileOffsets);
  const out = new Uint8Array(end);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49], 0);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  const write = (type: number, values: number[], at: number) =>
    values.forEach((v, i) => {
      if (type === SHORT) view.setUint16(at + i * 2, v, true);
      else if (type === LONG) view.setUint32(at + i * 4, v, true);
      else if (type === DOUBLE) view.setFloat64(at + i * 8, v, true);
      else out[at + i] = v;
    });
  placed.forEach(({ e, at }, k) => {
    const p = 10 + k * 12;
    const list = typeof e.values === "string" ? textBytes(e.values) : e.values;
    view.setUint16(p, e.tag, true);
    view.setUint16(p + 2, e.type, true);
    view.setUint32(p + 4, list.length, true);
    if (at < 0) write(e.type, list, p + 8);
    else {
      view.setUint32(p + 8, at, true);
      write(e.type, list, at);
    }
  });
  view.setUint32(10 + entries.length * 12, 0, true); // no further IFD
  tiles.forEach((t, i) => out.set(t, tileOffsets[i]));
  return out;
}
