import { CATALOG_SECTORS, type CatalogSector } from "~/features/catalog/constants";

/** URL id of a catalogue sector: "Weather & Climate" -> "weather-climate". */
export function sectorSlug(sector: string): string {
  return sector
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const SECTORS: { id: string; name: CatalogSector }[] = CATALOG_SECTORS.map((name) => ({
  id: sectorSlug(name),
  name,
}));

export function sectorById(id: string) {
  return SECTORS.find((sector) => sector.id === id);
}
