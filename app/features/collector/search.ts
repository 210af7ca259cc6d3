import type { SearchItem } from "~/features/navigation/search-items";
import { SECTORS } from "./sectors";

export const sectorChartsHref = (id: string) => `/data-chart/section/${id}`;

/** Navigation search destinations for the catalogue sectors: each sector's table and its charts. */
export const SECTOR_SEARCH_ITEMS: SearchItem[] = SECTORS.flatMap((sector) => [
  { href: `/data/sector/${sector.id}`, title: `${sector.name} sector`, label: "Data catalogue", keywords: "sector datasets table" },
  { href: sectorChartsHref(sector.id), title: `${sector.name}: charts`, label: "Data catalogue", keywords: "sector section charts datasets by source geography period" },
]);
