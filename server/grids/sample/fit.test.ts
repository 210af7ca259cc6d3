import { describe, expect, it } from "vitest";
import type { GridAxes } from "../../../app/features/grids/grid";
import type { GeoFeature } from "../../series/ingest/masks";
import { placeMeans } from "../../series/ingest/spells";
import { PlaceFit } from "./fit";
import { layOut, sampleGeometry } from "./geometry";
import { spread } from "./pattern";

const square = (code: string, west: number, south: number, east: number, north: number): GeoFeature => ({
  code,
  geometry: { type: "Polygon", coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] },
});

// 1° cells over 10-30°N, 70-90°E
const axes: GridAxes = { lat0: 10.5, lon0: 70.5, dlat: 1, dlon: 1, rows: 20, columns: 20 };
const features: GeoFeature[] = [
  square("big", 71.3, 11.2, 84.6, 24.9),
  // overlaps "big" in part and reaches beyond it
  square("across", 80.2, 18.7, 88.8, 28.4),
  // inside "big"
  square("nested", 74.1, 13.6, 78.3, 16.2),
  // a small island inside one cell, away from the others
  square("island", 87.2, 12.3, 87.5, 12.6),
  // south of the grid: no cells
  square("south", 73, 3, 74, 4),
];

describe("the sample fit", () => {
  const geometry = sampleGeometry(axes, features);
  const fit = new PlaceFit(geometry);

  it("has the places with cells as constraints, and land where some place is", () => {
    expect(geometry.constrained.map((p) => geometry.masks[p].code)).toEqual(["big", "across", "nested", "island"]);
    const covered = new Set(geometry.masks.flatMap((m) => [...m.cells]));
    expect([...geometry.landCells]).toEqual([...covered].sort((a, b) => a - b));
    expect(geometry.masks.find((m) => m.code === "island")!.cells.length).toBe(1);
  });

  it("gives overlapping, nested and tiny places their targets exactly (the ingest's place means)", () => {
    for (const targets of [[10, -3, 250, 0.5], [0, 0, 0, 0], [1e4, 2e4, -5e3, 7]]) {
      const start = Float64Array.from(geometry.landCells, (cell, j) => Math.sin(cell * 0.37) * 5 + j * 0.01);
      const fitted = fit.fit(start, Float64Array.from(targets));
      const grid = layOut(geometry, fitted, new Float64Array(geometry.cells), NaN);
      const means = placeMeans(geometry.masks, (cell) => grid[cell]);
      targets.forEach((t, p) => expect(Math.abs(means.get(geometry.masks[geometry.constrained[p]].code)! - t)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(t))));
      expect(Number.isNaN(means.get("south")!)).toBe(true);
    }
  });

  it("leaves a place without a target to the others", () => {
    const targets = Float64Array.from([10, NaN, 250, 0.5]);
    const fitted = fit.fit(spread(geometry, targets), targets);
    expect(fitted.every((v) => Number.isFinite(v))).toBe(true);
    const grid = layOut(geometry, fitted, new Float64Array(geometry.cells), NaN);
    const means = placeMeans(geometry.masks, (cell) => grid[cell]);
    for (const [code, t] of [["big", 10], ["nested", 250], ["island", 0.5]] as const) expect(Math.abs(means.get(code)! - t)).toBeLessThanOrEqual(1e-9 * t);
  });

  it("leaves a field that already has its targets as it is", () => {
    const flat = new Float64Array(geometry.landCells.length).fill(4);
    const fitted = fit.fit(flat.slice(), Float64Array.from([4, 4, 4, 4]));
    expect(Array.from(fitted)).toEqual(Array.from(flat));
    // spreading equal values gives that value everywhere
    expect(spread(geometry, Float64Array.from([4, 4, 4, 4])).every((v) => Math.abs(v - 4) < 1e-12)).toBe(true);
  });

  it("keeps a field within a range and at its targets where the range allows them (the means followed through the clamps)", () => {
    const targets = Float64Array.from([3, 1.5, 6, 0.5]);
    // a start that dips far below zero: the clamps move many cells, the corrections move them back
    const start = Float64Array.from(geometry.landCells, (cell) => Math.sin(cell * 0.37) * 8);
    const fitted = fit.fit(start, targets, { min: 0, max: Infinity });
    expect(fitted.every((v) => v >= 0)).toBe(true);
    const grid = layOut(geometry, fitted, new Float64Array(geometry.cells), NaN);
    const means = placeMeans(geometry.masks, (cell) => grid[cell]);
    targets.forEach((t, p) => expect(Math.abs(means.get(geometry.masks[geometry.constrained[p]].code)! - t)).toBeLessThanOrEqual(1e-6 * t));
  });

  it("refuses two places with the same cells (their means cannot differ)", () => {
    expect(() => new PlaceFit(sampleGeometry(axes, [square("a", 72, 12, 76, 16), square("b", 72, 12, 76, 16)]))).toThrow(/same cells/);
  });
});
