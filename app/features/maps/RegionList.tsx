import { useId, useState, type KeyboardEvent } from "react";
import { formatNumber } from "~/lib/format";

export interface RegionItem {
  code: string;
  name: string;
  value: number | null | undefined;
  /** Why there is no value although some years have data ("incomplete: 1 of 20 years"). */
  incomplete?: string;
}

interface RegionListProps {
  regions: RegionItem[];
  units: string;
  decimals: number;
  hovered?: string | null;
  selected?: string;
  onSelect: (code: string) => void;
}

/** The accessible twin of the map: every region with its value; arrow keys move, Enter selects. */
export function RegionList({ regions, units, decimals, hovered, selected, onSelect }: RegionListProps) {
  const id = useId();
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
    document.getElementById(`${id}-${next}`)?.scrollIntoView({ block: "nearest" });
  };
  return (
    <ul
      className="sacap-region-list"
      role="listbox"
      aria-label="Regions"
      tabIndex={0}
      aria-activedescendant={regions.length ? `${id}-${active}` : undefined}
      onKeyDown={onKeyDown}
    >
      {regions.map((r, i) => (
        <li
          key={r.code}
          id={`${id}-${i}`}
          role="option"
          aria-selected={r.code === selected}
          data-code={r.code}
          className={[
            "sacap-region-list__item",
            i === active ? "sacap-region-list__item--active" : "",
            r.code === hovered ? "sacap-region-list__item--hovered" : "",
          ].join(" ")}
          onClick={() => {
            setActive(i);
            onSelect(r.code);
          }}
        >
          <span>{r.name}</span>
          <span className="sacap-region-list__value">
            {r.value === undefined ? "…" : r.value === null ? (r.incomplete ?? "no data") : `${formatNumber(r.value, decimals)} ${units}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
