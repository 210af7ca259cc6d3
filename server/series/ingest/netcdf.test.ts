import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openGridVariable, type GridVariable } from "./netcdf";
import { writeTestNetcdf } from "./testing/write-netcdf";

/**
 * Reading a box of days, whole or only some of its cells: the same values in the portal's units, fill
 * values (the file's own, CF's default, NaN) missing either way.
 */
const LAT = [10.5, 11.5, 12.5, 13.5];
const LON = [80.5, 81.5, 82.5, 83.5, 84.5];
const DAYS = 6;
const FILL = -999;
/** K: 300 + t + row / 10 + column / 100, with holes: the file's fill, CF's 1e20 and NaN. */
function kelvin(t: number, r: number, c: number): number {
  if (t === 1 && r === 2 && c === 3) return FILL;
  if (t === 4 && r === 1 && c === 1) return 1e20;
  if (t === 5 && r === 3 && c === 4) return NaN;
  return 300 + t + r / 10 + c / 100;
}

let dir: string;
let grid: GridVariable;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-netcdf-"));
  const file = path.join(dir, "tas_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2015.nc");
  await writeTestNetcdf({
    path: file,
    variable: "tas",
    units: "K",
    lat: LAT,
    lon: LON,
    time: Array.from({ length: DAYS }, (_, t) => t + 0.5),
    timeUnits: "days since 2015-01-01 00:00:00",
    calendar: "noleap",
    fillValue: FILL,
    chunkDays: 2,
    value: kelvin,
  });
  grid = await openGridVariable(file, "tas");
});

afterAll(() => {
  grid?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GridVariable.read", () => {
  it("reads a box of days in °C, fill values and NaN as missing", () => {
    // rows 1-3, columns 1-4, days 1-5
    const box = grid.read(1, 6, 1, 4, 1, 5);
    expect(box.length).toBe(5 * 3 * 4);
    for (let t = 1; t < 6; t++)
      for (let r = 1; r < 4; r++)
        for (let c = 1; c < 5; c++) {
          const value = box[((t - 1) * 3 + (r - 1)) * 4 + (c - 1)];
          const k = kelvin(t, r, c);
          if (k === FILL || k === 1e20 || Number.isNaN(k)) expect(value, `day ${t} row ${r} column ${c}`).toBeNaN();
          else expect(value).toBeCloseTo(k - 273.15, 4);
        }
  });

  it("reads only the cells asked for, in their order, the same values as the whole box", () => {
    const whole = grid.read(0, DAYS, 0, 4, 0, 5);
    const cells = Uint32Array.from([13, 0, 6, 19, 18]); // (2,3) with a fill on day 1, (1,1) with 1e20 on day 4, (3,4) NaN on day 5
    const picked = grid.read(0, DAYS, 0, 4, 0, 5, cells);
    expect(picked.length).toBe(DAYS * cells.length);
    for (let t = 0; t < DAYS; t++)
      cells.forEach((cell, k) => {
        expect(Object.is(picked[t * cells.length + k], whole[t * 20 + cell]), `day ${t} cell ${cell}`).toBe(true);
      });
    expect(picked[1 * cells.length + 0]).toBeNaN();
    expect(picked[4 * cells.length + 2]).toBeNaN();
    expect(picked[5 * cells.length + 3]).toBeNaN();
    expect(() => grid.read(0, 1, 0, 2, 0, 2, Uint32Array.from([4]))).toThrow(/outside the 4 cells/);
  });
});
