#!/usr/bin/env node
/**
 * Writes the sample map image of every AEZ map (and the info chart of maps that have one) as small SVG
 * files under public/, at the paths seeds/pyaez-modules.json gives (`image`, `info.img`).
 *
 * The maps are SAMPLE illustrations, not model output: deterministic fields (heat, moisture, relief,
 * soil) over the South Asia extent (60-100° E, 5-40° N) on a 0.5° grid, coloured with each map's own
 * legend (class maps pick a class, gradient maps interpolate the ramp), clipped to a coarse outline of
 * the eight countries and marked SAMPLE in the image. Deterministic: rerunning gives the same files.
 *
 *   node scripts/generate-aez-images.mjs [output folder, default public/]
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SEEDS = path.join(ROOT, "seeds", "pyaez-modules.json");
const PUBLIC = path.resolve(process.argv[2] ?? path.join(ROOT, "public"));

// The card shows maps at 320 x 280 and info charts at 320 x 240 (app/features/pyaez/images.ts).
const WEST = 60, EAST = 100, SOUTH = 5, NORTH = 40;
const PX = 8; // pixels per degree
const W = (EAST - WEST) * PX, H = (NORTH - SOUTH) * PX;
const CELL = 0.5; // degrees
const COLS = (EAST - WEST) / CELL, ROWS = (NORTH - SOUTH) / CELL;
const INFO_W = 320, INFO_H = 240;

// ---- Coarse outline (lon, lat) ---------------------------------------------------------------------

/** Coast from the Iran-Pakistan border east to the Bangladesh-Myanmar border. */
const COAST = [
  [61.6, 25.2], [62.5, 25.2], [63.5, 25.3], [64.6, 25.2], [65.6, 25.4], [66.6, 25.4], [67.0, 24.9], [67.3, 24.4],
  [67.6, 23.9], [68.2, 23.6], [68.8, 23.1], [69.1, 22.4], [69.6, 21.9], [70.4, 21.0], [71.1, 20.8], [72.1, 21.2],
  [72.6, 21.4], [72.6, 20.6], [72.8, 19.5], [72.9, 18.8], [73.1, 17.8], [73.4, 16.6], [73.7, 15.7], [74.1, 14.8],
  [74.5, 13.7], [74.8, 12.8], [75.3, 11.8], [75.8, 11.0], [76.2, 10.0], [76.5, 9.1], [77.0, 8.3], [77.5, 8.1],
  [78.1, 8.6], [78.3, 9.3], [79.2, 9.6], [79.8, 10.3], [79.8, 11.5], [80.2, 12.6], [80.3, 13.4], [80.1, 14.5],
  [80.1, 15.3], [80.6, 15.9], [81.3, 16.4], [82.3, 16.6], [82.8, 17.4], [83.6, 18.0], [84.5, 18.9], [85.2, 19.5],
  [86.0, 19.9], [86.8, 20.4], [87.0, 21.0], [87.5, 21.6], [88.2, 21.6], [88.9, 21.6], [89.5, 21.9], [90.2, 21.9],
  [90.6, 22.4], [91.1, 22.5], [91.8, 22.2], [91.9, 21.6], [92.2, 21.0], [92.3, 20.7],
];
/** Land boundary of the region from the Bangladesh-Myanmar coast round the north back to the coast. */
const LAND_BOUNDARY = [
  [92.6, 21.4], [92.7, 22.1], [93.2, 22.3], [93.4, 23.7], [94.2, 23.9], [94.6, 24.8], [95.0, 25.9], [95.2, 26.6],
  [96.0, 27.2], [97.1, 27.1], [97.3, 28.2], [96.4, 28.8], [95.4, 29.2], [94.2, 29.2], [93.2, 28.6], [92.5, 28.0],
  [91.7, 27.9], [90.7, 28.1], [89.9, 28.3], [89.2, 27.8], [88.9, 27.3], [88.8, 27.9], [88.1, 27.9], [87.1, 27.9],
  [86.3, 28.1], [85.6, 28.3], [85.0, 28.6], [84.2, 28.8], [83.3, 29.3], [82.3, 30.0], [81.2, 30.2], [80.2, 30.7],
  [79.4, 31.0], [78.8, 31.3], [78.7, 32.0], [78.4, 32.6], [79.3, 33.0], [79.0, 34.3], [78.3, 34.6], [78.0, 35.4],
  [77.0, 35.8], [76.2, 35.9], [75.5, 36.7], [74.9, 37.2], [73.7, 37.4], [72.6, 37.0], [71.6, 36.9], [71.5, 37.9],
  [70.9, 38.4], [70.2, 37.9], [69.4, 37.2], [68.5, 37.2], [67.8, 37.2], [67.0, 37.4], [66.5, 37.4], [65.7, 37.5],
  [65.0, 37.2], [64.3, 36.3], [63.1, 35.8], [62.3, 35.3], [61.3, 35.6], [61.0, 34.4], [60.6, 33.6], [60.8, 31.5],
  [61.7, 31.4], [61.8, 30.8], [60.9, 29.9], [61.5, 29.0], [62.4, 28.6], [62.8, 28.2], [63.2, 27.3], [62.9, 26.6],
  [61.9, 26.3],
];
const SRI_LANKA = [
  [79.9, 9.8], [80.3, 9.8], [80.9, 9.0], [81.3, 8.4], [81.8, 7.5], [81.9, 6.8], [81.6, 6.3], [81.0, 6.1],
  [80.3, 5.95], [80.0, 6.4], [79.85, 7.3], [79.8, 8.2], [79.95, 9.0],
];
const ANDAMAN = [[92.6, 13.6], [93.1, 13.5], [92.9, 12.0], [92.8, 10.6], [92.4, 10.6], [92.6, 12.0]];
const MALDIVES = [[72.9, 7.1], [73.3, 7.1], [73.6, 6.0], [73.6, 5.0], [73.3, 5.0], [73.0, 6.0]];
const REGION = [[...COAST, ...LAND_BOUNDARY], SRI_LANKA, ANDAMAN, MALDIVES];
/** Sea: the Arabian Sea and the Bay of Bengal south of the coast (Myanmar and Thai coast to the east). */
const SEA = [
  [WEST, 25.35], [60.6, 25.3], ...COAST, [93.0, 20.0], [93.7, 19.3], [94.2, 18.3], [94.5, 17.3], [94.3, 16.2],
  [94.8, 15.9], [95.4, 15.8], [96.2, 16.5], [97.0, 16.6], [97.6, 16.5], [97.7, 15.3], [98.1, 14.0], [98.6, 12.5],
  [98.7, 10.5], [98.5, 9.3], [98.3, 8.0], [98.6, 7.3], [99.6, 6.6], [EAST, 6.4], [EAST, SOUTH], [WEST, SOUTH],
];

