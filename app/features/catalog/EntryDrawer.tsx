import { AnchorButton, Classes, Tag } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { SideDrawer } from "~/components/SideDrawer";
import { SampleTag } from "~/components/SampleTag";
import { useGetIndicatorsQuery } from "~/store/reference";
import { entryHref } from "./columns";
import { entryLinks } from "./links";
import { catalogProductRef } from "./constants";
import type { CatalogEntry } from "./schema";

const FIELDS: [keyof CatalogEntry, string][] = [
  ["data_sector", "Sector"],
  ["source", "Source"],
  ["indic", "Indicator"],
  ["geo", "Geography"],
  ["level", "Administrative level"],
  ["period", "Period"],
  ["year_range", "Years"],
  ["format", "Format"],
];

/** The details of one catalogue entry: its fields, product id or link, and where to view it. */
export function EntryDetails({ entry }: { entry: CatalogEntry }) {
  const indicators = useGetIndicatorsQuery();
  const ref = catalogProductRef(entry);
  return (
    <div className="sacap-entry">
      <p>{entry.description}</p>
      <dl className="sacap-entry__fields">
        {FIELDS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{(entry[key] as string | null) ?? "—"}</dd>
          </div>
        ))}
        <div>
          <dt>{ref ? "Product id" : "Link"}</dt>
          <dd>{ref ? <code>{`${ref.product}_id ${ref.id}`}</code> : entry.link}</dd>
        </div>
      </dl>
      <div className="sacap-entry__links">
        {entryLinks(entry, indicators.data).map((link) =>
          link.external ? (
            <AnchorButton key={link.href} size="small" variant="outlined" icon="share" href={link.href} target="_blank" rel="noopener noreferrer" text={link.text} />
          ) : (
            <Link key={link.href} to={link.href} className={`${Classes.BUTTON} ${Classes.SMALL} ${Classes.INTENT_PRIMARY}`}>
              {link.text}
            </Link>
          ),
        )}
      </div>
      <p className={Classes.TEXT_MUTED}>
        <SampleTag what="catalogue entry" /> The catalogue lists real products; which country, level and years each entry
        covers is illustrative in this installation.
      </p>
    </div>
  );
}

export function EntryDrawer({ entry, onClose }: { entry: CatalogEntry | undefined; onClose: () => void }) {
  return (
    <SideDrawer isOpen={entry !== undefined} onClose={onClose} side="right" size={440} title={entry?.name ?? "Dataset"} icon="th-list">
      {entry && (
        <>
          <EntryDetails entry={entry} />
          <p>
            <Link to={entryHref(entry)}>Open the dataset page</Link> <Tag minimal>{entry.topic}</Tag>
          </p>
        </>
      )}
    </SideDrawer>
  );
}
