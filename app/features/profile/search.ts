import type { SearchItem } from "~/features/navigation/search-items";
import type { Geo } from "~/features/cmip6/schema";
import { placeKindText, placeSlugs } from "~/features/places/places";
import { profilePath } from "./profile";

/**
 * Navigation search destinations for the place profiles: one per country, basin, state and province,
 * found by name, code, kind and (for a state) its country's name.
 */
export function profileSearchItems(geos: readonly Pick<Geo, "field_value" | "name" | "field_geotype" | "field_country">[]): SearchItem[] {
  const slugs = placeSlugs(geos);
  return geos.map((geo) => ({
    href: profilePath({ slug: slugs.get(geo.field_value)! }),
    title: `${geo.name} climate profile`,
    label: "Climate",
    keywords: `${geo.field_value} ${placeKindText({ type: geo.field_geotype, country: geo.field_country }).toLowerCase()} profile printable data pack`,
  }));
}
