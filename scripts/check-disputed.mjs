/**
 * Checks the shipped copy of Natural Earth's "Admin 0 - Breakaway and disputed areas" layer for South Asia,
 * seeds/geo/sources/ne_50m_disputed_south_asia.geojson, which was transcribed from the layer's GeoJSON and
 * must stay exactly as the source has it (boundary data; `source` in the file names the commit):
 *
 * - every position of a feature lies within the feature's recorded `bbox`, and the smallest and largest
 *   longitude and latitude equal it (to 1e-9): the source computed the bbox from its coordinates, so a
 *   mistyped, dropped or added extreme vertex, or one moved out of the box, shows here;
 * - every ring is closed (first position equals last) and has at least four positions;
 * - NE_ID, Natural Earth's identifier of the feature, is unique;
 * - the properties are the ones the file keeps (identity, notes, de facto holder, the point-of-view holders).
 *
 * Prints one line per feature: its name, the de facto holder (ADM0_A3), the holder from India's,
 * Pakistan's, Nepal's and China's points of view (ADM0_A3_IN, _PK, _NP, _CN) and its number of positions;
 * then each problem found, and exits 1 if there is one.
 *
 * Run: node scripts/check-disputed.mjs [file]   (the shipped file by default)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DISPUTED_FILE = fileURLToPath(new URL("../seeds/geo/sources/ne_50m_disputed_south_asia.geojson", import.meta.url));

/** The points of view the layer carries, in its order: ADM0_A3_<code> names the holder seen from there. */
const POINTS_OF_VIEW = ["US", "FR", "RU", "ES", "CN", "TW", "IN", "NP", "PK", "DE", "GB", "BR", "IL", "PS", "SA", "EG", "MA", "PT", "AR", "JP", "KO", "VN", "TR", "ID", "PL", "GR", "IT", "NL", "SE", "BD", "UA", "UN", "WB"];

/** The properties each feature keeps, in the file's order. */
export const KEPT_PROPERTIES = ["NE_ID", "BRK_A3", "BRK_NAME", "BRK_GROUP", "NAME_EN", "NAME_ALT", "NOTE_BRK", "TYPE", "SOV_A3", "ADM0_A3", "WIKIDATAID", ...POINTS_OF_VIEW.map((code) => `ADM0_A3_${code}`)];

const TOLERANCE = 1e-9;

/** The rings of a Polygon or MultiPolygon geometry (an empty list for anything else). */
function ringsOf(geometry) {
  if (geometry?.type === "Polygon") return geometry.coordinates;
  if (geometry?.type === "MultiPolygon") return geometry.coordinates.flat();
  return [];
}

/**
 * Checks a parsed FeatureCollection as described above.
 * @param {any} collection
 * @returns {{ lines: string[], problems: string[] }}
 */
export function checkDisputed(collection) {
  const lines = [];
  const problems = [];
  const features = Array.isArray(collection?.features) ? collection.features : [];
  if (collection?.type !== "FeatureCollection" || features.length === 0) problems.push("not a FeatureCollection with features");
  const seenIds = new Map();
  features.forEach((feature, index) => {
    const props = feature?.properties ?? {};
    const name = props.BRK_NAME ?? `feature ${index}`;
    const keys = Object.keys(props);
    if (keys.length !== KEPT_PROPERTIES.length || KEPT_PROPERTIES.some((key, i) => keys[i] !== key)) {
      problems.push(`${name}: properties are not ${KEPT_PROPERTIES.join(", ")}`);
    }
    if (seenIds.has(props.NE_ID)) problems.push(`${name}: NE_ID ${props.NE_ID} is also ${seenIds.get(props.NE_ID)}'s`);
    else seenIds.set(props.NE_ID, name);

    const rings = ringsOf(feature?.geometry);
    if (rings.length === 0) problems.push(`${name}: geometry is not a Polygon or MultiPolygon`);
    let positions = 0;
    const extent = [Infinity, Infinity, -Infinity, -Infinity];
    rings.forEach((ring, r) => {
      if (!Array.isArray(ring) || ring.length < 4) problems.push(`${name}: ring ${r} has ${ring?.length ?? 0} positions (at least 4 needed)`);
      if (!Array.isArray(ring) || ring.length === 0) return;
      const [first, last] = [ring[0], ring[ring.length - 1]];
      if (first[0] !== last[0] || first[1] !== last[1]) problems.push(`${name}: ring ${r} is not closed (${first} ... ${last})`);
      for (const position of ring) {
        const [lon, lat] = position;
        if (position.length !== 2 || !Number.isFinite(lon) || !Number.isFinite(lat)) {
          problems.push(`${name}: ring ${r} has a position that is not [longitude, latitude]: ${JSON.stringify(position)}`);
          continue;
        }
        positions += 1;
        extent[0] = Math.min(extent[0], lon);
        extent[1] = Math.min(extent[1], lat);
        extent[2] = Math.max(extent[2], lon);
        extent[3] = Math.max(extent[3], lat);
      }
    });
    const bbox = feature?.bbox;
    if (!Array.isArray(bbox) || bbox.length !== 4) problems.push(`${name}: no bbox [west, south, east, north]`);
    else if (extent.some((value, i) => !(Math.abs(value - bbox[i]) <= TOLERANCE))) {
      problems.push(`${name}: coordinates span [${extent.join(", ")}], the recorded bbox is [${bbox.join(", ")}]`);
    }
    const holders = ["IN", "PK", "NP", "CN"].map((code) => `${code}:${props[`ADM0_A3_${code}`]}`).join(" ");
    lines.push(`${name} | de facto ${props.ADM0_A3} | ${holders} | ${positions} positions`);
  });
  return { lines, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? DISPUTED_FILE;
  const { lines, problems } = checkDisputed(JSON.parse(readFileSync(file, "utf8")));
  for (const line of lines) console.log(line);
  for (const problem of problems) console.error(`problem: ${problem}`);
  console.log(problems.length === 0 ? `${lines.length} features, all checks pass` : `${problems.length} problem(s)`);
  process.exit(problems.length === 0 ? 0 : 1);
}
