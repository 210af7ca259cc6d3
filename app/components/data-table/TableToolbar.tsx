import { Button, Checkbox, HTMLSelect, Icon, InputGroup } from "@blueprintjs/core";
import { Popover } from "~/components/Popover";
import { useEffect, useRef, useState } from "react";
import { FacetFilter } from "./FacetFilter";
import { PAGE_SIZES } from "./state";
import type { ColumnDef, FacetCount, TableState } from "./types";

interface TableToolbarProps<T> {
  label: string;
  columns: ColumnDef<T>[];
  state: TableState;
  facetCounts: Record<string, FacetCount[]>;
  update: (patch: Partial<TableState>, options?: { replace?: boolean }) => void;
  /** Other URL parameters, kept by the search form when it is submitted without JavaScript. */
  hiddenParams: [string, string][];
  prefix: string;
  onExport?: () => void;
  onCopy?: () => void;
}

const FILTER_DELAY_MS = 250;

/** Global search, facets, column visibility, page size and export, above a data table. */
export function TableToolbar<T>({ label, columns, state, facetCounts, update, hiddenParams, prefix, onExport, onCopy }: TableToolbarProps<T>) {
  const [query, setQuery] = useState(state.q);
  const typing = useRef<ReturnType<typeof setTimeout>>();
  // Filters this box sent to the URL while it had focus: their echo must not overwrite what was typed since
  // (a slow answer to "n" arriving after "nep" was typed). Other URL changes (Back, links) replace the text.
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (!sent.current.has(state.q)) setQuery(state.q);
  }, [state.q]);
  useEffect(() => () => clearTimeout(typing.current), []);
  const send = (q: string, replace: boolean) => {
    sent.current.add(q);
    update({ q }, replace ? { replace: true } : undefined);
  };

  return (
    <div className="sacap-table-toolbar">
      <form
        method="get"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(typing.current);
          send(query, false);
        }}
      >
        {hiddenParams.map(([key, value], i) => (
          <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
        ))}
        <InputGroup
          type="search"
          name={`${prefix}q`}
          size="small"
          leftIcon="search"
          placeholder={`Filter ${label.toLowerCase()}…`}
          aria-label={`Filter ${label.toLowerCase()}`}
          value={query}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQuery(value);
            clearTimeout(typing.current);
            typing.current = setTimeout(() => send(value, true), FILTER_DELAY_MS);
          }}
          onBlur={() => sent.current.clear()}
        />
      </form>
      {columns
        .filter((column) => column.facet)
        .map((column) => (
          <FacetFilter
            key={column.id}
            label={column.header}
            counts={facetCounts[column.id] ?? []}
            selected={state.facets[column.id] ?? []}
            onChange={(values) => update({ facets: { ...state.facets, [column.id]: values } })}
            link={column.facetLink}
          />
        ))}
      <span className="sacap-table-toolbar__spacer" />
      <Popover
        placement="bottom-end"
        content={
          <div className="sacap-facet" role="group" aria-label="Columns">
            {columns.map((column) => (
              <Checkbox
                key={column.id}
                label={column.header}
                checked={!state.hidden.includes(column.id)}
                onChange={(event) =>
                  update(
                    {
                      hidden: event.currentTarget.checked
                        ? state.hidden.filter((id) => id !== column.id)
                        : [...state.hidden, column.id],
                    },
                    { replace: true },
                  )
                }
              />
            ))}
          </div>
        }
      >
        <Button size="small" variant="minimal" icon="th" endIcon="caret-down" text="Columns" />
      </Popover>
      <label className="sacap-table-toolbar__size">
        <span>Rows</span>
        <HTMLSelect
          minimal
          value={state.pageSize}
          onChange={(event) => update({ pageSize: Number(event.currentTarget.value) })}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
        />
      </label>
      {onCopy && <Button className="sacap-needs-script" size="small" variant="minimal" icon="duplicate" text="Copy" title="Copy selected rows as TSV (Ctrl+C)" onClick={onCopy} />}
      {onExport && <Button className="sacap-needs-script" size="small" variant="minimal" icon="download" text="CSV" title="Download the filtered rows as CSV" onClick={onExport} />}
      <Icon icon="key-command" aria-hidden className="sacap-table-toolbar__hint" title="Arrow keys, Home/End, PageUp/PageDown move; Enter opens; Space selects" />
    </div>
  );
}
