import type { GradientLegend, Legend } from "~/features/pyaez/schema";

/** One colour stop of a gradient: a six-digit hex colour at a position from 0 to 1. */
export interface GradientStop {
  color: string;
  offset: number;
}

/** A tick label of a gradient legend at a position from 0 to 100 (% of the ramp's width). */
export interface LegendTick {
  label: string;
  position: number;
}

const STOP = /(#[0-9a-f]{6})(?:\s+(\d{1,3}(?:\.\d+)?)%)?/gi;

/**
 * The colour stops of a CSS `linear-gradient(...)` of hex colours, with every offset resolved the way
 * CSS does it: a missing first offset is 0, a missing last is 1, missing ones in between are spread
 * evenly, and an offset smaller than an earlier one is raised to it.
 */
export function gradientStops(style: string): GradientStop[] {
  const parsed = [...style.matchAll(STOP)].map((m) => ({
    color: m[1].toLowerCase(),
    offset: m[2] === undefined ? undefined : Math.min(100, Number(m[2])) / 100,
  }));
  if (parsed.length === 0) return [];
  if (parsed.length === 1) return [{ color: parsed[0].color, offset: 0 }];
  parsed[0].offset ??= 0;
  parsed[parsed.length - 1].offset ??= 1;
  let max = 0;
  for (const stop of parsed) {
    if (stop.offset !== undefined) stop.offset = max = Math.max(max, stop.offset);
  }
  for (let i = 1; i < parsed.length - 1; i++) {
    if (parsed[i].offset !== undefined) continue;
    const start = i - 1;
    let end = i;
    while (parsed[end].offset === undefined) end++;
    const from = parsed[start].offset!;
    const step = (parsed[end].offset! - from) / (end - start);
    for (let j = i; j < end; j++) parsed[j].offset = from + step * (j - start);
  }
  return parsed.map((stop) => ({ color: stop.color, offset: round(stop.offset!) }));
}

/** A left-to-right CSS gradient through the stops, each with its explicit position. */
export function gradientCss(stops: readonly GradientStop[]): string {
  if (stops.length === 0) return "transparent";
  if (stops.length === 1) return stops[0].color;
  return `linear-gradient(to right, ${stops.map((s) => `${s.color} ${round(s.offset * 100)}%`).join(", ")})`;
}

/** The colour at position `t` (0 to 1) of the gradient, interpolated in sRGB as browsers draw it. */
export function colorAt(stops: readonly GradientStop[], t: number): string {
  if (stops.length === 0) throw new Error("a gradient needs at least one stop");
  const x = Math.min(1, Math.max(0, t));
  if (x <= stops[0].offset) return stops[0].color;
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1];
    const b = stops[i];
    if (x > b.offset) continue;
    const f = b.offset === a.offset ? 1 : (x - a.offset) / (b.offset - a.offset);
    return mixHex(a.color, b.color, f);
  }
  return stops[stops.length - 1].color;
}

function mixHex(a: string, b: string, f: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  return `#${[0, 1, 2]
    .map((i) => Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * f).toString(16).padStart(2, "0"))
    .join("")}`;
}

/**
 * Where each tick label of a gradient legend sits on the ramp: at its value when the label is a number
 * inside the legend's range, otherwise evenly spaced from the left end to the right end.
 */
export function legendTicks(legend: Pick<GradientLegend, "labels" | "min" | "max">): LegendTick[] {
  const { labels, min, max } = legend;
  const even = (i: number) => (labels.length === 1 ? 0 : (i / (labels.length - 1)) * 100);
  return labels.map((label, i) => {
    const value = Number(label.replace(/,/g, ""));
    const numeric = label.trim() !== "" && Number.isFinite(value) && value >= min && value <= max && max > min;
    return { label, position: round(numeric ? ((value - min) / (max - min)) * 100 : even(i)) };
  });
}

/** A short text for assistive technology and tooltips: what the legend shows and its range or classes. */
export function legendSummary(legend: Legend): string {
  const title = legend.title ? `${legend.title}: ` : "";
  if (legend.type === "square-horizontal") {
    const n = legend.scales.length;
    return `${title}${n} ${n === 1 ? "class" : "classes"}`;
  }
  const unit = legend.unit ? ` ${legend.unit}` : "";
  return `${title}colour scale from ${formatNumber(legend.min)} to ${formatNumber(legend.max)}${unit}`;
}

function formatNumber(value: number): string {
  return String(round(value));
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
