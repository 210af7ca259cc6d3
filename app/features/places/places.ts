import { COUNTRY_NAMES, type CountryIso3 } from "../cmip6/countries";

/**
 * The portal's places as every screen and API names them: the eight countries, the 16 river basins and the
 * countries' first-level administrative units (states and union territories, provinces, divisions,
 * dzongkhags, atolls), one list (`seeds/geos.json`, the series API's `geo`). This module is the one place
 * that knows how they group, which country a unit belongs to, how a reader finds one by name, code or
 * another spelling, and the readable path segment of each profile. It carries no zod and no outlines, so
 * that browser code can use it; the outlines are the server's (`server/places/`).
 */

export type PlaceKind = "Country" | "Basin" | "State" | "Disputed";

/** A place as the geos list has it. */
export interface PlaceEntry {
  field_value: string;
  name: string;
  field_geotype: PlaceKind;
  /** The country of a state or province (ISO3). */
  field_country?: CountryIso3;
  /** A place an operator's series ingest added (`--places`): not in the seed, listed after its places. */
  added?: true;
  /** Of a disputed area: who administers and who claims it. */
  field_status?: string;
}

/** One group of a place picker: its label and its places, in the list's order. */
export interface PlaceGroup<P extends PlaceEntry = PlaceEntry> {
  label: string;
  places: P[];
}

/**
 * What a place is, for a line under its name: `Country`, `River basin`, `State or province of India`,
 * `Disputed area: administered by China; claimed by India`, and for a place the operator added (a
 * district, say) `Place in India, added by the portal's operator`.
 */
export function placeKindText(place: { type: PlaceKind; country?: string; added?: true; status?: string }): string {
  if (place.type === "Country") return "Country";
  if (place.type === "Basin") return "River basin";
  if (place.type === "Disputed") return place.status ? `${DISPUTED_LABEL}: ${place.status.charAt(0).toLowerCase()}${place.status.slice(1)}` : DISPUTED_LABEL;
  const country = COUNTRY_NAMES[place.country as CountryIso3] ?? place.country;
  if (place.added) return `Place in ${country}, added by the portal's operator`;
  return `State or province of ${country}`;
}

/** What the readers of a picker call a country's first-level units. */
export const STATES_LABEL = "States and provinces";
/** What a disputed area is called wherever it is listed: never a part of a country or a unit. */
export const DISPUTED_LABEL = "Disputed area";

/**
 * The groups of a place picker: countries, river basins, then each country's states and provinces (in the
 * countries' order), then the disputed areas as a group of their own, so a long list reads by country, a
 * reader who types a name lands on it, and no disputed area is listed as part of a country.
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
  groups.push({ label: "Disputed areas", places: places.filter((p) => p.field_geotype === "Disputed") });
  return groups.filter((g) => g.places.length > 0);
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
 * (`punjab-india`, `kabul-afghanistan`), so every place keeps one address whatever else is added. A
 * disputed area's slug always says so (`aksai-chin-disputed-area`, `jammu-and-kashmir-disputed-area`: the
 * states of India of the same names keep theirs).
 */
export function placeSlugs(places: readonly PlaceEntry[]): Map<string, string> {
  const byName = new Map<string, PlaceEntry[]>();
  for (const p of places) if (p.field_geotype !== "Disputed") byName.set(slugOf(p.name), [...(byName.get(slugOf(p.name)) ?? []), p]);
  const countryNames = new Map(places.filter((p) => p.field_geotype === "Country").map((p) => [p.field_value, p.name]));
  const slugs = new Map<string, string>();
  for (const p of places) {
    const plain = slugOf(p.name);
    if (p.field_geotype === "Disputed") {
      slugs.set(p.field_value, slugOf(`${p.name} ${DISPUTED_LABEL}`));
      continue;
    }
    const shared = (byName.get(plain)?.length ?? 0) > 1;
    slugs.set(p.field_value, shared && p.field_geotype === "State" ? slugOf(`${p.name} ${countryNames.get(p.field_country ?? "") ?? p.field_country}`) : plain);
  }
  return slugs;
}

/** A place's name as headings and summaries give it: a disputed area's says it is one (`Aksai Chin (disputed area)`). */
export const namedAsPlace = (place: { name: string; type: PlaceKind }) => (place.type === "Disputed" ? `${place.name} (${DISPUTED_LABEL.toLowerCase()})` : place.name);

/**
 * A place's name for a reader who may not know where it is: `Punjab (Pakistan)`, `Uttar Pradesh (India)`,
 * `Aksai Chin (disputed area)`, `Nepal`.
 */
export function placeLabel(place: PlaceEntry, places: readonly PlaceEntry[]): string {
  if (place.field_geotype === "Disputed") return namedAsPlace({ name: place.name, type: place.field_geotype });
  if (place.field_geotype !== "State") return place.name;
  const country = places.find((p) => p.field_geotype === "Country" && p.field_value === place.field_country);
  return `${place.name} (${country?.name ?? place.field_country})`;
}
