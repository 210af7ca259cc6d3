import type { ReactNode } from "react";

export type CellValue = string | number | null | undefined;

/** One column of a data table. */
export interface ColumnDef<T> {
  /** Stable id, used in the URL (sort, filters, hidden columns). */
  id: string;
  header: string;
  /** The value used for sorting, filtering, faceting, copying and export. */
  value: (row: T) => CellValue;
  /** Custom cell content; defaults to the value as text. */
  render?: (row: T) => ReactNode;
  /** Offered as a facet filter (distinct values with counts). */
  facet?: boolean;
  /** A page about one facet value, linked beside it in the facet filter (for example a sector's charts). */
  facetLink?: (value: string) => { href: string; label: string } | undefined;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
  /** Initial width in px. */
  width?: number;
  /** Numeric values sort as numbers and align right. */
  numeric?: boolean;
}

export type SortDirection = "asc" | "desc";

/** Everything a user can change about a table; lives in the URL. */
export interface TableState {
  /** Global text filter over every column. */
  q: string;
  sort: { id: string; dir: SortDirection } | null;
  page: number;
  pageSize: number;
  /** Per-column text filters. */
  filters: Record<string, string>;
  /** Per-column selected facet values (a row matches any selected value). */
  facets: Record<string, string[]>;
  /** Columns the user hid or showed, relative to the defaults: ids of hidden columns. */
  hidden: string[];
}

export interface FacetCount {
  value: string;
  count: number;
}
