import { Checkbox, HTMLTable } from "@blueprintjs/core";
import { useNavigate } from "@remix-run/react";
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Pagination } from "~/components/Pagination";
import { openOnWideScreen } from "~/components/RoutePage";
import type { OnDemand } from "~/lib/use-on-demand";
import { downloadText } from "./download";
import { applyTableState, text, toCsv, toTsv, type TableModel } from "./model";
import { TableHead } from "./TableHead";
import { PHONE_FIRST_ROWS } from "./state";
import { TableToolbar } from "./TableToolbar";
import type { ColumnDef } from "./types";
import { useTableState } from "./useTableState";

/** The first page computed by a loader, for the server render before the full rows are in the browser. */
export type InitialTableModel<T> = Omit<TableModel<T>, "rows">;

/**
 * Rows loaded on demand: until they are in, the table shows `initial` (the server's page, its links
 * working as without JavaScript); a pointer or focus coming into the table asks for them (`want`), and
 * its CSV export waits for them (`whenLoaded`).
 */
export type RowsOnDemand<T> = OnDemand<readonly T[]>;

/** An action on the selected rows (or the active row), with its key. */
export interface RowAction<T> {
  label: string;
  /** Single key that runs it on the active or selected rows, e.g. "b". */
  key: string;
  run: (rows: T[]) => string | void;
  /** Per-row button content (an icon button). */
  renderButton?: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** Accessible name, shown as the caption. */
  label: string;
  columns: ColumnDef<T>[];
  /** All rows, once in the browser; until then `initial` renders the page. */
  rows: readonly T[] | undefined;
  initial?: InitialTableModel<T>;
  /** How the rows are asked for while `rows` is undefined. */
  onDemand?: RowsOnDemand<T>;
  rowKey: (row: T) => string;
  /** The row's own page (opened with Enter, and the link in its first cell). */
  rowHref?: (row: T) => string;
  /** Opens the row in place (a drawer); falls back to `rowHref`. */
  onOpen?: (row: T) => void;
  actions?: RowAction<T>[];
  /** Prefix of this table's URL parameters, when a page has several tables. */
  prefix?: string;
  /**
   * The page's own state as search parameters (normalised by the page), carried by the table's links and
   * navigations; any other parameter in the URL is left out of them.
   */
  pageParams?: string;
  exportName?: string;
  /** Rows of a page when the URL names no size (one of PAGE_SIZES; by default 50): a smaller first page for a heavy page. */
  defaultPageSize?: number;
}

/**
 * The one data table of the portal: URL state (sort, filters, facets, page, columns), server-rendered
 * first page, keyboard rows (arrows, Home/End, PageUp/PageDown, Enter opens, Space selects, Ctrl+C copies),
 * resizable columns and CSV export of the filtered rows.
 */
