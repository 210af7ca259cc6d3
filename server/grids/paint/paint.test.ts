import { describe, expect, it } from "vitest";
import { cellBounds, gridBounds, SOUTH_ASIA_AXES, type GridFieldSet, type GridQuery } from "../../../app/features/grids/grid";
import { scaleLevel, scalePalette } from "../../../app/features/grids/scale";
import { decodeIndexedPng } from "../testing/decode-png";
import { FIXTURE_AXES, fixtureField, isFixtureDisagreement, isFixtureSea } from "../testing/fixture-store";
import { framePixel, imageFrame, mercatorLat } from "./frame";
import { regionMask } from "./mask";
import { hatchIndex, PAINT_LEVELS, paintField, TRANSPARENT } from "./paint";

const query: GridQuery = { indicator: "tas", scenario: "ssp245", season: "annual", window: "2040-2059" };
const field = fixtureField(query);
const frame = imageFrame(FIXTURE_AXES, 8);
const everywhere = new Uint8Array(frame.width * frame.height).fill(1);

/** The decoded pixel at a place, and the cell there. */
function pixelAt(png: Uint8Array, lon: number, lat: number) {
  const image = decodeIndexedPng(png);
  const [x, y] = framePixel(frame, lon, lat).map(Math.floor);
  const index = image.pixels[y * image.width + x];
  return { index, rgba: image.palette[index] };
}