const px = (lon) => +((lon - WEST) * PX).toFixed(1);
const py = (lat) => +((NORTH - lat) * PX).toFixed(1);
const ringPath = (ring) => `M${ring.map(([lon, lat]) => `${px(lon)} ${py(lat)}`).join("L")}Z`;
const REGION_PATH = REGION.map(ringPath).join("");

function inRing(ring, lon, lat) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const inRegion = (lon, lat) => REGION.some((ring) => inRing(ring, lon, lat));
/** A cell is drawn when any of its corners or its centre is in the region; the clip path trims it. */
const cellTouchesRegion = (lon, lat) =>
  [[0.5, 0.5], [0, 0], [1, 0], [0, 1], [1, 1]].some(([dx, dy]) => inRegion(lon + dx * CELL, lat + dy * CELL));

// ---- Deterministic sample fields ---------------------------------------------------------------------

function hash(x, y, seed) {
  let h = (Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 982451653)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967295;
}
/** Smooth value noise in 0..1 with features about `scale` degrees across. */
function noise(lon, lat, scale, seed) {
  const x = lon / scale, y = lat / scale;
  const x0 = Math.floor(x), y0 = Math.floor(y);
  const fx = x - x0, fy = y - y0;
  const sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
  const top = hash(x0, y0, seed) * (1 - sx) + hash(x0 + 1, y0, seed) * sx;
  const bottom = hash(x0, y0 + 1, seed) * (1 - sx) + hash(x0 + 1, y0 + 1, seed) * sx;
  return top * (1 - sy) + bottom * sy;
}
const clamp = (v) => Math.min(1, Math.max(0, v));
const bump = (lon, lat, clon, clat, r) => Math.exp(-((lon - clon) ** 2 + (lat - clat) ** 2) / (r * r));

