import { ensembleStats } from "../cmip6/ensemble";
import { AGREEMENT_THRESHOLD, type Agreement } from "../cmip6/windows";
import { RAMPS, type RampName } from "../maps/colorScale";
import type { Geometry } from "./polygon";

/**
 * A job's results as the page shows them: built from the document `GET /api/jobs/{id}/results` gives
 * (`server/ondemand/answer.ts`, `answerDocument`), on the server for a page that opens on a finished job
 * and in the browser for a job it followed. Pure. The document's numbers are shown as they are; what is
 * computed here is for drawing only: each season year's ensemble median and 10-90 % range across the
 * models' series (the chart), and the cells' change as coloured runs of cells (the map).
 */

interface Stat {
  median: number | null;
  p10: number | null;
  p90: number | null;
  count: number;
}

/** The results document (the JSON answer's `result`), as far as the page reads it. */
export interface ResultDocument {
  process: string;
  title: string;
  inputs: Record<string, unknown>;
  sample: boolean;
  source: string;
  units: string;
  method: Record<string, string>;
  provenance: { dataVersion: string; key: string; computed: string; sources: string[] };
  region: { label: string; place: string; cells: number };
  baseline: Stat & { period: string };
  window: Stat & { period: string };
  change: (Stat & { agreement: Agreement | null }) | null;
  excluded: Record<string, { reason: string }>;
  withoutVariable: string[];
  withoutWindow: Record<string, string>;
  years: number[];
  models: {
    model: string;
    window: { start: number; end: number } | undefined;
    baseline: number | null;
    windowMean: number | null;
    change: number | null;
    baselineYears: number;
    windowYears: number;
    series: (number | null)[];
  }[];
  cells: { lat: number[]; lon: number[]; change: (number | null)[]; agreement: (number | null)[] };
}

export interface ModelRow {
  model: string;
  window: string;
  baseline: number | null;
  windowMean: number | null;
  change: number | null;
  /** Years with a value over the baseline's and the window's years. */
  baselineYears: number;
  windowYears: number;
  /** Why the model is left out of the ensemble, if it is. */
  excluded?: string;
}

export interface BandPoint {
  scenario: string;
  x: number;
  median: number | null;
  p10: number | null;
  p90: number | null;
}

/** The cells' ensemble change as coloured runs of cells, in cell units from the region's north-west corner. */
export interface CellMap {
  columns: number;
  rows: number;
  west: number;
  north: number;
  /** Degrees a cell. */
  step: number;
  /** One path of runs per colour class, lowest first; `missing` for cells without a change. */
  classes: { color: string; label: string; path: string }[];
  missing: string;
  /** Cells where fewer than 80 % of the models agree on the sign of the change. */
  hatched: string;
  /** The user's polygon, in the same units, when the region is one. */
  outline?: string;
  /** Range of the cells' change, and how many cells have one. */
  min: number;
  max: number;
  withValue: number;
}

export interface ResultView {
  process: string;
  title: string;
  units: string;
  sample: boolean;
  source: string;
  region: { label: string; cells: number };
  scenario: string;
  baselinePeriod: string;
  windowPeriod: string;
  method: { name: string; text: string }[];
  /** The data's version, when the results were computed, and the key they are kept by (the downloads' names). */
  provenance: { dataVersion: string; computed: string; key: string };
  rows: ModelRow[];
  ensemble: { baseline: Stat; window: Stat; change: (Stat & { agreement: Agreement | null }) | null };
  withoutVariable: string[];
  withoutWindow: [string, string][];
  band: BandPoint[];
  cellMap?: CellMap;
}

const METHOD_NAMES: Record<string, string> = { index: "Index and standard", season: "Season", region: "Region", ensemble: "Ensemble", window: "Window" };

export function resultView(doc: ResultDocument): ResultView {
  const scenario = typeof doc.inputs.scenario === "string" ? doc.inputs.scenario : "";
  return {
    process: doc.process,
    title: doc.title,
    units: doc.units,
    sample: doc.sample,
    source: doc.source,
    region: { label: doc.region.label, cells: doc.region.cells },
    scenario,
    baselinePeriod: doc.baseline.period,
    windowPeriod: doc.window.period,
    method: Object.entries(doc.method).map(([name, text]) => ({ name: METHOD_NAMES[name] ?? name, text })),
    provenance: { dataVersion: doc.provenance.dataVersion, computed: doc.provenance.computed, key: doc.provenance.key },
    rows: doc.models.map((m) => ({
      model: m.model,
      window: m.window ? `${m.window.start}-${m.window.end}` : doc.window.period,
      baseline: m.baseline,
      windowMean: m.windowMean,
      change: m.change,
      baselineYears: m.baselineYears,
      windowYears: m.windowYears,
      ...(doc.excluded[m.model] ? { excluded: doc.excluded[m.model].reason } : {}),
    })),
    ensemble: { baseline: doc.baseline, window: doc.window, change: doc.change },
    withoutVariable: doc.withoutVariable,
    withoutWindow: Object.entries(doc.withoutWindow),
    band: yearlyBand(doc, scenario),
    ...(doc.region.cells > 1 ? { cellMap: cellMap(doc) } : {}),
  };
}

