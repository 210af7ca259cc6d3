/** A linear scale from a data domain to a pixel range. */
export function linearScale(domain: [number, number], range: [number, number]) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0 || 1;
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0);
}

/**
 * The most ticks an axis has. Round ticks are about `count`; this bound holds for any domain, so one
 * narrower than float resolution at its magnitude (1e16 to 1e16 + 4), or a count of millions, cannot make
 * the loop below run long or allocate much.
 */
export const MAX_TICKS = 100;

/**
 * About `count` round tick values covering [min, max] (steps of 1, 2 or 5 times a power of ten), at most
 * `MAX_TICKS`; the two ends when no round step fits (an infinite span, or one below float resolution).
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const first = Math.ceil(min / step) * step;
  if (!(step > 0 && Number.isFinite(step) && Number.isFinite(first) && (max - first) / step < MAX_TICKS)) return [min, max];
  const ticks: number[] = [];
  for (let v = first; v - max <= step * 1e-9 && ticks.length < MAX_TICKS; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/**
 * The decimals a step needs to be written exactly (0.25: 2; 5: 0; 2e-7: 7), at most 10 (also for a step
 * that is not finite). A step is written when it is a whole number of units of its last decimal, to one
 * part in a million (so a step below 1e-6 keeps its decimals, and no step rounds to 0).
 */
export function stepDecimals(step: number): number {
  const size = Math.abs(step);
  for (let d = 0; d < 10; d++) {
    const units = size * 10 ** d;
    if (units >= 0.5 && Math.abs(Math.round(units) - units) < 1e-6 * units) return d;
  }
  return 10;
}

/**
 * The labels of evenly spaced ticks (as `niceTicks` gives them): each with the decimals their step needs,
 * the same for all (0, 0.5, 1.0 read 0.0, 0.5, 1.0; 10, 20 read 10, 20), so no label claims more
 * precision than the axis has and none fewer than its neighbours. A single tick reads as it is.
 */
export function tickLabels(ticks: readonly number[]): string[] {
  if (ticks.length < 2) return ticks.map((t) => String(t));
  const decimals = stepDecimals(ticks[1] - ticks[0]);
  return ticks.map((t) => t.toFixed(decimals).replace(/^-(0(\.0+)?)$/, "$1"));
}

/** The extent of the finite values, padded by a fraction of its span so lines do not touch the frame. */
export function paddedExtent(values: Iterable<number | null | undefined>, pad = 0.05): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === Infinity) return null;
  const span = max - min || Math.abs(max) || 1;
  return [min - span * pad, max + span * pad];
}
