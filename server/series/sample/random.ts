/**
 * Deterministic pseudo-random numbers for the sample generator: the same key always gives the same
 * stream, on every machine and Node version (no Math.random, no platform hashing).
 */

/** 32-bit FNV-1a hash of a string (UTF-16 code units), finished with a murmur3 mix. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Murmur3's 32-bit finaliser: spreads every input bit over the output. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combines hashes (e.g. a series key and a year) into one seed. */
export function combine(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) h = mix32(h ^ Math.imul(p >>> 0, 0x27d4eb2d)) + 0x165667b1;
  return mix32(h);
}

/** A number in [0, 1) fixed by a hash: for per-model constants. */
export function unitFromHash(hash: number): number {
  return mix32(hash) / 4294967296;
}

/** Mulberry32: a small fast generator with a 2^32 period, plenty for a year of draws. */
export class Random {
  private state: number;
  private spare = NaN;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal (Box-Muller, both values used). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const v = this.spare;
      this.spare = NaN;
      return v;
    }
    let u = this.next();
    while (u <= Number.EPSILON) u = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * this.next();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /** Fills `out` with standard normals. */
  normals(out: Float64Array): Float64Array {
    for (let i = 0; i < out.length; i++) out[i] = this.normal();
    return out;
  }
}

/** Standard normal cumulative distribution (Zelen and Severo 26.2.17, error below 7.5e-8). */
export function normalCdf(x: number): number {
  if (x > 8) return 1;
  if (x < -8) return 0;
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = 0.3989422804014327 * Math.exp(-0.5 * x * x) * poly;
  return x >= 0 ? 1 - tail : tail;
}