function distanceToLine(lon, lat, line) {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1], [bx, by] = line[i];
    const t = clamp(((lon - ax) * (bx - ax) + (lat - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2));
    best = Math.min(best, Math.hypot(lon - (ax + t * (bx - ax)), lat - (ay + t * (by - ay))));
  }
  return best;
}
const HIMALAYA = [[72.5, 35.5], [75, 34], [77.5, 32.6], [80, 30.6], [84, 28.9], [88, 28.0], [92, 28.1], [95.5, 28.9]];
const HINDU_KUSH = [[66, 34.6], [69, 35.3], [71.5, 36.2], [74.5, 36.3], [77, 35.4]];
const GHATS = [[73.6, 19], [74.3, 15.5], [75.6, 12], [77.1, 9]];
const SULAIMAN = [[66.3, 28.5], [68.5, 30.5], [69.8, 32.5]];

/** Relief (0 lowland to 1 high mountain), heat and moisture at a point, plus a soil pattern; all 0..1. */
function fields(lon, lat) {
  const ridge = (line, width, height) => height * Math.exp(-((distanceToLine(lon, lat, line) / width) ** 2));
  const plateau = lat > 32 && lon > 76 ? 0.35 : 0;
  const elev = clamp(
    Math.max(ridge(HIMALAYA, 1.6, 1), ridge(HINDU_KUSH, 1.8, 0.9), plateau) +
      ridge(GHATS, 0.7, 0.3) + ridge(SULAIMAN, 1.2, 0.35) + 0.22 * bump(lon, lat, 77, 17, 5) +
      0.3 * bump(lon, lat, 66, 33, 3.5) + 0.12 * (noise(lon, lat, 1.5, 7) - 0.5),
  );
  const heat = clamp(1.04 - ((lat - SOUTH) / (NORTH - SOUTH)) * 0.5 - elev * 0.78 + 0.06 * (noise(lon, lat, 3, 11) - 0.5));
  const wet = clamp(
    0.22 + 0.42 / (1 + Math.exp(-(lon - 78) / 4)) + 0.35 * bump(lon, lat, 74.6, 13.5, 2.5) + 0.4 * bump(lon, lat, 91.5, 25.5, 3) +
      0.2 * bump(lon, lat, 80.7, 7.3, 1.5) - 0.35 * bump(lon, lat, 70.5, 26.8, 4.5) - 0.3 * bump(lon, lat, 63.5, 30, 5) +
      0.12 * (noise(lon, lat, 2.5, 23) - 0.5) - 0.25 * Math.max(0, elev - 0.6),
  );
  const soil = noise(lon, lat, 2, 31);
  const slope = clamp(Math.max(0, elev - 0.25) * 1.6 + 0.2 * (noise(lon, lat, 0.8, 41) - 0.5));
  return { elev, heat, wet, soil, slope };
}

// ---- Each map's value from the fields ----------------------------------------------------------------

