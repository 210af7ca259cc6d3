import { Button, Callout, HTMLTable, NonIdealState } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { downloadText } from "~/components/data-table/download";
import { toCsv } from "~/components/data-table/model";
import type { ColumnDef } from "~/components/data-table/types";
import { useHydrated } from "~/lib/use-hydrated";
import { useBasket, type BasketItem } from "./basket";
import { TableScroll } from "~/components/TableScroll";

const EXPORT_COLUMNS: ColumnDef<BasketItem>[] = [
  { id: "name", header: "Name", value: (item) => item.name },
  { id: "page", header: "Portal page", value: (item) => item.href },
  { id: "link", header: "Link", value: (item) => item.link },
  { id: "added", header: "Added", value: (item) => item.addedAt },
];

/** The data basket: datasets collected from any table, kept in this browser. */
export function BasketView() {
  const { items, remove, clear } = useBasket();
  const hydrated = useHydrated();
  if (!hydrated) {
    return <Callout title="Your basket is kept in this browser">It shows here once the page has loaded its scripts.</Callout>;
  }
  if (items.length === 0) {
    return (
      <NonIdealState
        icon="shopping-cart"
        title="Your basket is empty"
        description={
          <>
            Add datasets from any catalogue table with the basket button or the <kbd>b</kbd> key, then export them here.{" "}
            <Link to="/data/catalog">Browse the catalogue</Link>
          </>
        }
      />
    );
  }
  return (
    <>
      <div className="sacap-table-toolbar">
        <span>{`${items.length} dataset${items.length === 1 ? "" : "s"}`}</span>
        <span className="sacap-table-toolbar__spacer" />
        <Button size="small" icon="download" text="Export CSV" onClick={() => downloadText("sacap-basket.csv", toCsv(items, EXPORT_COLUMNS), "text/csv;charset=utf-8")} />
        <Button size="small" icon="trash" intent="danger" variant="minimal" text="Remove all" onClick={clear} />
      </div>
      <TableScroll label="Table of the data basket">
        <HTMLTable compact striped className="sacap-table" aria-label="Data basket">
          <thead>
            <tr>
              <th scope="col">Dataset</th>
              <th scope="col">Provider's page</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="sacap-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>
                  <Link to={item.href}>{item.name}</Link>
                </td>
                <td>{item.link ? <a href={item.link} rel="noopener noreferrer" target="_blank">{new URL(item.link).hostname}</a> : "—"}</td>
                <td>{item.addedAt.slice(0, 10)}</td>
                <td>
                  <Button size="small" variant="minimal" icon="cross" aria-label={`Remove ${item.name}`} onClick={() => remove(item.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </>
  );
}
