import { Link } from "@remix-run/react";
import type { ColumnDef } from "~/components/data-table/types";
import type { CatalogEntry } from "./schema";
import { sectorChartsHref } from "~/features/collector/search";
import { SECTORS } from "~/features/collector/sectors";

/** Where a catalogue entry's own page is: its chart and table view. */
export const entryHref = (entry: CatalogEntry) => `/data-chart/node/${entry.id}`;

/** The columns of every catalogue table. */
export const CATALOG_COLUMNS: ColumnDef<CatalogEntry>[] = [
  {
    id: "name",
    header: "Dataset",
    value: (e) => e.name,
    render: (e) => (
      <Link to={entryHref(e)} tabIndex={-1} prefetch="intent">
        {e.name}
      </Link>
    ),
    width: 300,
  },
  {
    id: "sector",
    header: "Sector",
    value: (e) => e.data_sector,
    facet: true,
    facetLink: (name) => {
      const sector = SECTORS.find((s) => s.name === name);
      return sector && { href: sectorChartsHref(sector.id), label: `${sector.name}: charts` };
    },
    width: 140,
  },
  { id: "source", header: "Source", value: (e) => e.source, facet: true, width: 120 },
  { id: "indic", header: "Indicator", value: (e) => e.indic, facet: true, width: 90 },
  { id: "geo", header: "Geo", value: (e) => e.geo, facet: true, width: 70 },
  { id: "level", header: "Level", value: (e) => e.level, facet: true, width: 60 },
  { id: "period", header: "Period", value: (e) => e.period, facet: true, width: 80 },
  { id: "year_range", header: "Years", value: (e) => e.year_range, facet: true, width: 90 },
  { id: "format", header: "Format", value: (e) => e.format, hiddenByDefault: true, width: 90 },
  { id: "topic", header: "Topic", value: (e) => e.topic, hiddenByDefault: true, facet: true, width: 100 },
  { id: "description", header: "Description", value: (e) => e.description, hiddenByDefault: true, width: 400 },
];
