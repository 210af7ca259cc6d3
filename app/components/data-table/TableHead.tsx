import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { ColumnDef, TableState } from "./types";

interface TableHeadProps<T> {
  columns: ColumnDef<T>[];
  state: TableState;
  hrefWith: (patch: Partial<TableState>) => string;
  update: (patch: Partial<TableState>, options?: { replace?: boolean }) => void;
  widths: Record<string, number>;
  onResize: (id: string, width: number) => void;
  /** Leading and trailing cells for the selection and action columns. */
  leading?: React.ReactNode;
  trailing?: boolean;
}

const MIN_WIDTH = 60;
const MAX_WIDTH = 1200;

function nextSort(state: TableState, id: string): TableState["sort"] {
  if (state.sort?.id !== id) return { id, dir: "asc" };
  return state.sort.dir === "asc" ? { id, dir: "desc" } : null;
}

function ColumnFilter({ column, value, update, filters }: { column: ColumnDef<unknown>; value: string; filters: Record<string, string>; update: TableHeadProps<unknown>["update"] }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <input
      className="sacap-column-filter"
      type="search"
      value={text}
      aria-label={`Filter ${column.header}`}
      placeholder="Filter"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => update({ filters: { ...filters, [column.id]: next } }, { replace: true }), 250);
      }}
    />
  );
}

/** Sortable headers (links, so sorting works without JavaScript), resize handles and the filter row. */
export function TableHead<T>({ columns, state, hrefWith, update, widths, onResize, leading, trailing }: TableHeadProps<T>) {
  const startResize = (id: string, event: PointerEvent<HTMLSpanElement>) => {
    const th = event.currentTarget.parentElement!;
    const startX = event.clientX;
    const startWidth = th.getBoundingClientRect().width;
    const move = (e: globalThis.PointerEvent) => onResize(id, Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, startWidth + e.clientX - startX)));
    const stop = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", stop);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", stop);
  };
  const keyResize = (id: string, event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const current = widths[id] ?? event.currentTarget.parentElement!.getBoundingClientRect().width;
    onResize(id, Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, current + (event.key === "ArrowRight" ? 16 : -16))));
  };
  return (
    <thead>
      <tr>
        {leading !== undefined && <th scope="col" className="sacap-data-table__select">{leading}</th>}
        {columns.map((column) => {
          const sorted = state.sort?.id === column.id ? state.sort.dir : undefined;
          return (
            <th
              key={column.id}
              scope="col"
              aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none"}
              className={column.numeric ? "sacap-data-table__numeric" : undefined}
            >
              <Link to={hrefWith({ sort: nextSort(state, column.id) })} preventScrollReset replace={false} className="sacap-sort-link">
                {column.header}
                <span aria-hidden className="sacap-sort-link__arrow">
                  {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}
                </span>
              </Link>
              <span
                role="separator"
                aria-orientation="vertical"
                aria-label={`Resize ${column.header}`}
                aria-valuenow={Math.round(widths[column.id] ?? column.width ?? 150)}
                aria-valuemin={MIN_WIDTH}
                aria-valuemax={MAX_WIDTH}
                tabIndex={0}
                className="sacap-resize-handle"
                onPointerDown={(event) => startResize(column.id, event)}
                onKeyDown={(event) => keyResize(column.id, event)}
              />
            </th>
          );
        })}
        {trailing && (
          <th scope="col">
            <span className="sacap-visually-hidden">Actions</span>
          </th>
        )}
      </tr>
      <tr className="sacap-data-table__filters">
        {leading !== undefined && <td />}
        {columns.map((column) => (
          <td key={column.id}>
            <ColumnFilter column={column as ColumnDef<unknown>} value={state.filters[column.id] ?? ""} filters={state.filters} update={update} />
          </td>
        ))}
        {trailing && <td />}
      </tr>
    </thead>
  );
}
