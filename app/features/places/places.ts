import { COUNTRY_ISO3, COUNTRY_NAMES, type CountryIso3 } from "../cmip6/countries";

/**
 * The portal's places as every screen and API names them: the eight countries, the 16 river basins and the
 * countries' first-level administrative units (states and union territories, provinces, divisions,
 * dzongkhags, atolls), one list (`seeds/geos.json`, the series API's `geo`). This module is the one place
 * that knows how they group, which country a unit belongs to, how a reader finds one by name, code or
 * another spelling, and the readable path segment of each profile. It carries no zod and no outlines, so
 * that browser code can use it; the outlines are the server's (`server/places/`).
 */

export type PlaceKind = "Country" | "Basin" | "State";

/** A place as the geos list has it. */
export interface PlaceEntry {
  field_value: string;
  name: string;
  field_geotype: PlaceKind;
  /** The country of a state or province (ISO3). */
  field_country?: CountryIso3;
}

/** One group of a place picker: its label and its places, in the list's order. */
export interface PlaceGroup<P extends PlaceEntry = PlaceEntry> {
  label: string;
  places: P[];
}

/** What a place is, for a line under its name: `Country`, `River basin`, `State or province of India`. */
export function placeKindText(place: { type: PlaceKind; country?: string }): string {
  if (place.type === "Country") return "Country";
  if (place.type === "Basin") return "River basin";
  return `State or province of ${COUNTRY_NAMES[place.country as CountryIso3] ?? place.country}`;
}

/** What the readers of a picker call a country's first-level units. */
export const STATES_LABEL = "States and provinces";

/**
 * The groups of a place picker: countries, river basins, then each country's states and provinces (in the
 * countries' order), so a long list reads by country and a reader who types a name lands on it.
 */
export function placeGroups<P extends PlaceEntry>(places: readonly P[]): PlaceGroup<P>[] {
  const countries = places.filter((p) => p.field_geotype === "Country");
  const groups: PlaceGroup<P>[] = [
    { label: "Countries", places: countries },
    { label: "River basins", places: places.filter((p) => p.field_geotype === "Basin") },
  ];
  for (const country of countries) {
    const units = places.filter((p) => p.field_geotype === "State" && p.field_country === country.field_value);
    if (units.length > 0) groups.push({ label: `${STATES_LABEL}: ${country.name}`, places: units });
  }
  return groups.filter((g) => g.places.length > 0);
}

/** The country a place is in: itself for a country, its country for a state or province, none for a basin. */
export function countryOfPlace(place: Pick<PlaceEntry, "field_value" | "field_geotype" | "field_country">): CountryIso3 | undefined {
  if (place.field_geotype === "State") return place.field_country;
  if (place.field_geotype === "Country") return (COUNTRY_ISO3 as readonly string[]).includes(place.field_value) ? (place.field_value as CountryIso3) : undefined;
  return undefined;
}

/** `Sri Lanka` → `sri-lanka`. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The readable path segment of each place, by code: its name as a slug (`uttar-pradesh`, `nepal`,
 * `amu-darya`), and where two places share a name (India's and Pakistan's Punjab; Afghanistan's Kabul and
 * Helmand provinces and the river basins of the same names) the state's slug adds its country
 * (`punjab-india`, `kabul-afghanistan`), so every place keeps one address whatever else is added.
 */
export function placeSlugs(places: readonly PlaceEntry[]): Map<string, string> {
  const byName = new Map<string, PlaceEntry[]>();
  for (const p of places) byName.set(slugOf(p.name), [...(byName.get(slugOf(p.name)) ?? []), p]);
  const countryNames = new Map(places.filter((p) => p.field_geotype === "Country").map((p) => [p.field_value, p.name]));
  const slugs = new Map<string, string>();
  for (const p of places) {
    const plain = slugOf(p.name);
    const shared = (byName.get(plain)?.length ?? 0) > 1;
    slugs.set(p.field_value, shared && p.field_geotype === "State" ? slugOf(`${p.name} ${countryNames.get(p.field_country ?? "") ?? p.field_country}`) : plain);
  }
  return slugs;
}

/** A place's name for a reader who may not know where it is: `Punjab (Pakistan)`, `Uttar Pradesh (India)`, `Nepal`. */
export function placeLabel(place: PlaceEntry, places: readonly PlaceEntry[]): string {
  if (place.field_geotype !== "State") return place.name;
  const country = places.find((p) => p.field_geotype === "Country" && p.field_value === place.field_country);
  return `${place.name} (${country?.name ?? place.field_country})`;
}

/** Folds case and accents, so `male` finds `Malé` and `KHYBER` finds `Khyber Pakhtunkhwa`. */
const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * The places a reader's words name, best first: an exact code (`IN-UP`, `npl`), then names and other
 * spellings (`aliases`: former codes such as `IN-OR`, older names such as `Orissa`, `NWFP`) that start with
 * the words, then those that contain them.
 */
export function findPlaces<P extends PlaceEntry>(places: readonly P[], query: string, aliases: ReadonlyMap<string, readonly string[]> = new Map()): P[] {
  const q = fold(query.trim());
  if (!q) return [];
  const rank = (p: P): number => {
    if (fold(p.field_value) === q) return 0;
    const names = [p.name, ...(aliases.get(p.field_value) ?? [])].map(fold);
    if (names.some((n) => n === q)) return 1;
    if (names.some((n) => n.startsWith(q) || n.split(/[\s-]+/).some((w) => w.startsWith(q)))) return 2;
    if (names.some((n) => n.includes(q))) return 3;
    return 4;
  };
  return places
    .map((p, i) => ({ p, i, r: rank(p) }))
    .filter((x) => x.r < 4)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}

/**
 * Up to `count` places a mistyped or partial `geo` may have meant, for an error's hint: what `findPlaces`
 * finds, else places whose code or a word of whose name shares the text's first three letters.
 */
export function nearestPlaces<P extends PlaceEntry>(places: readonly P[], text: string, count = 3): P[] {
  const found = findPlaces(places, text);
  if (found.length > 0) return found.slice(0, count);
  const stem = fold(text.trim()).replace(/[^a-z0-9]/g, "").slice(0, 3);
  if (stem.length < 2) return [];
  return places.filter((p) => fold(p.field_value).replace(/[^a-z0-9]/g, "").startsWith(stem) || fold(p.name).split(/[\s-]+/).some((w) => w.startsWith(stem))).slice(0, count);
}
