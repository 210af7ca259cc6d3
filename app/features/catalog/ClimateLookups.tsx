import { Link, useSearchParams } from "@remix-run/react";
import { QueryState } from "~/components/QueryState";
import { useGetClimateMetadataQuery } from "~/store/reference";
import type { ClimateMetadata } from "./schema";

/** Lookup keys and the catalogue column each one filters. */
const LOOKUPS: { key: keyof ClimateMetadata; label: string; column: string }[] = [
  { key: "source", label: "Source", column: "source" },
  { key: "indic", label: "Indicator", column: "indic" },
  { key: "geo", label: "Geography", column: "geo" },
  { key: "period", label: "Period", column: "period" },
  { key: "level", label: "Level", column: "level" },
];

/** The climate metadata lookups as quick facet filters over the climate catalogue. */
export function ClimateLookups() {
  const metadata = useGetClimateMetadataQuery();
  const [params] = useSearchParams();
  const toggleHref = (column: string, value: string) => {
    const next = new URLSearchParams(params);
    const key = `in.${column}`;
    const values = next.getAll(key);
    next.delete(key);
    next.delete("page");
    for (const v of values.includes(value) ? values.filter((v) => v !== value) : [...values, value]) next.append(key, v);
    return `?${next}`;
  };
  return (
    <section className="sacap-lookups" aria-label="Climate metadata">
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
    </section>
  );
}
