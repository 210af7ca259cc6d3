import type { SearchItem } from "~/features/navigation/search-items";
import type { Geo } from "~/features/cmip6/schema";
import { profilePath } from "./profile";

/** Navigation search destinations for the place profiles: one per country and basin. */
export const profileSearchItems = (geos: readonly Pick<Geo, "field_value" | "name" | "field_geotype">[]): SearchItem[] =>
  geos.map((geo) => ({
    href: profilePath(geo.name),
    title: `${geo.name} climate profile`,
    label: "Climate",
    keywords: `${geo.field_value} ${geo.field_geotype === "Basin" ? "river basin" : "country"} profile printable data pack`,
  }));
