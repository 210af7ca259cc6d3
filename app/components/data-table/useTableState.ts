import { useSearchParams } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { DEFAULT_PAGE_SIZE, parseTableState, writeTableState } from "./state";
import type { ColumnDef, TableState } from "./types";

/**
 * The table's state, read from and written to the URL: a view can be shared and reloaded, and Back
 * walks through sorts, pages and facet choices. Typing in filters replaces the history entry instead.
 * `pageSize` is the table's page size when the URL names none.
 */
export function useTableState<T>(columns: ColumnDef<T>[], prefix = "", pageParams = "", pageSize: number = DEFAULT_PAGE_SIZE) {
  const [params, setParams] = useSearchParams();
  // Links and navigations carry the page's own state and the table's, nothing else from the URL.
  const base = useMemo(() => new URLSearchParams(pageParams), [pageParams]);
  const state = useMemo(() => parseTableState(params, columns, prefix, pageSize), [params, columns, prefix, pageSize]);
  const update = useCallback(
    (patch: Partial<TableState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = { ...parseTableState(current, columns, prefix, pageSize), ...patch };
          // any change other than paging starts again at the first page
          if (!("page" in patch)) next.page = 1;
          return writeTableState(base, next, columns, prefix, pageSize);
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams, base, columns, prefix, pageSize],
  );
  /** URL (search part) of the same view with a change applied: links that work without JavaScript. */
  const hrefWith = useCallback(
    (patch: Partial<TableState>) => {
      const next = { ...state, ...patch };
      if (!("page" in patch)) next.page = 1;
      const search = writeTableState(base, next, columns, prefix, pageSize).toString();
      return search ? `?${search}` : "?";
    },
    [state, base, columns, prefix, pageSize],
  );
  /** The parameters the toolbar's search form sends besides its text: everything of the view but the text and page. */
  const formParams = useMemo(() => [...writeTableState(base, { ...state, q: "", page: 1 }, columns, prefix, pageSize)], [state, base, columns, prefix, pageSize]);
  return { state, update, hrefWith, formParams };
}