/** Each season year's median and 10-90 % range across the models' series: historical to 2014, then the scenario. */
export function yearlyBand(doc: Pick<ResultDocument, "years" | "models">, scenario: string): BandPoint[] {
  const stats = ensembleStats(doc.models.map((m) => m.series), doc.years.length);
  return doc.years
    .map((year, i) => ({ scenario: year <= 2014 ? "historical" : scenario, x: year, median: stats.median[i], p10: stats.p10[i], p90: stats.p90[i] }))
    .filter((p) => p.median !== null);
}

/** The colour ramp of an index's change: warmer red, wetter blue-green, more dry or cold days their ramps. */
export function changeRamp(process: string, variable: unknown): RampName {
  if (process.startsWith("dry-spell")) return "dryChange";
  if (process === "days-below" || process === "heating-degree-days") return "coldChange";
  if (process === "wet-days" || process === "season-total" || variable === "pr") return "precipitationChange";
  return "temperatureChange";
}

/** A bound of a symmetric scale: the largest magnitude rounded up to 1, 2 or 5 times a power of ten. */
export function niceBound(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((f) => f * power >= value - 1e-12) ?? 10) * power;
}

/** Runs of consecutive cells of each row as a path ("M x y h n v 1 h -n z"). */
function runsPath(cells: Map<number, Set<number>>): string {
  const parts: string[] = [];
  for (const [row, columns] of [...cells].sort((a, b) => a[0] - b[0])) {
    const sorted = [...columns].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; ) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
      const n = j - i + 1;
      parts.push(`M${sorted[i]} ${row}h${n}v1h-${n}z`);
      i = j + 1;
    }
  }
  return parts.join("");
}

const fmt = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * The cells' ensemble median change on a diverging ramp of nine classes, symmetric about zero (the change
 * maps' rule: a colour means the same size of change either way), as runs of cells per class; cells with
 * fewer than `AGREEMENT_THRESHOLD` of the models agreeing on the sign are hatched over their colour.
 */
export function cellMap(doc: Pick<ResultDocument, "cells" | "process" | "inputs">, step = 0.25): CellMap {
  const { lat, lon, change, agreement } = doc.cells;
  const west = Math.min(...lon) - step / 2;
  const north = Math.max(...lat) + step / 2;
  const columns = Math.round((Math.max(...lon) - Math.min(...lon)) / step) + 1;
  const rows = Math.round((Math.max(...lat) - Math.min(...lat)) / step) + 1;
  const values = change.filter((v): v is number => v !== null && Number.isFinite(v));
  const bound = niceBound(Math.max(0, ...values.map(Math.abs)));
  const ramp = RAMPS[changeRamp(doc.process, doc.inputs.variable)];
  const width = (2 * bound) / ramp.length;
  const byClass = ramp.map(() => new Map<number, Set<number>>());
  const missing = new Map<number, Set<number>>();
  const hatched = new Map<number, Set<number>>();
  const add = (into: Map<number, Set<number>>, row: number, column: number) => {
    let set = into.get(row);
    if (!set) into.set(row, (set = new Set()));
    set.add(column);
  };
  lat.forEach((y, i) => {
    const row = Math.round((north - step / 2 - y) / step);
    const column = Math.round((lon[i] - west - step / 2) / step);
    const v = change[i];
    if (v === null || !Number.isFinite(v)) return add(missing, row, column);
    add(byClass[Math.min(ramp.length - 1, Math.max(0, Math.floor((v + bound) / width)))], row, column);
    const share = agreement[i];
    if (share !== null && share < AGREEMENT_THRESHOLD - 1e-12) add(hatched, row, column);
  });
  const polygon = doc.inputs.polygon as Geometry | undefined;
  return {
    columns,
    rows,
    west,
    north,
    step,
    classes: ramp.map((color, k) => ({ color, label: `${fmt(-bound + k * width)} to ${fmt(-bound + (k + 1) * width)}`, path: runsPath(byClass[k]) })),
    missing: runsPath(missing),
    hatched: runsPath(hatched),
    ...(polygon ? { outline: outlinePath(polygon, west, north, step) } : {}),
    min: values.length ? Math.min(...values) : NaN,
    max: values.length ? Math.max(...values) : NaN,
    withValue: values.length,
  };
}

/** A polygon's rings as a path in cell units from the north-west corner. */
function outlinePath(g: Geometry, west: number, north: number, step: number): string {
  const polygons = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  const at = ([x, y]: number[]) => `${fmt((x - west) / step)} ${fmt((north - y) / step)}`;
  return polygons.flatMap((rings) => rings.map((ring) => `M${ring.map(at).join("L")}z`)).join("");
}
