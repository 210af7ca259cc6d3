import { InputGroup } from "@blueprintjs/core";
import { Form, Link } from "@remix-run/react";
import { sectorChartsHref } from "./search";
import { SECTORS } from "./sectors";

/** The collector home: search the catalogue, or open a sector (with its number of datasets). */
export function SectorOverview({ counts, total }: { counts: Record<string, number>; total: number }) {
  return (
    <>
      <Form method="get" action="/data/catalog" role="search" className="sacap-collector-search">
        <InputGroup type="search" name="q" leftIcon="search" placeholder={`Search ${total} datasets…`} aria-label="Search the catalogue" />
      </Form>
      <ul className="sacap-sector-grid">
        {SECTORS.map((sector) => (
          <li key={sector.id} className="sacap-card">
            <Link to={`/data/sector/${sector.id}`} prefetch="intent">
              {sector.name}
            </Link>
            <span className="sacap-sector-grid__count">
              {counts[sector.name] ?? 0} dataset{counts[sector.name] === 1 ? "" : "s"}
              {" · "}
              <Link to={sectorChartsHref(sector.id)} prefetch="intent" aria-label={`${sector.name}: charts`}>
                Charts
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
