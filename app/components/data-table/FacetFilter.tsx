import { Button, Checkbox } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { Popover } from "~/components/Popover";
import type { FacetCount } from "./types";

interface FacetFilterProps {
  label: string;
  counts: FacetCount[];
  selected: string[];
  onChange: (values: string[]) => void;
  link?: (value: string) => { href: string; label: string } | undefined;
}

/** A facet: the column's distinct values with counts; selecting any narrows the rows to those values. */
export function FacetFilter({ label, counts, selected, onChange, link }: FacetFilterProps) {
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <Popover
      placement="bottom-start"
      content={
        <div className="sacap-facet" role="group" aria-label={`${label} filter`}>
          {counts.length === 0 && <p className="sacap-facet__empty">No values</p>}
          {counts.map(({ value, count }) => {
            const page = link?.(value);
            const option = (
              <Checkbox
                key={value}
                checked={selected.includes(value)}
                onChange={() => toggle(value)}
                labelElement={
                  <span className="sacap-facet__option">
                    <span>{value}</span>
                    <span className="sacap-facet__count">{count}</span>
                  </span>
                }
              />
            );
            return page ? (
              <div key={value} className="sacap-facet__row">
                {option}
                <Link to={page.href} className="sacap-facet__link" aria-label={page.label}>
                  {page.label.split(": ").pop()}
                </Link>
              </div>
            ) : (
              option
            );
          })}
          {selected.length > 0 && <Button size="small" variant="minimal" text="Clear" onClick={() => onChange([])} />}
        </div>
      }
    >
      <Button
        size="small"
        variant={selected.length > 0 ? "solid" : "outlined"}
        intent={selected.length > 0 ? "primary" : "none"}
        endIcon="caret-down"
        text={selected.length > 0 ? `${label} (${selected.length})` : label}
      />
    </Popover>
  );
}
