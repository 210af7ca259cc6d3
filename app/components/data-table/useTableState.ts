import { useSearchParams } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { parseTableState, writeTableState } from "./state";
import type { ColumnDef, TableState } from "./types";

/**
 * The table's state, read from and written to the URL: a view can be shared and reloaded, and Back
 * walks through sorts, pages and facet choices. Typing in filters replaces the history entry instead.
 */
export function useTableState<T>(columns: ColumnDef<T>[], prefix = "") {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseTableState(params, columns, prefix), [params, columns, prefix]);
  const update = useCallback(
    (patch: Partial<TableState>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = { ...parseTableState(current, columns, prefix), ...patch };
          // any change other than paging starts again at the first page
          if (!("page" in patch)) next.page = 1;
          return writeTableState(current, next, columns, prefix);
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams, columns, prefix],
  );
  /** URL (search part) of the same view with a change applied: links that work without JavaScript. */
  const hrefWith = useCallback(
    (patch: Partial<TableState>) => {
      const next = { ...state, ...patch };
      if (!("page" in patch)) next.page = 1;
      const search = writeTableState(params, next, columns, prefix).toString();
      return search ? `?${search}` : "?";
    },
    [state, params, columns, prefix],
  );
  return { state, update, hrefWith };
}