describe("the painted field", () => {
  it("covers the grid's bounds in Web Mercator: rows are taller to the north", () => {
    expect(frame.bounds).toEqual(gridBounds(FIXTURE_AXES));
    expect(frame.width).toBe(16 * 8);
    // 12 degrees of latitude at 20-32 N are longer than 12 degrees of longitude on the map
    expect(frame.height).toBeGreaterThan(12 * 8);
    expect(mercatorLat(frame, 0)).toBeCloseTo(32, 9);
    expect(mercatorLat(frame, frame.height)).toBeCloseTo(20, 9);
  });

  it("colours a cell by its value on the fitted scale", () => {
    const painted = paintField(field, "change", frame, everywhere);
    for (const [row, column] of [
      [5, 8],
      [3, 12],
      [10, 6],
    ]) {
      const { lat, lon } = cellBounds(FIXTURE_AXES, row, column);
      const value = field.change[row * FIXTURE_AXES.columns + column];
      const level = scaleLevel(painted.scale, value);
      const { index, rgba } = pixelAt(painted.png, lon + 0.3, lat + 0.3);
      expect(index).toBe(level + 1);
      expect(rgba).toEqual([...scalePalette(painted.scale)[level], 255]);
    }
    expect(painted.scale).toMatchObject({ kind: "diverging", ramp: "temperatureChange" });
  });

  it("honours scale=min,max: a value above max takes the top colour", () => {
    const painted = paintField(field, "change", frame, everywhere, { min: -0.5, max: 0.5 });
    expect(painted.scale).toMatchObject({ min: -0.5, max: 0.5, fitted: false });
    const { lat, lon } = cellBounds(FIXTURE_AXES, 5, 8);
    expect(pixelAt(painted.png, lon + 0.3, lat + 0.3).index).toBe(PAINT_LEVELS);
  });

  it("is transparent over the sea", () => {
    const painted = paintField(field, "change", frame, everywhere);
    const { lat, lon } = cellBounds(FIXTURE_AXES, 0, 14);
    expect(isFixtureSea(0, 14)).toBe(true);
    const { index, rgba } = pixelAt(painted.png, lon, lat);
    expect(index).toBe(TRANSPARENT);
    expect(rgba[3]).toBe(0);
  });

  it("hatches a change where fewer than 80 % of the models agree, and nowhere else", () => {
    const painted = paintField(field, "change", frame, everywhere);
    const image = decodeIndexedPng(painted.png);
    const hatchedCells = new Set<number>();
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        if (image.pixels[y * image.width + x] !== hatchIndex(painted.scale)) continue;
        const lat = mercatorLat(frame, y + 0.5);
        const lon = frame.bounds.west + ((x + 0.5) / frame.width) * (frame.bounds.east - frame.bounds.west);
        const row = Math.floor(lat - 20);
        const column = Math.floor(lon - 72);
        expect(isFixtureDisagreement(row, column), `${row},${column}`).toBe(true);
        expect(field.agreement[row * 16 + column]).toBeLessThan(0.8);
        hatchedCells.add(row * 16 + column);
      }
    }
    // every cell of the region of low agreement (4 x 4) has hatching
    expect(hatchedCells.size).toBe(16);
    // values are not hatched
    for (const statistic of ["baseline", "agreement"] as const) {
      const values = paintField(field, statistic, frame, everywhere);
      expect(decodeIndexedPng(values.png).pixels.includes(hatchIndex(values.scale)), statistic).toBe(false);
    }
  });

  it("paints an agreement of 0.79 (not robust) and one of 0.80 (robust) in different colours, each in its legend class", () => {
    const agreement = Float32Array.from(field.agreement);
    const at = (row: number, column: number) => row * FIXTURE_AXES.columns + column;
    const shares: [number, number, number][] = [
      [5, 8, 0.79],
      [5, 9, 0.8],
      [5, 10, 27 / 35],
      [5, 11, 28 / 35],
      [6, 8, 1],
    ];
    for (const [row, column, share] of shares) agreement[at(row, column)] = share;
    const painted = paintField({ ...field, agreement }, "agreement", frame, everywhere);
    const colour = (row: number, column: number) => {
      const { lat, lon } = cellBounds(FIXTURE_AXES, row, column);
      return pixelAt(painted.png, lon, lat).rgba.join(",");
    };
    expect(painted.scale.breaks).toContain(0.8);
    expect(colour(5, 8)).not.toBe(colour(5, 9));
    expect(colour(5, 10)).not.toBe(colour(5, 11));
    // the robust class is one colour from 0.8 to 1; below it the class of 0.6-0.8
    expect(colour(5, 9)).toBe(colour(6, 8));
    expect(colour(5, 11)).toBe(colour(5, 9));
    expect(colour(5, 10)).toBe(colour(5, 8));
  });

  it("is transparent outside the region: the eight countries by default, one country or basin when asked", () => {
    const countries = regionMask(undefined, frame)!;
    const nepal = regionMask("NPL", frame)!;
    const ganges = regionMask("ganges", frame)!;
    expect(regionMask("atlantis", frame)).toBeUndefined();
    const kathmandu = [85.3, 27.7] as const;
    const delhi = [77.2, 28.6] as const;
    const tibet = [86, 31.5] as const;
    const index = (mask: Uint8Array, [lon, lat]: readonly [number, number]) => pixelAt(paintField(field, "change", frame, mask).png, lon, lat).index;
    expect(index(countries, kathmandu)).not.toBe(TRANSPARENT);
    expect(index(countries, delhi)).not.toBe(TRANSPARENT);
    expect(index(countries, tibet)).toBe(TRANSPARENT);
    expect(index(nepal, kathmandu)).not.toBe(TRANSPARENT);
    expect(index(nepal, delhi)).toBe(TRANSPARENT);
    expect(index(ganges, delhi)).not.toBe(TRANSPARENT);
    expect(index(ganges, tibet)).toBe(TRANSPARENT);
    // a country's mask lies within the eight countries'
    const count = (m: Uint8Array) => m.reduce((n, v) => n + v, 0);
    expect(count(nepal)).toBeGreaterThan(0);
    expect(count(nepal.map((v, i) => v & countries[i]))).toBe(count(nepal));
  });

  it("keeps a South Asia field under 60 KB, with hatching over half of it", () => {
    const { rows, columns } = SOUTH_ASIA_AXES;
    const cells = rows * columns;
    const change = new Float32Array(cells);
    const agreement = new Float32Array(cells);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < columns; c++) {
        const i = r * columns + c;
        change[i] = 1.5 + Math.sin(r / 7) * Math.cos(c / 11) + 0.5 * Math.sin((r + c) / 4) + 0.2 * Math.cos(r / 2.3);
        agreement[i] = Math.sin(r / 13 + c / 17) > 0 ? 0.6 : 0.9;
      }
    const big: GridFieldSet = { ...field, axes: SOUTH_ASIA_AXES, change, agreement, baseline: change, future: change, p10: change, p90: change };
    const southAsia = imageFrame(SOUTH_ASIA_AXES);
    expect([southAsia.width, southAsia.height]).toEqual([640, 619]);
    const painted = paintField(big, "change", southAsia, regionMask(undefined, southAsia)!);
    expect(painted.png.length).toBeLessThanOrEqual(60 * 1024);
    expect(decodeIndexedPng(painted.png).pixels.includes(hatchIndex(painted.scale))).toBe(true);
  });
});
