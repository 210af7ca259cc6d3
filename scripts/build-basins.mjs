/**
 * Writes seeds/geo/basins.json: the 16 river basins of the portal as coarse, hand-made polygons. They are
 * approximate outlines drawn by hand after published basin maps, good for locating a basin on the map and
 * for a choropleth, not for area statistics. Run: node scripts/build-basins.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";

const OUTLINES = {
  indus: [[66.5,24.5],[68,23.8],[71,24.5],[73.5,27.5],[75.5,30.5],[77.5,31.5],[81,31],[80.5,33.5],[77.5,35.8],[75,37],[72,36.5],[69.5,34.5],[67,31],[66.5,27.5]],
  ganges: [[73.5,23.5],[75,26.5],[77.5,30.8],[79.5,31],[81,30.2],[84,28.5],[88,27.8],[89,26],[89.5,23],[88.5,21.7],[87,23],[85,23],[83,22.5],[80,22.8],[77,22.5],[74.5,22.8]],
  brahmaputra: [[82,30.5],[85,30.8],[90,31.5],[94,30.5],[97.5,28.5],[96,27],[93,26],[92,25.2],[90,25.2],[89.5,24],[88.8,25.5],[88.5,27],[90,28],[86,29],[83,29.5]],
  meghna: [[90.2,22.5],[91,22.2],[91.9,23.2],[93,24],[94.5,25.2],[93.8,26],[92,25.5],[90.5,25],[90,23.5]],
  godavari: [[73.4,19.9],[74.5,21],[76.5,21.5],[78.5,22.5],[80.5,22.3],[82.5,20.5],[82.2,18],[81.8,16.5],[80.5,17.2],[79,18],[77.5,18.2],[76,18.6],[74.5,19]],
  krishna: [[73.4,18.8],[74.5,19],[76,18.5],[77.5,18],[79,17.2],[80.5,16.5],[81.2,15.8],[80,15.6],[78,15.5],[76.5,14.5],[75.5,14],[74.2,15.2],[73.7,16.5]],
  cauvery: [[75.5,12.8],[76.2,13.5],[77.5,13.2],[78.2,12.5],[79.3,11.6],[79.8,10.3],[79,10.1],[77.8,10.4],[76.8,11],[75.8,11.8]],
  mahanadi: [[80.5,22.8],[81.5,23.5],[83,23.3],[84.5,22.3],[86.8,20.4],[85.5,19.8],[84,20],[82.5,19.2],[81.5,20.2],[80.6,21.4]],
  narmada: [[72.6,21.7],[74,22.5],[76,22.6],[78,23.2],[80,23.3],[81.8,22.7],[81,22.3],[79,22.3],[77,21.9],[75,21.6],[73.5,21.4]],
  tapi: [[72.7,21.1],[74,21.5],[75.5,21.4],[77,21.6],[78.3,21.9],[78.2,21.1],[76.5,20.6],[75,20.4],[73.7,20.6]],
  pennar: [[77.1,13.5],[77.5,14.6],[78.2,15.3],[79.3,15.2],[80.2,14.5],[79.8,13.8],[78.8,13.4],[77.8,13.2]],
  helmand: [[60.9,30.5],[61.8,31.3],[62.5,32.2],[64,33.5],[66,34.4],[68,34.6],[68.5,33.5],[67.5,32],[66.5,30.5],[65,29.8],[62.5,29.5],[61,29.8]],
  kabul: [[68.2,34.3],[69,35],[70.5,35.8],[71.8,36.2],[72.5,35],[72.3,34],[71,33.8],[69.5,33.9]],
  "amu-darya": [[59.5,37.8],[61,40],[60,42.5],[59,44],[61.5,43.5],[64,41.5],[66.5,39.5],[70,39.5],[73.5,39],[75,37.3],[73.5,36.8],[71.5,36.5],[69.5,36.4],[67.5,36.8],[66,37],[64.5,37.5],[62.5,37.2]],
  "harirud-murghab": [[61,34.5],[61.2,36.8],[62,37.8],[63.5,38],[64.4,37.3],[65.5,36],[66.3,35.2],[65,34.5],[63.5,34.2],[62,34.2]],
  mahaweli: [[80.6,6.9],[80.4,7.4],[80.7,7.8],[81.1,8.5],[81.3,8.3],[81.2,7.6],[81,7]],
};

const geos = JSON.parse(readFileSync(new URL("../seeds/geos.json", import.meta.url), "utf8"));
const basins = geos.filter((g) => g.field_geotype === "Basin");
const features = basins.map((geo, i) => {
  const ring = OUTLINES[geo.field_value];
  if (!ring) throw new Error(`no outline for basin ${geo.field_value}`);
  return {
    type: "Feature",
    id: i,
    properties: { code: geo.field_value, name: geo.name, approximate: true },
    geometry: { type: "Polygon", coordinates: [[...ring, ring[0]]] },
  };
});
const extra = Object.keys(OUTLINES).filter((code) => !basins.some((b) => b.field_value === code));
if (extra.length) throw new Error(`outlines without a basin in geos.json: ${extra.join(", ")}`);
const out = {
  type: "FeatureCollection",
  approximate: true,
  source:
    "Hand-made coarse outlines drawn after published river basin maps (about 0.5 degree accuracy at best). Approximate: for locating basins and showing values, not for area statistics.",
  features,
};
writeFileSync(new URL("../seeds/geo/basins.json", import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
console.log(`seeds/geo/basins.json: ${features.length} basins`);
