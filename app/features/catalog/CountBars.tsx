import type { FacetCount } from "~/components/data-table/types";

/** A small horizontal bar chart of counts, in plain HTML (readable without JavaScript or a chart library). */
export function CountBars({ title, counts, max = 12 }: { title: string; counts: FacetCount[]; max?: number }) {
  const shown = counts.slice(0, max);
  const top = Math.max(1, ...shown.map((c) => c.count));
  return (
    <figure className="sacap-card">
      <figcaption className="sacap-card__title">{title}</figcaption>
      <div className="sacap-bars" role="list">
        {shown.map(({ value, count }) => (
          <div key={value} role="listitem" style={{ display: "contents" }}>
            <span>{value}</span>
            <span className="sacap-bars__bar" style={{ width: `${(100 * count) / top}%` }} aria-hidden />
            <span>{count}</span>
          </div>
        ))}
      </div>
      {counts.length > max && <p className="sacap-data-table__count">{`and ${counts.length - max} more`}</p>}
    </figure>
  );
}
