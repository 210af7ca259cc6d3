import type { SampleGeometry } from "./geometry";

/**
 * Makes a field's place means equal given values, all places at once. Countries and basins overlap (a
 * basin spans several countries, Bhutan lies inside the Brahmaputra basin), so the places cannot be set one
 * after the other. The field is corrected by adding a multiple of each place's smooth bump
 * (`SampleGeometry.bumps`); the place means are linear in the multiples, so the multiples solve one small
 * linear system (one equation and one unknown per place with cells): A c = target - means(field), where
 * A[p][q] is the mean of bump q over place p. A is factorised once per grid and set of places with a
 * target (LU with partial pivoting; a place without a target, NaN, is left to the others) and each fit is a
 * direct solve followed by iterative refinement (the residual of the corrected field solved again) until
 * every place mean is within 1e-12 of its target, relative to the values' size. The place means are
 * computed over the cells once per fit and then kept up to date without passing over every place's cells
 * again: a correction moves them by A c (they are linear in the multiples) and the physical range's clamp
 * by the moved cells' weights alone (`cellPlaces`). The means are the ingest's (`placeMeans` in `server/series/ingest/spells.ts`): the masks' cell-area
 * weights, summed over the place's cells. Fields are arrays over the land cells (`landCells` order).
 */
export class PlaceFit {
  private readonly n: number;
  /** A, row-major. */
  private readonly a: Float64Array;
  /** LU factors of A restricted to the places with targets, per set of those places. */
  private readonly factors = new Map<string, Factors>();
  private readonly totals: Float64Array;
  /**
   * Per land cell, the places it lies in and its weight in each one's mean (the mask's weight over the
   * place's total), as a compressed list: the entries of land cell j are `start[j]` to `start[j + 1]`.
   */
  private readonly cellPlaces: { start: Uint32Array; place: Uint16Array; weight: Float64Array };

  constructor(private readonly geometry: SampleGeometry) {
    const { places, bumps, landCells } = geometry;
    const n = places.length;
    this.n = n;
    this.totals = Float64Array.from(places, ({ values }) => values.reduce((sum, w) => sum + w, 0));
    const start = new Uint32Array(landCells.length + 1);
    for (const { land } of places) for (let k = 0; k < land.length; k++) start[land[k] + 1]++;
    for (let j = 0; j < landCells.length; j++) start[j + 1] += start[j];
    const next = start.slice(0, landCells.length);
    const place = new Uint16Array(start[landCells.length]);
    const weight = new Float64Array(start[landCells.length]);
    places.forEach(({ land, values }, p) => {
      for (let k = 0; k < land.length; k++) {
        const at = next[land[k]]++;
        place[at] = p;
        weight[at] = values[k] / this.totals[p];
      }
    });
    this.cellPlaces = { start, place, weight };
    // column q of A: the place means of bump q
    const a = new Float64Array(n * n);
    const field = new Float64Array(landCells.length);
    bumps.forEach((bump, q) => {
      field.fill(0);
      bump.land.forEach((j, k) => (field[j] = bump.values[k]));
      this.means(field).forEach((mean, p) => (a[p * n + q] = mean));
    });
    this.a = a;
    // every place: fails at once when two places cannot be told apart
    this.factorsOf(Array.from({ length: n }, (_, p) => p));
  }

  private factorsOf(places: number[]): Factors {
    const key = places.join(",");
    let found = this.factors.get(key);
    if (!found) {
      const m = places.length;
      const sub = new Float64Array(m * m);
      places.forEach((p, i) => places.forEach((q, j) => (sub[i * m + j] = this.a[p * this.n + q])));
      found = factorise(sub, m, places);
      this.factors.set(key, found);
    }
    return found;
  }

  /** The weighted mean of a land field over each constrained place (every land cell has a value). */
  means(field: ArrayLike<number>): Float64Array {
    const { places } = this.geometry;
    const out = new Float64Array(places.length);
    for (let p = 0; p < places.length; p++) {
      const { land, values } = places[p];
      let sum = 0;
      for (let k = 0; k < land.length; k++) sum += field[land[k]] * values[k];
      out[p] = sum / this.totals[p];
    }
    return out;
  }

