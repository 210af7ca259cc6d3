import { useSearchParams } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { parseTableState, writeTableState } from "./state";
import type { ColumnDef, TableState } from "./types";

/**
 * The table's state, read from and written to the URL: a view can be shared and reloaded, and Back
 * walks through sorts, pages and facet choices. Typing in filters replaces the history entry instead.
 */
export function useTableState<T>(columns: ColumnDef<T>[], prefix = "", pageParams = "") {
  const [params, setParams] = useSearchParams();
  // Links and navigations carry the page's own state and the table's, nothing else from the URL.
  const base = useMemo(() => new URLSearchParams(pageParams), [pageParams]);
  const state = useMemo(() => parseTableState(params, columns, prefix), [params, columns, prefix]);
  const update = useCallback(
    (patch: Partial<TableState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = { ...parseTableState(current, columns, prefix), ...patch };
          // any change other than paging starts again at the first page
          if (!("page" in patch)) next.page = 1;
          return writeTableState(base, next, columns, prefix);
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams, base, columns, prefix],
  );
  /** URL (search part) of the same view with a change applied: links that work without JavaScript. */
  const hrefWith = useCallback(
    (patch: Partial<TableState>) => {
      const next = { ...state, ...patch };
      if (!("page" in patch)) next.page = 1;
      const search = writeTableState(base, next, columns, prefix).toString();
      return search ? `?${search}` : "?";
    },
    [state, base, columns, prefix],
  );
  /** The parameters the toolbar's search form sends besides its text: everything of the view but the text and page. */
  const formParams = useMemo(() => [...writeTableState(base, { ...state, q: "", page: 1 }, columns, prefix)], [state, base, columns, prefix]);
  return { state, update, hrefWith, formParams };
}