const tropics = (lat) => lat < 23.5;
const frostIndex = (f) => clamp((0.72 - f.heat) * 1.9);
const rainfedPotential = (f) => clamp(f.wet * 1.4 - 0.08) * clamp(f.heat * 2 - 0.55);
const irrigatedPotential = (f) => clamp(f.heat * 2 - 0.55) * (0.8 + 0.2 * f.wet);
const climateFactor = (f) => clamp(0.95 - 0.35 * Math.abs(f.wet - 0.65) - 0.2 * frostIndex(f));
const soilFactor = (f, lon, lat) => clamp(0.62 + 0.38 * f.soil - (soilClass(f, lon, lat) >= 14 ? 0.6 : 0));
const terrainFactor = (f) => clamp(1 - f.slope * 0.8);
const shareClass = (share, n) => Math.min(n - 1, Math.floor(clamp(share) * n));

function thermalClimate(f, lon, lat) {
  if (f.heat < 0.12) return 11;
  if (f.heat < 0.22) return lon > 76 ? 10 : 9;
  if (f.heat < 0.36) return lon > 80 ? 7 : lon > 70 ? 6 : 5;
  if (tropics(lat)) return f.elev > 0.28 ? 1 : 0;
  if (f.wet < 0.3) return 4;
  return lon < 72 && f.wet < 0.45 ? 3 : 2;
}
function fallowZone(f, lat) {
  const t = f.heat;
  if (tropics(lat) && f.elev < 0.5) return t > 0.82 ? 0 : t > 0.72 ? 1 : t > 0.6 ? 2 : 3;
  return t > 0.5 ? 4 : 5;
}
function soilClass(f, lon, lat) {
  if (f.elev > 0.8) return f.soil > 0.55 ? 14 : 15; // glaciers, rock outcrops
  if (f.elev > 0.45) return f.soil > 0.5 ? 7 : 12; // leptosols, regosols
  if (lat > 21.5 && lat < 24.6 && lon > 88.3 && lon < 91.5) return f.soil > 0.45 ? 5 : 4; // delta: gleysols, fluvisols
  if (lat > 23.5 && lat < 31.5 && lon > 72.5 && lon < 88.5 && f.elev < 0.2) return f.soil > 0.75 ? 3 : 4; // plains
  if (f.wet < 0.22) return lon < 66 ? 6 : f.soil > 0.5 ? 1 : 2; // gypsisols, arenosols, calcisols
  if (lat > 23 && lat < 24.3 && lon > 68.8 && lon < 71.5) return 12; // Rann of Kutch: solonchaks
  if (lat > 16 && lat < 23 && lon > 73.5 && lon < 80.5) return f.soil > 0.3 ? 13 : 8; // Deccan: vertisols, lixisols
  if (f.wet > 0.7) return f.soil > 0.6 ? 10 : f.soil > 0.3 ? 0 : 9; // nitisols, acrisols, luvisols
  return [3, 9, 8, 11][Math.floor(f.soil * 3.999)]; // cambisols, luvisols, lixisols, regosols
}
function aezClass(f, lon, lat) {
  if (f.slope > 0.75) return 48;
  if (f.heat < 0.12) return 54;
  if (frostIndex(f) > 0.625) return 53;
  if (f.wet < 0.14) return 52;
  if (lat > 21.6 && lat < 24 && lon > 88.6 && lon < 91) return 51;
  if (lat > 27 && lat < 32 && lon > 71 && lon < 77 && f.elev < 0.15 && f.soil > 0.35) return 50;
  let band;
  if (tropics(lat)) band = f.elev > 0.3 ? 1 : 0;
  else band = f.heat > 0.6 ? 2 : f.heat > 0.5 ? 3 : f.heat > 0.42 ? 4 : f.heat > 0.32 ? 5 : f.heat > 0.24 ? 6 : 7;
  const moisture = f.wet < 0.4 ? 0 : f.wet < 0.62 ? 1 : 2;
  return band * 6 + moisture * 2 + (f.soil > 0.55 ? 1 : 0);
}

