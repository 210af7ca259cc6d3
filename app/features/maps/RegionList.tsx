import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { Agreement } from "~/features/cmip6/windows";
import { formatNumber } from "~/lib/format";

export interface RegionItem {
  code: string;
  name: string;
  /** The region's value, or in the change view its change from 1995-2014; undefined while loading. */
  value: number | null | undefined;
  /** Why there is no value although some years have data ("incomplete: 1 of 20 years"). */
  incomplete?: string;
  /** The change view: how many models agree on the sign of the change. */
  agreement?: Agreement | null;
}

/** "robust (31/32)" or "not robust (20/32)": the agreement mark as text. */
export const agreementMark = (a: Agreement) => `${a.robust ? "robust" : "not robust"} (${a.agree}/${a.count})`;

/** No line breaks inside a number with its unit or inside the mark: a narrow list breaks after the dot. */
const NBSP = "\u00a0";
const keep = (text: string) => text.replace(/ /g, NBSP);

/** A region's value as the list, the hover line and the panel write it: "+1.93 °C · robust (31/32)" in the change view. */
export function regionValueText(r: RegionItem, units: string, decimals: number, change = false): string {
  if (r.value === undefined) return "…";
  if (r.value === null) return r.incomplete ?? "no data";
  const number = `${formatNumber(r.value, decimals, { signed: change })} ${units}`;
  return change && r.agreement ? `${keep(number)}${NBSP}· ${keep(agreementMark(r.agreement))}` : number;
}

interface RegionListProps {
  regions: RegionItem[];
  units: string;
  decimals: number;
  hovered?: string | null;
  selected?: string;
  onSelect: (code: string) => void;
  /** The values are changes: signed, with the agreement mark. */
  change?: boolean;
}

/**
 * The accessible twin of the map: every region with its value; arrow keys move, Enter selects. Its items
 * are as short as the markup allows (the active one alone has an id, for `aria-activedescendant`; only the
 * selected one says so, an option's `aria-selected` being false by default; styles go by position): the
 * 148 states and provinces are in the server's HTML, within the page's budget.
 */
export function RegionList({ regions, units, decimals, hovered, selected, onSelect, change }: RegionListProps) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!regions.length) return;
    let next = active;
    if (e.key === "ArrowDown") next = Math.min(regions.length - 1, active + 1);
    else if (e.key === "ArrowUp") next = Math.max(0, active - 1);
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = regions.length - 1;
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onSelect(regions[active].code);
      return;
    } else return;
    e.preventDefault();
    setActive(next);
    list.current?.children[next]?.scrollIntoView({ block: "nearest" });
  };
  return (
    <ul
      ref={list}
      className="sacap-region-list"
      role="listbox"
      aria-label="Regions"
      tabIndex={0}
      aria-activedescendant={regions.length ? id : undefined}
      onKeyDown={onKeyDown}
    >
      {regions.map((r, i) => (
        <li
          key={r.code}
          id={i === active ? id : undefined}
          role="option"
          aria-selected={r.code === selected || undefined}
          className={[i === active ? "sacap-region-list__active" : "", r.code === hovered ? "sacap-region-list__hovered" : ""].filter(Boolean).join(" ") || undefined}
          onClick={() => {
            setActive(i);
            onSelect(r.code);
          }}
        >
          {r.name}
          <span>{regionValueText(r, units, decimals, change)}</span>
        </li>
      ))}
    </ul>
  );
}
