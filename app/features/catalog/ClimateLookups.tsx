import { Link, useSearchParams } from "@remix-run/react";
import { parseTableState, writeTableState } from "~/components/data-table/state";
import { QueryState } from "~/components/QueryState";
import { useGetClimateMetadataQuery } from "~/store/reference";
import { CATALOG_COLUMNS } from "./columns";
import type { ClimateMetadata } from "./schema";
import { openOnWideScreen } from "~/components/RoutePage";

/** Lookup keys and the catalogue column each one filters. */
const LOOKUPS: { key: keyof ClimateMetadata; label: string; column: string }[] = [
  { key: "source", label: "Source", column: "source" },
  { key: "indic", label: "Indicator", column: "indic" },
  { key: "geo", label: "Geography", column: "geo" },
  { key: "period", label: "Period", column: "period" },
  { key: "level", label: "Level", column: "level" },
];

/**
 * The climate metadata lookups as quick facet filters over the climate catalogue. On a phone they are folded
 * (`sacap-fold`, decision 028): the datasets come first, and the table's own filters do the same.
 */
export function ClimateLookups() {
  const metadata = useGetClimateMetadataQuery();
  const [params] = useSearchParams();
  // The catalogue table's view with one facet value toggled (and back to its first page); nothing else from the URL.
  const toggleHref = (column: string, value: string) => {
    const state = parseTableState(params, CATALOG_COLUMNS);
    const values = state.facets[column] ?? [];
    const facets = { ...state.facets, [column]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value] };
    return `?${writeTableState(new URLSearchParams(), { ...state, facets, page: 1 }, CATALOG_COLUMNS)}`;
  };
  return (
    <section className="sacap-lookups" aria-label="Climate metadata">
      <details className="sacap-fold" ref={openOnWideScreen}>
        <summary>Quick filters</summary>
        <QueryState what="climate metadata" data={metadata.data} isError={metadata.isError}>
          {(data) =>
            LOOKUPS.map(({ key, label, column }) => (
              <div key={key} className="sacap-lookups__row">
                <span className="sacap-lookups__label">{label}</span>
                {data[key].map((option) => {
                  const on = params.getAll(`in.${column}`).includes(option.value);
                  return (
                    <Link
                      key={option.value}
                      to={toggleHref(column, option.value)}
                      preventScrollReset
                      className={`sacap-chip${on ? " sacap-chip--on" : ""}`}
                      aria-current={on ? "true" : undefined}
                      title={option.name}
                    >
                      {option.value}
                    </Link>
                  );
                })}
              </div>
            ))
          }
        </QueryState>
      </details>
    </section>
  );
}