/** Yield as a share of the highest: potential, then adjusted for climate (1), soil (2) and terrain (3). */
const yieldRainfed = (f, lon, lat, stage) =>
  rainfedPotential(f) * (stage >= 1 ? climateFactor(f) : 1) * (stage >= 2 ? soilFactor(f, lon, lat) : 1) * (stage >= 3 ? terrainFactor(f) : 1);
const yieldIrrigated = (f, lon, lat, stage) =>
  irrigatedPotential(f) * (stage >= 1 ? 0.9 + 0.1 * climateFactor(f) : 1) * (stage >= 2 ? soilFactor(f, lon, lat) : 1);

/** Value of a map at a point: a class index (class maps) or a fraction of the ramp (gradient maps). */
const MAPS = {
  "1.1": (f, lon, lat) => thermalClimate(f, lon, lat),
  "1.2": (f, lon, lat, n) => shareClass(1 - f.heat + (tropics(lat) ? 0 : 0.06), n),
  "1.3": (f) => clamp(f.heat ** 1.25 * 1.05),
  "1.4": (f) => clamp(f.wet * 1.1 - 0.05) * clamp(f.heat * 2.2 - 0.4),
  "1.5": (f, lon, lat, n) => shareClass(rainfedPotential(f) * 1.05, n),
  "1.6": (f, lon, lat, n) => shareClass(Math.max(rainfedPotential(f), irrigatedPotential(f) * 0.95), n),
  "1.7": (f, lon, lat) => fallowZone(f, lat),
  "1.81": (f) => frostIndex(f),
  "1.82": (f) => { const fi = frostIndex(f); return fi > 0.625 ? 0 : fi > 0.57 ? 1 : fi > 0.495 ? 2 : 3; },
  "1.9": (f, lon, lat) => aezClass(f, lon, lat),
  "2.1": (f, lon, lat) => yieldRainfed(f, lon, lat, 0),
  "2.2": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 0), n),
  "2.3": (f, lon, lat) => yieldIrrigated(f, lon, lat, 0),
  "2.4": (f, lon, lat, n) => shareClass(yieldIrrigated(f, lon, lat, 0), n),
  // Day of the year: monsoon onset (about 150-200) in most places, winter crops (300+) where it is
  // dry, the north-east monsoon in the far south-east, spring sowing in the mountains.
  "2.5": (f, lon, lat) =>
    clamp(0.44 - 0.12 * (f.wet - 0.5) + 0.42 * clamp((0.42 - f.wet) * 3) + 0.33 * bump(lon, lat, 79.5, 9.5, 3) - 0.5 * clamp(f.elev - 0.4) + 0.08 * (f.soil - 0.5)),
  "3.1": (f, lon, lat) => yieldRainfed(f, lon, lat, 1),
  "3.2": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 1), n),
  "3.3": (f, lon, lat) => yieldIrrigated(f, lon, lat, 1),
  "3.4": (f) => climateFactor(f),
  "3.5": (f) => clamp(0.72 + 0.28 * climateFactor(f) - 0.5 * frostIndex(f)),
  "3.2-irrigated": (f, lon, lat, n) => shareClass(yieldIrrigated(f, lon, lat, 1), n),
  "4.1": (f, lon, lat) => soilClass(f, lon, lat),
  "4.2": (f, lon, lat) => yieldRainfed(f, lon, lat, 1),
  "4.3": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 1), n),
  "4.4": (f, lon, lat) => yieldIrrigated(f, lon, lat, 1),
  "4.5": (f, lon, lat, n) => shareClass(yieldIrrigated(f, lon, lat, 1), n),
  "4.6": (f, lon, lat) => yieldRainfed(f, lon, lat, 2),
  "4.7": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 2), n),
  "4.8": (f, lon, lat) => yieldIrrigated(f, lon, lat, 2),
  "4.9": (f, lon, lat, n) => shareClass(yieldIrrigated(f, lon, lat, 2), n),
  "5.1": (f) => clamp((f.wet - 0.15) * 0.85 + 0.25 * f.slope),
  "5.2": (f, lon, lat) => yieldRainfed(f, lon, lat, 1),
  "5.3": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 1), n),
  "5.4": (f, lon, lat) => yieldRainfed(f, lon, lat, 2),
  "5.5": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 2), n),
  "5.6": (f, lon, lat) => yieldRainfed(f, lon, lat, 3),
  "5.7": (f, lon, lat, n) => shareClass(yieldRainfed(f, lon, lat, 3), n),
};

