import { colorAt, gradientCss, type GradientStop } from "~/lib/legend";
import type { GradientLegend } from "~/features/pyaez/schema";
import { formatNumber } from "~/lib/format";

/** Colour ramps of the choropleth, from low to high. */
export const RAMPS = {
  /** Temperature: blue to yellow to red (RdYlBu reversed). */
  temperature: ["#313695", "#4575b4", "#74add1", "#abd9e9", "#fee090", "#fdae61", "#f46d43", "#d73027", "#a50026"],
  /** Precipitation: yellow to green to blue (YlGnBu). */
  precipitation: ["#ffffd9", "#edf8b1", "#c7e9b4", "#7fcdbb", "#41b6c4", "#1d91c0", "#225ea8", "#0c2c84"],
  /** A change in precipitation: brown (drier) to white to blue-green (wetter), BrBG. */
  precipitationChange: ["#8c510a", "#bf812d", "#dfc27d", "#f6e8c3", "#f5f5f5", "#c7eae5", "#80cdc1", "#35978f", "#01665e"],
  /** A change in temperature: blue (cooler) to white to red (warmer), RdBu reversed. */
  temperatureChange: ["#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7", "#f4a582", "#d6604d", "#b2182b"],
  /** Warm values (a temperature, hot days): pale yellow to dark red, YlOrRd. */
  warm: ["#ffffcc", "#ffeda0", "#fed976", "#feb24c", "#fd8d3c", "#fc4e2a", "#e31a1c", "#bd0026", "#800026"],
  /** A change in dry days: blue-green (fewer, wetter) to white to brown (more, drier), BrBG reversed. */
  dryChange: ["#01665e", "#35978f", "#80cdc1", "#c7eae5", "#f5f5f5", "#f6e8c3", "#dfc27d", "#bf812d", "#8c510a"],
  /** Dry days: pale yellow to brown, YlOrBr. */
  dry: ["#ffffe5", "#fff7bc", "#fee391", "#fec44f", "#fe9929", "#ec7014", "#cc4c02", "#993404", "#662506"],
  /** A change in frost days: red (fewer, warmer) to white to blue (more, colder), RdBu. */
  coldChange: ["#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7", "#d1e5f0", "#92c5de", "#4393c3", "#2166ac"],
  /** Frost days: white to dark blue, Blues. */
  cold: ["#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"],
  /** A share of models (0-1): pale to dark purple, Purples. */
  agreement: ["#fcfbfd", "#efedf5", "#dadaeb", "#bcbddc", "#9e9ac8", "#807dba", "#6a51a3", "#54278f", "#3f007d"],
} as const;
export type RampName = keyof typeof RAMPS;

export const rampStops = (ramp: RampName): GradientStop[] =>
  RAMPS[ramp].map((color, i, all) => ({ color, offset: i / (all.length - 1) }));

export function rampFor(variable: string, units = "", change = false): RampName {
  const precipitation = variable === "pr" || /mm/.test(units);
  if (change) return precipitation ? "precipitationChange" : "temperature";
  return precipitation ? "precipitation" : "temperature";
}

/** The colour of a value on a ramp between min and max (clamped); grey for a missing value. */
export function scaleColor(value: number | null | undefined, min: number, max: number, ramp: RampName): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "#cccccc";
  const t = max > min ? (value - min) / (max - min) : 0.5;
  return colorAt(rampStops(ramp), Math.min(1, Math.max(0, t)));
}

/** A gradient legend for the shared Legend component; its labels keep the scale's one decimal. */
export function gradientLegend(title: string, unit: string, min: number, max: number, ramp: RampName): GradientLegend {
  const fmt = (v: number) => formatNumber(v, 1);
  const mid = (min + max) / 2;
  return { type: "gradient", title, unit, min, max, style: gradientCss(rampStops(ramp)), labels: [fmt(min), fmt(mid), fmt(max)] };
}
