import type { ColumnDef, TableState } from "./types";

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;
/**
 * Rows of a page a phone shows at first, about its first screen of them: the rest of the page are in the
 * document, under a fold after the table ("Show rows 11–50") that the reader opens, and they show from the
 * first paint on a wide screen (the rule "A page's later rows" in styles/app.css, which names the 11th row;
 * decision 028).
 */
export const PHONE_FIRST_ROWS = 10;
/** Filters longer than this are cut, and facets keep at most so many values: they come from URLs anyone can write. */
const MAX_FILTER_LENGTH = 200;
const MAX_FACET_VALUES = 50;

/** A table's state with nothing chosen; `pageSize` is the table's own first page size (one of PAGE_SIZES). */
export function defaultTableState<T>(columns: ColumnDef<T>[], pageSize: number = DEFAULT_PAGE_SIZE): TableState {
  return {
    q: "",
    sort: null,
    page: 1,
    pageSize,
    filters: {},
    facets: {},
    hidden: columns.filter((c) => c.hiddenByDefault).map((c) => c.id),
  };
}

/**
 * Reads a table's state from URL search parameters. Unknown columns and invalid values are ignored (the
 * defaults apply), so a hand-edited or stale link still opens a working table. `prefix` lets two tables
 * share one URL; `pageSize` is the table's page size when the URL names none.
 */
export function parseTableState<T>(params: URLSearchParams, columns: ColumnDef<T>[], prefix = "", pageSize: number = DEFAULT_PAGE_SIZE): TableState {
  const state = defaultTableState(columns, pageSize);
  const ids = new Set(columns.map((c) => c.id));
  const get = (key: string) => params.get(prefix + key);

  state.q = (get("q") ?? "").slice(0, MAX_FILTER_LENGTH);
  const sort = get("sort");
  if (sort) {
    const desc = sort.startsWith("-");
    const id = desc ? sort.slice(1) : sort;
    if (ids.has(id)) state.sort = { id, dir: desc ? "desc" : "asc" };
  }
  const page = Number(get("page"));
  if (Number.isInteger(page) && page >= 1) state.page = page;
  const size = Number(get("size"));
  if ((PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size;

  for (const [key, value] of params) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    if (name.startsWith("f.") && ids.has(name.slice(2)) && value.trim() !== "") {
      state.filters[name.slice(2)] = value.slice(0, MAX_FILTER_LENGTH);
    } else if (name.startsWith("in.") && ids.has(name.slice(3))) {
      const id = name.slice(3);
      const values = (state.facets[id] ??= []);
      const cut = value.slice(0, MAX_FILTER_LENGTH);
      if (!values.includes(cut) && values.length < MAX_FACET_VALUES) values.push(cut);
    }
  }
  const cols = get("cols");
  if (cols !== null) {
    const shown = new Set(cols.split(",").filter((id) => ids.has(id)));
    state.hidden = columns.filter((c) => !shown.has(c.id)).map((c) => c.id);
  }
  return state;
}

/**
 * Writes a table's state into search parameters (keeping the other parameters of `base`, which the page
 * chooses), leaving defaults out so URLs stay short.
 */
export function writeTableState<T>(
  base: URLSearchParams,
  state: TableState,
  columns: ColumnDef<T>[],
  prefix = "",
  pageSize: number = DEFAULT_PAGE_SIZE,
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...params.keys()]) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    if (["q", "sort", "page", "size", "cols"].includes(name) || name.startsWith("f.") || name.startsWith("in.")) {
      params.delete(key);
    }
  }
  const set = (key: string, value: string) => params.set(prefix + key, value);
  if (state.q) set("q", state.q);
  if (state.sort) set("sort", (state.sort.dir === "desc" ? "-" : "") + state.sort.id);
  if (state.page > 1) set("page", String(state.page));
  if (state.pageSize !== pageSize) set("size", String(state.pageSize));
  for (const [id, value] of Object.entries(state.filters)) if (value) set(`f.${id}`, value);
  for (const [id, values] of Object.entries(state.facets)) for (const v of values) params.append(`${prefix}in.${id}`, v);
  const defaults = defaultTableState(columns).hidden;
  if ([...state.hidden].sort().join(",") !== [...defaults].sort().join(",")) {
    set("cols", columns.filter((c) => !state.hidden.includes(c.id)).map((c) => c.id).join(","));
  }
  return params;
}
