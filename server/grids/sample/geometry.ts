import { setImmediate as nextTurn } from "node:timers/promises";
import type { GridAxes } from "../../../app/features/grids/grid";
import { computeMasks, type GeoFeature, type GeoMask } from "../../series/ingest/masks";

/**
 * The places on the sample grid, computed once per store: the masks the ingest weights place means with
 * (`computeMasks`: each cell weighted by the area of its intersection with the outline), the land cells
 * (those some place covers; the others are sea or outside every place and have no value), and for each
 * place with cells a smooth bump (its share of each cell, blurred) that the fit adds in multiples of.
 * Fields are built over the land cells only (arrays in `landCells` order) and laid out on the grid at the end.
 */

/** Gaussian blur of the place bumps, in cells (0.25°): corrections fade over about a degree. */
const BLUR_SIGMA = 1.5;

/** Values over the land cells: positions in `SampleGeometry.landCells` and a value for each. */
export interface LandWeights {
  land: Uint32Array;
  values: Float64Array;
}

export interface SampleGeometry {
  axes: GridAxes;
  cells: number;
  /** Cell-centre latitudes and longitudes (as the masks were computed on). */
  lat: Float64Array;
  lon: Float64Array;
  /** Every place's mask, in the order of the features (a place outside the grid has none: no cells). */
  masks: GeoMask[];
  /** Indices of the land cells (those some place covers), ascending; fields are built over these only. */
  landCells: Uint32Array;
  /** Row and column of each land cell. */
  landRow: Uint16Array;
  landColumn: Uint16Array;
  /** Indices into `masks` of the places with cells: the constraints of the fit. */
  constrained: number[];
  /** Per constrained place: its mask on the land cells (the masks' cell-area weights). */
  places: LandWeights[];
  /** Per constrained place: its smooth bump, max 1, where it is above 1e-9. */
  bumps: LandWeights[];
  /** Per land cell: 1 / the sum of the bumps (for `spread`). */
  bumpNorm: Float64Array;
}

/** Cell centres of regular axes. */
export function axisCentres(axes: GridAxes): { lat: Float64Array; lon: Float64Array } {
  return {
    lat: Float64Array.from({ length: axes.rows }, (_, r) => axes.lat0 + r * axes.dlat),
    lon: Float64Array.from({ length: axes.columns }, (_, c) => axes.lon0 + c * axes.dlon),
  };
}

/** Separable Gaussian blur of a row-major field (edges: the kernel renormalised to the cells inside). */
function blur(field: Float64Array, rows: number, columns: number, sigma: number): Float64Array {
  const radius = Math.ceil(3 * sigma);
  const kernel = Float64Array.from({ length: 2 * radius + 1 }, (_, k) => Math.exp(-((k - radius) ** 2) / (2 * sigma * sigma)));
  const pass = (input: Float64Array, along: "row" | "column") => {
    const out = new Float64Array(input.length);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        let sum = 0;
        let weight = 0;
        for (let k = -radius; k <= radius; k++) {
          const rr = along === "column" ? r + k : r;
          const cc = along === "row" ? c + k : c;
          if (rr < 0 || rr >= rows || cc < 0 || cc >= columns) continue;
          const kw = kernel[k + radius];
          sum += kw * input[rr * columns + cc];
          weight += kw;
        }
        out[r * columns + c] = sum / weight;
      }
    }
    return out;
  };
  return pass(pass(field, "row"), "column");
}

export function sampleGeometry(axes: GridAxes, features: readonly GeoFeature[]): SampleGeometry {
  const { lat, lon } = axisCentres(axes);
  return geometryOf(axes, lat, lon, computeMasks(lat, lon, features).masks);
}

/**
 * `sampleGeometry` one outline at a time, letting the server answer other requests between them (the
 * masks of the 24 places take a second or two).
 */
export async function sampleGeometryInTurns(axes: GridAxes, features: readonly GeoFeature[]): Promise<SampleGeometry> {
  const { lat, lon } = axisCentres(axes);
  const masks: GeoMask[] = [];
  for (const feature of features) {
    masks.push(computeMasks(lat, lon, [feature]).masks[0]);
    await nextTurn();
  }
  return geometryOf(axes, lat, lon, masks);
}

function geometryOf(axes: GridAxes, lat: Float64Array, lon: Float64Array, masks: GeoMask[]): SampleGeometry {
  const cells = axes.rows * axes.columns;
  const landIndex = new Int32Array(cells).fill(-1);
  for (const mask of masks) for (const cell of mask.cells) landIndex[cell] = 0;
  const landCells = Uint32Array.from({ length: cells }, (_, i) => i).filter((i) => landIndex[i] === 0);
  landCells.forEach((cell, j) => (landIndex[cell] = j));
  // a cell's area in the masks' equal-area units (degrees of longitude x sin latitude)
  const rad = Math.PI / 180;
  const cellArea = (cell: number) => {
    const y = lat[Math.floor(cell / axes.columns)];
    return axes.dlon * Math.abs(Math.sin((y + axes.dlat / 2) * rad) - Math.sin((y - axes.dlat / 2) * rad));
  };
  const constrained = masks.flatMap((mask, p) => (mask.cells.length > 0 ? [p] : []));
  const places = constrained.map((p) => ({ land: Uint32Array.from(masks[p].cells, (cell) => landIndex[cell]), values: masks[p].weights }));
  const bumps = constrained.map((p) => {
    const share = new Float64Array(cells);
    const mask = masks[p];
    mask.cells.forEach((cell, k) => (share[cell] = Math.min(1, mask.weights[k] / cellArea(cell))));
    const smooth = blur(share, axes.rows, axes.columns, BLUR_SIGMA);
    const top = landCells.reduce((max, cell) => Math.max(max, smooth[cell]), 0);
    const on = landCells.filter((cell) => smooth[cell] / top > 1e-9);
    return { land: Uint32Array.from(on, (cell) => landIndex[cell]), values: Float64Array.from(on, (cell) => smooth[cell] / top) };
  });
  const bumpSum = new Float64Array(landCells.length);
  for (const { land, values } of bumps) for (let k = 0; k < land.length; k++) bumpSum[land[k]] += values[k];
  return {
    axes,
    cells,
    lat,
    lon,
    masks,
    landCells,
    landRow: Uint16Array.from(landCells, (cell) => Math.floor(cell / axes.columns)),
    landColumn: Uint16Array.from(landCells, (cell) => cell % axes.columns),
    constrained,
    places,
    bumps,
    bumpNorm: bumpSum.map((v) => 1 / v),
  };
}

/** A field over the land cells laid out on the whole grid (`out`, `fill` off land: NaN for values, 0 for counts). */
export function layOut<T extends Float64Array | Float32Array | Uint8Array | Int8Array>(geometry: SampleGeometry, land: ArrayLike<number>, out: T, fill: number): T {
  out.fill(fill);
  const { landCells } = geometry;
  for (let j = 0; j < landCells.length; j++) out[landCells[j]] = land[j];
  return out;
}