  /**
   * `field` corrected in place so that its mean over each constrained place is `targets[p]` (in
   * `geometry.constrained` order); places whose target is NaN are not constrained (nor corrected by their bumps).
   */
  fit(field: Float64Array, targets: Float64Array, bounds?: PhysicalBounds): Float64Array {
    // the place means of the field, kept up to date through the corrections and clamps below
    const means = this.means(field);
    this.solveExact(field, targets, means);
    if (!bounds) return field;
    // alternate between the place means and the physical range (projections onto the two sets): where the
    // sample places agree with each other this converges to a field that meets both; where they contradict
    // each other (no field in range has those means) the range wins and the means come as close as it lets
    for (let round = 0; round < BOUND_ROUNDS; round++) {
      if (this.clamp(field, bounds, means) === 0) return field;
      this.solveExact(field, targets, means);
    }
    this.clamp(field, bounds, means);
    return field;
  }

  /** Corrects `field` (whose place means are `means`, kept up to date) to the targets. */
  private solveExact(field: Float64Array, targets: Float64Array, means: Float64Array): Float64Array {
    const { bumps } = this.geometry;
    const places: number[] = [];
    let scale = 1;
    targets.forEach((t, p) => {
      if (Number.isNaN(t)) return;
      places.push(p);
      scale = Math.max(scale, Math.abs(t));
    });
    if (places.length === 0) return field;
    const factors = this.factorsOf(places);
    const { n, a } = this;
    for (let round = 0; round < 4; round++) {
      const residual = Float64Array.from(places, (p) => targets[p] - means[p]);
      if (residual.every((r) => Math.abs(r) <= 1e-12 * scale)) break;
      const c = solve(factors, residual);
      places.forEach((q, i) => {
        const { land, values } = bumps[q];
        const cq = c[i];
        for (let k = 0; k < land.length; k++) field[land[k]] += cq * values[k];
        // the means move by column q of A times the multiple
        for (let p = 0; p < n; p++) means[p] += a[p * n + q] * cq;
      });
    }
    return field;
  }

  /**
   * Moves every value into the range, the place means (`means`) with them; how many values were outside
   * (by more than rounding).
   */
  private clamp(field: Float64Array, { min, max }: PhysicalBounds, means: Float64Array): number {
    const { start, place, weight } = this.cellPlaces;
    let moved = 0;
    const slack = 1e-9 * Math.max(1, Math.abs(max === Infinity ? min : max));
    for (let i = 0; i < field.length; i++) {
      const v = field[i];
      if (!(v < min || v > max)) continue;
      const to = v < min ? min : max;
      if (v < min - slack || v > max + slack) moved++;
      field[i] = to;
      for (let e = start[i]; e < start[i + 1]; e++) means[place[e]] += (to - v) * weight[e];
    }
    return moved;
  }
}

/** The range an indicator's values can take: amounts and counts of days are never negative, and no count passes the days of its period. */
export interface PhysicalBounds {
  min: number;
  max: number;
}

/** Rounds of fitting and clamping before the range is imposed on what is left. */
const BOUND_ROUNDS = 40;

/** LU factors in one row-major matrix (unit lower triangle implied) and the row permutation. */
interface Factors {
  lu: Float64Array;
  pivot: Int32Array;
}

function solve({ lu, pivot }: Factors, b: Float64Array): Float64Array {
  const n = pivot.length;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = b[pivot[i]];
  for (let i = 0; i < n; i++) for (let k = 0; k < i; k++) x[i] -= lu[i * n + k] * x[k];
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) x[i] -= lu[i * n + k] * x[k];
    x[i] /= lu[i * n + i];
  }
  return x;
}

/** Doolittle LU with partial pivoting; throws on a singular matrix (two places with the same cells). */
function factorise(a: Float64Array, n: number, places: readonly number[]): Factors {
  const lu = a.slice();
  const pivot = Int32Array.from({ length: n }, (_, i) => i);
  for (let k = 0; k < n; k++) {
    let best = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(lu[i * n + k]) > Math.abs(lu[best * n + k])) best = i;
    if (Math.abs(lu[best * n + k]) < 1e-12) throw new Error(`sample grid: two places cover the same cells, their means cannot be fitted apart (places ${places.join(", ")})`);
    if (best !== k) {
      for (let j = 0; j < n; j++) [lu[k * n + j], lu[best * n + j]] = [lu[best * n + j], lu[k * n + j]];
      [pivot[k], pivot[best]] = [pivot[best], pivot[k]];
    }
    for (let i = k + 1; i < n; i++) {
      const f = (lu[i * n + k] /= lu[k * n + k]);
      for (let j = k + 1; j < n; j++) lu[i * n + j] -= f * lu[k * n + j];
    }
  }
  return { lu, pivot };
}