// ---- Colours -----------------------------------------------------------------------------------------

/** Hex stops of a `linear-gradient(to right, #rrggbb [p%], ...)`, offsets resolved as CSS does (app/lib/legend.ts). */
function gradientStops(style) {
  const stops = [...style.matchAll(/(#[0-9a-f]{6})(?:\s+(\d{1,3})%)?/gi)].map((m) => ({ color: m[1].toLowerCase(), offset: m[2] === undefined ? undefined : Number(m[2]) / 100 }));
  stops[0].offset ??= 0;
  stops[stops.length - 1].offset ??= 1;
  for (let i = 1; i < stops.length - 1; i++) {
    if (stops[i].offset !== undefined) continue;
    let end = i;
    while (stops[end].offset === undefined) end++;
    for (let j = i; j < end; j++) stops[j].offset = stops[i - 1].offset + ((stops[end].offset - stops[i - 1].offset) * (j - i + 1)) / (end - i + 1);
  }
  return stops;
}
function colorAt(stops, t) {
  const x = clamp(t);
  let i = 1;
  while (i < stops.length - 1 && x > stops[i].offset) i++;
  const a = stops[i - 1], b = stops[i];
  const f = b.offset === a.offset ? 1 : clamp((x - a.offset) / (b.offset - a.offset));
  const ch = (hex, k) => parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16);
  return `#${[0, 1, 2].map((k) => Math.round(ch(a.color, k) + (ch(b.color, k) - ch(a.color, k)) * f).toString(16).padStart(2, "0")).join("")}`;
}
const GRADIENT_STEPS = 20;

// ---- SVG ---------------------------------------------------------------------------------------------

const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function graticule() {
  const lines = [];
  for (let lon = 70; lon < EAST; lon += 10) lines.push(`M${px(lon)} 0V${H}`);
  for (let lat = 10; lat < NORTH; lat += 10) lines.push(`M0 ${py(lat)}H${W}`);
  const labels = [
    ...[70, 80, 90].map((lon) => `<text x="${px(lon) + 2}" y="${H - 3}">${lon}°E</text>`),
    ...[10, 20, 30].map((lat) => `<text x="2" y="${py(lat) - 2}">${lat}°N</text>`),
  ];
  return (
    `<path d="${lines.join("")}" fill="none" stroke="#6b7c8c" stroke-opacity=".35" stroke-width=".6" stroke-dasharray="2 3"/>` +
    `<g font-family="sans-serif" font-size="8" fill="#4b5563">${labels.join("")}</g>`
  );
}

const sampleMark = (x, y) =>
  `<g transform="translate(${x} ${y})"><rect width="60" height="18" rx="3" fill="#fff8eb" stroke="#b45309"/>` +
  `<text x="30" y="13" text-anchor="middle" font-family="sans-serif" font-size="11" font-weight="700" letter-spacing="1" fill="#9a3412">SAMPLE</text></g>`;

/** The fields at the centre of every cell that touches the region, row by row from the north; null elsewhere. */
const CELLS = Array.from({ length: ROWS }, (_, r) =>
  Array.from({ length: COLS }, (_, c) => {
    const lon = WEST + c * CELL, lat = NORTH - (r + 1) * CELL;
    if (!cellTouchesRegion(lon, lat)) return null;
    return { lon: lon + CELL / 2, lat: lat + CELL / 2, f: fields(lon + CELL / 2, lat + CELL / 2) };
  }),
);

/** The colour (and class or ramp step) of every drawn cell of a map. */
function grid(id, legend) {
  const value = MAPS[id];
  if (!value) throw new Error(`no sample field for map ${id}: add one to MAPS`);
  const stops = legend.type === "gradient" ? gradientStops(legend.style) : null;
  const n = legend.type === "gradient" ? 0 : legend.scales.length;
  return CELLS.map((row) =>
    row.map((cell) => {
      if (!cell) return null;
      const v = value(cell.f, cell.lon, cell.lat, n);
      if (stops) {
        const step = Math.min(GRADIENT_STEPS - 1, Math.floor(clamp(v) * GRADIENT_STEPS));
        return { key: step, color: colorAt(stops, (step + 0.5) / GRADIENT_STEPS) };
      }
      const k = Math.min(n - 1, Math.max(0, Math.round(v)));
      return { key: k, color: legend.scales[k].color.toLowerCase() };
    }),
  );
}

/**
 * One stroked path per colour, a horizontal line per run of equal cells, in cell units (the group scales
 * them up). Moves are relative when that is shorter, which keeps the files small.
 */
function cellPaths(rows) {
  const paths = new Map();
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; ) {
      const cell = row[c];
      if (!cell) {
        c++;
        continue;
      }
      let end = c + 1;
      while (end < row.length && row[end]?.color === cell.color) end++;
      const path = paths.get(cell.color) ?? { d: "", x: null, y: null };
      const absolute = `M${c} ${r}`;
      const relative = path.x === null ? absolute : `m${c - path.x} ${r - path.y}`;
      path.d += `${relative.length < absolute.length ? relative : absolute}h${end - c}`;
      path.x = end;
      path.y = r;
      paths.set(cell.color, path);
      c = end;
    }
  });
  return [...paths].map(([color, { d }]) => `<path stroke="${color}" d="${d}"/>`).join("");
}

