/**
 * Writes seeds/geo/countries.json: Natural Earth country outlines at 1:50m (world-atlas 2, public domain)
 * clipped to the South Asia frame, coordinates rounded to 0.01 degree. Run: node scripts/build-geo.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const topo = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8"));
const BBOX = [55, 0, 105, 45];
const ISO3 = {
  "004": "AFG", "050": "BGD", "064": "BTN", "356": "IND", "144": "LKA", "462": "MDV", "524": "NPL", "586": "PAK",
};

const round = (v) => Math.round(v * 100) / 100;

/** Sutherland-Hodgman clipping of one ring against the frame. */
function clipRing(ring) {
  const edges = [
    (p) => p[0] >= BBOX[0], (p) => p[0] <= BBOX[2], (p) => p[1] >= BBOX[1], (p) => p[1] <= BBOX[3],
  ];
  const cut = [
    (a, b) => [BBOX[0], a[1] + ((b[1] - a[1]) * (BBOX[0] - a[0])) / (b[0] - a[0])],
    (a, b) => [BBOX[2], a[1] + ((b[1] - a[1]) * (BBOX[2] - a[0])) / (b[0] - a[0])],
    (a, b) => [a[0] + ((b[0] - a[0]) * (BBOX[1] - a[1])) / (b[1] - a[1]), BBOX[1]],
    (a, b) => [a[0] + ((b[0] - a[0]) * (BBOX[3] - a[1])) / (b[1] - a[1]), BBOX[3]],
  ];
  let out = ring.slice(0, -1);
  for (let e = 0; e < 4 && out.length; e++) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i];
      const prev = input[(i + input.length - 1) % input.length];
      const inCur = edges[e](cur);
      const inPrev = edges[e](prev);
      if (inCur) {
        if (!inPrev) out.push(cut[e](prev, cur));
        out.push(cur);
      } else if (inPrev) out.push(cut[e](prev, cur));
    }
  }
  const rounded = [];
  for (const p of out) {
    const q = [round(p[0]), round(p[1])];
    const last = rounded[rounded.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) rounded.push(q);
  }
  if (rounded.length < 3) return undefined;
  rounded.push(rounded[0]);
  return rounded.length >= 4 ? rounded : undefined;
}

function clipPolygon(rings) {
  const outer = clipRing(rings[0]);
  if (!outer) return undefined;
  return [outer, ...rings.slice(1).map(clipRing).filter(Boolean)];
}

const collection = feature(topo, topo.objects.countries);
const features = [];
for (const f of collection.features) {
  if (!f.geometry) continue;
  const polys = f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates;
  const clipped = polys.map(clipPolygon).filter(Boolean);
  if (!clipped.length) continue;
  const code = ISO3[f.id];
  features.push({
    type: "Feature",
    id: features.length,
    properties: { name: f.properties.name, iso3: code ?? null, numeric: f.id, focus: Boolean(code) },
    geometry: { type: "MultiPolygon", coordinates: clipped },
  });
}
const missing = Object.values(ISO3).filter((c) => !features.some((f) => f.properties.iso3 === c));
if (missing.length) throw new Error(`countries missing from the outlines: ${missing.join(", ")}`);
const out = {
  type: "FeatureCollection",
  source: "Natural Earth 1:50m admin-0 countries via world-atlas 2 (public domain), clipped to 55-105 E, 0-45 N",
  features,
};
writeFileSync(new URL("../seeds/geo/countries.json", import.meta.url), `${JSON.stringify(out)}\n`);
console.log(`seeds/geo/countries.json: ${features.length} countries`);