function DataTableView<T>({ label, columns, rows, initial, onDemand, rowKey, rowHref, onOpen, actions = [], prefix = "", pageParams = "", exportName, defaultPageSize }: DataTableProps<T>) {
  const { state, update, hrefWith, formParams } = useTableState(columns, prefix, pageParams, defaultPageSize);
  const navigate = useNavigate();
  const model = useMemo(() => (rows ? applyTableState(rows, columns, state) : undefined), [rows, columns, state]);
  const view = model ?? initial;
  const visible = columns.filter((column) => !state.hidden.includes(column.id));
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState("");
  const body = useRef<HTMLTableSectionElement>(null);
  const focusAfterPaging = useRef<"first" | "last" | null>(null);

  const pageRows = view?.pageRows ?? [];
  /** Focuses a row of the page, opening the fold of the page's later rows first when it holds it. */
  const focusRowElement = (index: number) => {
    const row = body.current?.querySelectorAll<HTMLElement>("tr")[index];
    const fold = row?.closest(".sacap-data-table")?.querySelector<HTMLDetailsElement>(":scope > .sacap-later-rows");
    if (fold && index >= PHONE_FIRST_ROWS) fold.open = true;
    row?.focus();
  };
  useEffect(() => {
    setActive((i) => Math.min(i, Math.max(0, pageRows.length - 1)));
    if (focusAfterPaging.current) {
      const index = focusAfterPaging.current === "first" ? 0 : pageRows.length - 1;
      focusAfterPaging.current = null;
      setActive(index);
      focusRowElement(index);
    }
  }, [pageRows]);

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(pageRows.length - 1, index));
    setActive(clamped);
    focusRowElement(clamped);
  };
  const targetRows = () => {
    const chosen = (model?.rows ?? pageRows).filter((row) => selected.has(rowKey(row)));
    return chosen.length > 0 ? chosen : pageRows[active] ? [pageRows[active]] : [];
  };
  const toggle = (row: T) =>
    setSelected((current) => {
      const next = new Set(current);
      const key = rowKey(row);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const open = (row: T) => (onOpen ? onOpen(row) : rowHref && navigate(rowHref(row)));
  const copy = async () => {
    const chosen = targetRows();
    await navigator.clipboard.writeText(toTsv(chosen, visible));
    setStatus(`Copied ${chosen.length} row${chosen.length === 1 ? "" : "s"}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if ((event.target as HTMLElement).tagName !== "TR") return;
    const page = view?.page ?? 1;
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(active + 1),
      ArrowUp: () => focusRow(active - 1),
      Home: () => focusRow(0),
      End: () => focusRow(pageRows.length - 1),
      PageDown: () => {
        if (page < (view?.pageCount ?? 1)) {
          focusAfterPaging.current = "first";
          update({ page: page + 1 });
        } else focusRow(pageRows.length - 1);
      },
      PageUp: () => {
        if (page > 1) {
          focusAfterPaging.current = "last";
          update({ page: page - 1 });
        } else focusRow(0);
      },
      Enter: () => pageRows[active] && open(pageRows[active]),
      " ": () => pageRows[active] && toggle(pageRows[active]),
    };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "c") {
      event.preventDefault();
      void copy();
      return;
    }
    const action = !event.ctrlKey && !event.metaKey && !event.altKey && actions.find((a) => a.key === event.key);
    if (action) {
      event.preventDefault();
      setStatus(action.run(targetRows()) ?? "");
      return;
    }
    const handler = keys[event.key];
    if (handler) {
      event.preventDefault();
      handler();
    }
  };

  const downloadCsv = (all: readonly T[]) => downloadText(`${exportName ?? "table"}.csv`, toCsv(all, visible), "text/csv;charset=utf-8");
  const exportCsv = model
    ? () => downloadCsv(model.rows)
    : onDemand && (() => onDemand.whenLoaded((all) => downloadCsv(applyTableState(all, columns, state).rows)));
  const want = rows ? undefined : onDemand?.want;

  const first = view ? (view.page - 1) * state.pageSize + 1 : 0;
  return (
    <div className="sacap-data-table" onPointerEnter={want} onFocus={want}>
      <TableToolbar
        label={label}
        columns={columns}
        state={state}
        facetCounts={view?.facetCounts ?? {}}
        update={update}
        hiddenParams={formParams}
        prefix={prefix}
        onCopy={model || onDemand ? copy : undefined}
        onExport={exportCsv}
      />
      <p className="sacap-data-table__count" role="status" aria-live="polite">
        {view && view.filtered > 0
          ? `${first}–${first + pageRows.length - 1} of ${view.filtered}${view.filtered !== view.total ? ` (filtered from ${view.total})` : ""}`
          : "No rows match"}
        {selected.size > 0 && ` · ${selected.size} selected`}
        {status && ` · ${status}`}
      </p>
      <div className="sacap-data-table__scroll">
        <HTMLTable compact striped interactive role="grid" aria-label={label} aria-multiselectable="true" className="sacap-data-table__table">
          <colgroup>
            <col style={{ width: 36 }} />
            {visible.map((column) => (
              <col key={column.id} style={{ width: widths[column.id] ?? column.width }} />
            ))}
            {actions.some((a) => a.renderButton) && <col style={{ width: 48 }} />}
          </colgroup>
          <TableHead
            columns={visible}
            state={state}
            hrefWith={hrefWith}
            update={update}
            widths={widths}
            onResize={(id, width) => setWidths((w) => ({ ...w, [id]: width }))}
            leading={<span className="sacap-visually-hidden">Selected</span>}
            trailing={actions.some((a) => a.renderButton)}
          />
          <tbody ref={body} onKeyDown={onKeyDown}>
            {pageRows.map((row, index) => {
              const key = rowKey(row);
              const isSelected = selected.has(key);
              return (
                <tr
                  key={key}
                  tabIndex={index === active ? 0 : -1}
                  aria-selected={isSelected}
                  className={isSelected ? "sacap-row--selected" : undefined}
                  onFocus={() => setActive(index)}
                  onDoubleClick={() => open(row)}
                >
                  <td className="sacap-data-table__select">
                    <Checkbox checked={isSelected} onChange={() => toggle(row)} aria-label={`Select ${text(visible[0]?.value(row))}`} tabIndex={-1} />
                  </td>
                  {visible.map((column) => (
                    <td key={column.id} className={column.numeric ? "sacap-data-table__numeric" : undefined}>
                      {column.render ? column.render(row) : text(column.value(row))}
                    </td>
                  ))}
                  {actions.some((a) => a.renderButton) && (
                    <td className="sacap-data-table__actions">{actions.map((a) => a.renderButton?.(row))}</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
      {pageRows.length > PHONE_FIRST_ROWS && (
        <details className="sacap-fold sacap-later-rows" ref={openOnWideScreen}>
          <summary>
            Show rows {first + PHONE_FIRST_ROWS}–{first + pageRows.length - 1}
          </summary>
        </details>
      )}
      {view && view.pageCount > 1 && (
        <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(page) => hrefWith({ page })} label={`${label} pages`} />
      )}
    </div>
  );
}

/**
 * The one data table of the portal (see DataTableView). Rendered again only when its inputs change: a page
 * that keeps them (callbacks, actions) the same is not held up by the table when something else changes.
 */
export const DataTable = memo(DataTableView) as typeof DataTableView;