function mapSvg(child, legend, rows) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<title>${escape(`SAMPLE map: ${child.name} (${child.id}), illustrative data`)}</title>`,
    `<defs><clipPath id="r"><path d="${REGION_PATH}"/></clipPath></defs>`,
    `<rect width="${W}" height="${H}" fill="#e7e4dc"/>`,
    `<path d="${ringPath(SEA)}" fill="#cfe0ea"/>`,
    `<g clip-path="url(#r)"><g transform="scale(${CELL * PX}) translate(0 .5)" fill="none" stroke-width="1" shape-rendering="crispEdges">${cellPaths(rows)}</g></g>`,
    `<path d="${REGION_PATH}" fill="none" stroke="#3f3f46" stroke-width=".8" stroke-linejoin="round"/>`,
    graticule(),
    sampleMark(6, H - 40),
    `</svg>`,
  ].join("\n") + "\n";
}

/** Info chart: share of the sample area by class (class maps) or by value range (gradient maps). */
function infoSvg(child, legend, rows) {
  const cells = rows.flat().filter(Boolean);
  let bars;
  if (legend.type === "gradient") {
    const bins = 8;
    const counts = Array(bins).fill(0);
    for (const cell of cells) counts[Math.min(bins - 1, Math.floor((cell.key / GRADIENT_STEPS) * bins))]++;
    const stops = gradientStops(legend.style);
    const step = (legend.max - legend.min) / bins;
    bars = counts.map((count, i) => ({
      color: colorAt(stops, (i + 0.5) / bins),
      label: `${+(legend.min + i * step).toFixed(2)}-${+(legend.min + (i + 1) * step).toFixed(2)}${legend.unit ? ` ${legend.unit}` : ""}`,
      share: count / cells.length,
    }));
  } else {
    const counts = legend.scales.map(() => 0);
    for (const cell of cells) counts[cell.key]++;
    bars = legend.scales.map((s, i) => ({ color: s.color, label: s.label, share: counts[i] / cells.length }));
    if (bars.length > 13) {
      const top = [...bars].sort((a, b) => b.share - a.share).slice(0, 12);
      const rest = bars.filter((b) => !top.includes(b));
      bars = [...bars.filter((b) => top.includes(b)), { color: "#d4d4d8", label: `${rest.length} other classes`, share: rest.reduce((s, b) => s + b.share, 0) }];
    }
  }
  const top = 34, labelW = 190, barW = INFO_W - labelW - 44;
  const rowH = Math.min(22, Math.floor((INFO_H - top - 6) / bars.length));
  const max = Math.max(...bars.map((b) => b.share), 0.01);
  const clip = (s) => (s.length > 36 ? `${s.slice(0, 35)}…` : s);
  const body = bars
    .map((b, i) => {
      const y = top + i * rowH;
      const w = Math.max(0.5, (b.share / max) * barW).toFixed(1);
      return (
        `<rect x="8" y="${y + 2}" width="9" height="9" fill="${b.color}" stroke="#0003"/>` +
        `<text x="22" y="${y + 10}">${escape(clip(b.label))}</text>` +
        `<rect x="${labelW}" y="${y + 1}" width="${w}" height="${Math.min(12, rowH - 4)}" fill="${b.color}" stroke="#0003"/>` +
        `<text x="${labelW + Number(w) + 3}" y="${y + 10}">${Math.round(b.share * 100)}%</text>`
      );
    })
    .join("");
  const title = legend.type === "gradient" ? "Share of the land area by value" : "Share of the land area by class";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${INFO_W}" height="${INFO_H}" viewBox="0 0 ${INFO_W} ${INFO_H}">`,
    `<title>${escape(`SAMPLE chart: ${title.toLowerCase()}, ${child.name} (${child.id})`)}</title>`,
    `<rect width="${INFO_W}" height="${INFO_H}" fill="#fff"/>`,
    `<g font-family="sans-serif" fill="#27272a"><text x="8" y="17" font-size="11" font-weight="700">${escape(title)}</text>`,
    `<g font-size="9">${body}</g></g>`,
    sampleMark(INFO_W - 66, 4),
    `</svg>`,
  ].join("\n") + "\n";
}

