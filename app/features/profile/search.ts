import type { SearchItem } from "~/features/navigation/search-items";
import type { Geo } from "~/features/cmip6/schema";

/**
 * Navigation search destinations for the place profiles: one per country, basin, state and province,
 * found by name, code and kind (a state also by its country's code). Each goes to the profile by its code,
 * which the profile route answers with the place's readable address (`/profiles/IN-UP` →
 * `/profiles/uttar-pradesh`), so that the 183 slugs are not worked out in every page's script. A disputed
 * area is found as one (`disputed area`), never under a country.
 */
const KIND_WORDS: Record<Geo["field_geotype"], string> = { Country: "country", Basin: "river basin", State: "state province", Disputed: "disputed area" };

export const profileSearchItems = (geos: readonly Pick<Geo, "field_value" | "name" | "field_geotype" | "field_country">[]): SearchItem[] =>
  geos.map((geo) => ({
    href: `/profiles/${encodeURIComponent(geo.field_value)}`,
    title: `${geo.name} climate profile`,
    label: "Climate",
    keywords: `${geo.field_value} ${KIND_WORDS[geo.field_geotype]}${geo.field_country ? ` ${geo.field_country}` : ""} profile printable data pack`,
  }));
