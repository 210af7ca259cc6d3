import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { TAG, writeGeoTiff } from "./geotiff";

/** The tags of a little-endian TIFF's first IFD, read from the specification apart from the writer. */
function readTiff(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(String.fromCharCode(bytes[0], bytes[1])).toBe("II");
  expect(view.getUint16(2, true)).toBe(42);
  const ifd = view.getUint32(4, true);
  const count = view.getUint16(ifd, true);
  const size: Record<number, number> = { 2: 1, 3: 2, 4: 4, 12: 8 };
  const tags = new Map<number, number[] | string>();
  let previous = 0;
  for (let k = 0; k < count; k++) {
    const p = ifd + 2 + k * 12;
    const tag = view.getUint16(p, true);
    expect(tag).toBeGreaterThan(previous); // ascending, as TIFF requires
    previous = tag;
    const type = view.getUint16(p + 2, true);
    const n = view.getUint32(p + 4, true);
    const at = n * size[type] <= 4 ? p + 8 : view.getUint32(p + 8, true);
    const values = Array.from({ length: n }, (_, i) =>
      type === 3 ? view.getUint16(at + i * 2, true) : type === 4 ? view.getUint32(at + i * 4, true) : type === 12 ? view.getFloat64(at + i * 8, true) : bytes[at + i],
    );
    tags.set(tag, type === 2 ? new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(values.slice(0, -1))) : values);
  }
  return { ifd, tags, end: ifd + 2 + count * 12 + 4 };
}

const width = 300;
const height = 260;
const values = Float32Array.from({ length: width * height }, (_, i) => (i % 97 === 0 ? NaN : (i % width) * 0.01 - Math.floor(i / width) * 0.02));
const tiff = writeGeoTiff({
  width,
  height,
  values,
  west: 60,
  north: 40,
  dx: 0.25,
  dy: 0.125,
  description: "Change of tas (°C) on 0.25° cells, ensemble median (IPCC AR6 WGI Atlas method, Gutiérrez et al. 2021)",
  metadata: { units: "°C", method: "median of model changes on 0.25° cells", references: "IPCC AR6 WGI Atlas (Gutiérrez et al. 2021); CF-1.8" },
});

describe("the GeoTIFF writer", () => {
  const { ifd, tags, end } = readTiff(tiff);

  it("puts the IFD first and the tiles after every tag value", () => {
    expect(ifd).toBe(8);
    const offsets = tags.get(TAG.TileOffsets) as number[];
    const counts = tags.get(TAG.TileByteCounts) as number[];
    // 300 x 260 in 256 x 256 tiles: 2 across, 2 down
    expect(offsets).toHaveLength(4);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(end);
    expect(offsets[offsets.length - 1] + counts[counts.length - 1]).toBe(tiff.length);
  });

  it("tags a tiled float32 raster in WGS 84 with its pixel scale, tie point, nodata and provenance", () => {
    expect(tags.get(TAG.ImageWidth)).toEqual([width]);
    expect(tags.get(TAG.ImageLength)).toEqual([height]);
    expect(tags.get(TAG.TileWidth)).toEqual([256]);
    expect(tags.get(TAG.TileLength)).toEqual([256]);
    expect(tags.get(TAG.BitsPerSample)).toEqual([32]);
    expect(tags.get(TAG.SampleFormat)).toEqual([3]);
    expect(tags.get(TAG.ModelPixelScale)).toEqual([0.25, 0.125, 0]);
    expect(tags.get(TAG.ModelTiepoint)).toEqual([0, 0, 0, 60, 40, 0]);
    expect(tags.get(TAG.GeoKeyDirectory)).toEqual([1, 1, 0, 4, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326, 2054, 0, 1, 9102]);
    expect(tags.get(TAG.GdalNodata)).toBe("nan");
    expect(tags.get(TAG.ImageDescription)).toContain("IPCC AR6");
    expect(tags.get(TAG.GdalMetadata)).toContain('<Item name="references">IPCC AR6 WGI Atlas (Gutiérrez et al. 2021); CF-1.8</Item>');
  });

  it("keeps text beyond ASCII as UTF-8, as GDAL writes and reads it", () => {
    expect(tags.get(TAG.ImageDescription)).toBe("Change of tas (°C) on 0.25° cells, ensemble median (IPCC AR6 WGI Atlas method, Gutiérrez et al. 2021)");
    expect(tags.get(TAG.GdalMetadata)).toContain('<Item name="units">°C</Item>');
  });

  it("holds the values, NaN for no value, tile by tile", () => {
    const offsets = tags.get(TAG.TileOffsets) as number[];
    const counts = tags.get(TAG.TileByteCounts) as number[];
    // the second tile across, first down: columns 256-299 of rows 0-255
    const raw = unzlibSync(tiff.subarray(offsets[1], offsets[1] + counts[1]));
    const tile = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
    expect(tile[0]).toBe(values[256]);
    expect(tile[3 * 256 + 10]).toBe(values[3 * width + 266]);
    expect(Number.isNaN(tile[50])).toBe(true); // past the image's right edge
  });

  it("reads in GDAL as a tiled EPSG:4326 raster with NaN nodata, its text as written", (context) => {
    let hasGdal = true;
    try {
      execFileSync("gdalinfo", ["--version"], { stdio: "ignore" });
    } catch {
      hasGdal = false;
    }
    if (!hasGdal) {
      console.warn("gdalinfo is not installed (Debian: gdal-bin): the GDAL reading of the GeoTIFF is not checked");
      context.skip();
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), "geotiff-"));
    try {
      const file = path.join(dir, "field.tif");
      writeFileSync(file, tiff);
      const info = JSON.parse(execFileSync("gdalinfo", ["-json", file], { encoding: "utf8" })) as {
        size: number[];
        geoTransform: number[];
        coordinateSystem: { wkt: string };
        bands: { type: string; block: number[]; noDataValue: unknown }[];
        metadata: Record<string, Record<string, string>>;
      };
      expect(info.size).toEqual([width, height]);
      expect(info.geoTransform).toEqual([60, 0.25, 0, 40, 0, -0.125]);
      expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",4326\]\]$/);
      expect(info.bands[0]).toMatchObject({ type: "Float32", block: [256, 256], noDataValue: "NaN" });
      expect(info.metadata[""]).toMatchObject({
        units: "°C",
        method: "median of model changes on 0.25° cells",
        references: "IPCC AR6 WGI Atlas (Gutiérrez et al. 2021); CF-1.8",
        TIFFTAG_IMAGEDESCRIPTION: "Change of tas (°C) on 0.25° cells, ensemble median (IPCC AR6 WGI Atlas method, Gutiérrez et al. 2021)",
      });
      // a value at a place: row 3, column 266 (centre 60 + 266.5 * 0.25 E, 40 - 3.5 * 0.125 N)
      const at = execFileSync("gdallocationinfo", ["-valonly", "-wgs84", file, String(60 + 266.5 * 0.25), String(40 - 3.5 * 0.125)], { encoding: "utf8" });
      expect(Number(at.trim())).toBeCloseTo(values[3 * width + 266], 5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
