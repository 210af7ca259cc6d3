import { Link, useSearchParams } from "@remix-run/react";
import type { FacetCount } from "~/components/data-table/types";
import { TAG_KINDS, tagSearch, type TagKind } from "./tags";

/** Tag clouds by source, variable and sector; choosing tags leads to their datasets. */
export function TagBrowser({ counts, target }: { counts: Record<TagKind, FacetCount[]>; target: string }) {
  const [params] = useSearchParams();
  return (
    <div className="sacap-tag-browser">
      {TAG_KINDS.map((kind) => (
        <section key={kind.id} className="sacap-card" aria-labelledby={`tags-${kind.id}`}>
          <h2 id={`tags-${kind.id}`} className="sacap-card__title">
            {kind.title}
          </h2>
          <ul className="sacap-tag-cloud">
            {counts[kind.id].map(({ value, count }) => {
              const on = params.getAll(`in.${kind.id}`).includes(value);
              const search = tagSearch(params, kind.id, value);
              return (
                <li key={value}>
                  <Link
                    to={`${target}${search ? `?${search}` : ""}`}
                    className={`sacap-chip${on ? " sacap-chip--on" : ""}`}
                    aria-current={on ? "true" : undefined}
                    preventScrollReset
                  >
                    {value} <span className="sacap-tag-cloud__count">{count}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