// ---- Files -------------------------------------------------------------------------------------------

function outputPath(webPath) {
  if (!/^\/aez\/[a-z0-9/._-]+\.svg$/.test(webPath)) throw new Error(`${webPath}: seeds must point AEZ images at .svg files under /aez/`);
  return path.join(PUBLIC, ...webPath.split("/").filter(Boolean));
}

function write(webPath, svg) {
  const file = outputPath(webPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg);
  return { webPath, bytes: Buffer.byteLength(svg) };
}

const modules = JSON.parse(readFileSync(SEEDS, "utf8"));
const written = [];
const seen = new Set();
for (const module of modules) {
  for (const child of module.child) {
    // The second map with id 3.2 has its own image ("module-3.2-irrigated"): name its field after the file.
    const id = seen.has(child.id) ? path.basename(child.image, ".svg").replace(/^module-/, "") : child.id;
    seen.add(child.id);
    const legend = child.legends?.[0];
    if (!legend) throw new Error(`map ${child.id} has no legend to colour its sample image with`);
    const rows = grid(id, legend);
    written.push(write(child.image, mapSvg(child, legend, rows)));
    if (child.info) written.push(write(child.info.img, infoSvg(child, legend, rows)));
  }
}
for (const { webPath, bytes } of written) console.log(`${String(bytes).padStart(6)}  public${webPath}`);
console.log(`${written.length} files, largest ${Math.max(...written.map((w) => w.bytes))} bytes`);
