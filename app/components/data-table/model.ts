import { toCsvText } from "~/lib/csv";
import type { CellValue, ColumnDef, FacetCount, TableState } from "./types";

export const text = (value: CellValue) => (value === null || value === undefined ? "" : String(value));

/**
 * Made on first use, not when the module loads: an ICU collator's first set-up is tens of milliseconds on a
 * slow phone, and a table shown from the server's page sorts nothing until its rows are asked for.
 */
let madeCollator: Intl.Collator | undefined;
const collator = () => (madeCollator ??= new Intl.Collator("en", { numeric: true, sensitivity: "base" }));

function compareValues(a: CellValue, b: CellValue, numeric: boolean): number {
  const emptyA = a === null || a === undefined || a === "";
  const emptyB = b === null || b === undefined || b === "";
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1; // empty cells last
  if (numeric) return Number(a) - Number(b);
  return collator().compare(String(a), String(b));
}

function matchesText(value: CellValue, needle: string): boolean {
  return text(value).toLowerCase().includes(needle);
}

/** Rows that pass the global filter, the column filters and every facet except `skipFacet`. */
function filterRows<T>(rows: readonly T[], columns: ColumnDef<T>[], state: TableState, skipFacet?: string): T[] {
  const q = state.q.trim().toLowerCase();
  const byId = new Map(columns.map((c) => [c.id, c]));
  const filters = Object.entries(state.filters)
    .map(([id, value]) => [byId.get(id), value.trim().toLowerCase()] as const)
    .filter(([column, value]) => column && value);
  const facets = Object.entries(state.facets)
    .filter(([id, values]) => id !== skipFacet && values.length > 0 && byId.has(id))
    .map(([id, values]) => [byId.get(id)!, new Set(values)] as const);
  return rows.filter(
    (row) =>
      (q === "" || columns.some((c) => matchesText(c.value(row), q))) &&
      filters.every(([column, value]) => matchesText(column!.value(row), value)) &&
      facets.every(([column, values]) => values.has(text(column.value(row)))),
  );
}

export interface TableModel<T> {
  /** All rows after filtering and sorting. */
  rows: T[];
  /** The rows of the current page. */
  pageRows: T[];
  total: number;
  filtered: number;
  page: number;
  pageCount: number;
  /** Per facet column: its values with counts among rows matching all other filters. */
  facetCounts: Record<string, FacetCount[]>;
}

/** Filters, sorts and pages rows: the same function renders the table on the server and in the browser. */
export function applyTableState<T>(rows: readonly T[], columns: ColumnDef<T>[], state: TableState): TableModel<T> {
  const filtered = filterRows(rows, columns, state);
  const sortColumn = state.sort ? columns.find((c) => c.id === state.sort!.id) : undefined;
  if (sortColumn) {
    const sign = state.sort!.dir === "desc" ? -1 : 1;
    const numeric = sortColumn.numeric === true;
    // Decorate-sort-undecorate keeps the sort stable and calls value() once per row.
    const decorated = filtered.map((row, index) => ({ row, index, value: sortColumn.value(row) }));
    decorated.sort((a, b) => {
      const order = compareValues(a.value, b.value, numeric);
      // empty values stay last in both directions
      const empty = a.value === null || a.value === undefined || a.value === "" || b.value === null || b.value === undefined || b.value === "";
      return (empty ? order : sign * order) || a.index - b.index;
    });
    filtered.splice(0, filtered.length, ...decorated.map((d) => d.row));
  }
  const pageCount = Math.max(1, Math.ceil(filtered.length / state.pageSize));
  const page = Math.min(Math.max(1, state.page), pageCount);
  const start = (page - 1) * state.pageSize;

  const facetCounts: Record<string, FacetCount[]> = {};
  for (const column of columns.filter((c) => c.facet)) {
    const counts = new Map<string, number>();
    for (const row of filterRows(rows, columns, state, column.id)) {
      const value = text(column.value(row));
      if (value !== "") counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    facetCounts[column.id] = [...counts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || collator().compare(a.value, b.value));
  }

  return {
    rows: filtered,
    pageRows: filtered.slice(start, start + state.pageSize),
    total: rows.length,
    filtered: filtered.length,
    page,
    pageCount,
    facetCounts,
  };
}

/** CSV (RFC 4180, formula-safe) of the given rows over the visible columns, with a header row. */
export function toCsv<T>(rows: readonly T[], columns: ColumnDef<T>[]): string {
  return toCsvText(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
  );
}

/** Tab-separated rows for the clipboard (tabs and newlines inside cells become spaces). */
export function toTsv<T>(rows: readonly T[], columns: ColumnDef<T>[]): string {
  const clean = (value: string) => value.replace(/[\t\r\n]+/g, " ");
  return [columns.map((c) => clean(c.header)).join("\t"), ...rows.map((row) => columns.map((c) => clean(text(c.value(row)))).join("\t"))].join("\n");
}
