import { useSearchParams } from "@remix-run/react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { DataTable, type InitialTableModel, type RowAction } from "~/components/data-table/DataTable";
import { RowButton } from "~/components/data-table/RowButton";
import { useOnDemand } from "~/lib/use-on-demand";
import { useGetCatalogDataQuery } from "~/store/reference";
import { useBasket, type BasketItem } from "./basket";
import { CATALOG_COLUMNS, entryHref } from "./columns";
import { EntryDrawer } from "./EntryDrawer";
import type { CatalogEntry } from "./schema";

export const toBasketItem = (entry: CatalogEntry): BasketItem => ({
  id: entry.id,
  name: entry.name,
  href: entryHref(entry),
  link: entry.link,
  addedAt: new Date().toISOString(),
});

const entryId = (entry: CatalogEntry) => entry.id;

interface CatalogTableProps {
  label: string;
  /** Which entries this table lists (a topic, a sector, or all). */
  filter: (entry: CatalogEntry) => boolean;
  initial: InitialTableModel<CatalogEntry> | null;
  exportName: string;
}

/** A catalogue table: the data table over catalogue entries, with the basket and the details drawer. */
export function CatalogTable({ label, filter, initial, exportName }: CatalogTableProps) {
  const [params, setParams] = useSearchParams();
  const openId = params.get("entry");
  // The server's first page until the whole catalogue (300 KB) is asked for: a pointer or focus in the
  // table, its CSV export, an entry opened from the URL, or a navigation (the client loader has it then).
  const [asked, setAsked] = useState(false);
  const catalog = useGetCatalogDataQuery(undefined, { skip: !(asked || initial === null || openId !== null) });
  const filtered = useMemo(() => catalog.data?.filter(filter), [catalog.data, filter]);
  // The whole catalogue takes the place of the server's first page in a render React can interrupt (the
  // store's own updates are rendered at once, in one task: hundreds of rows on a slow phone); the table's
  // other inputs keep their identity, so the store's other updates do not render the table again.
  const rows = useDeferredValue(filtered);
  const want = useCallback(() => setAsked(true), []);
  const onDemand = useOnDemand(rows, want);
  const { items: basketItems, add: addToBasket } = useBasket();
  const opened = openId ? (catalog.data ?? initial?.pageRows)?.find((entry) => entry.id === openId) : undefined;

  const setOpen = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set("entry", id);
          else next.delete("entry");
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );

  const actions = useMemo<RowAction<CatalogEntry>[]>(
    () => [
      {
        label: "Add to basket",
        key: "b",
        run: (entries) => {
          addToBasket(entries.map(toBasketItem));
          return `Added ${entries.length} to the basket`;
        },
        renderButton: (entry) => {
          const inBasket = basketItems.some((item) => item.id === entry.id);
          return (
            <RowButton
              key="basket"
              icon={inBasket ? "tick" : "shopping-cart"}
              label={inBasket ? `${entry.name} is in the basket` : `Add ${entry.name} to the basket`}
              title={inBasket ? "In the basket" : "Add to the basket (b)"}
              disabled={inBasket}
              onClick={() => addToBasket([toBasketItem(entry)])}
            />
          );
        },
      },
    ],
    [basketItems, addToBasket],
  );
  const open = useCallback((entry: CatalogEntry) => setOpen(entry.id), [setOpen]);

  return (
    <>
      <DataTable
        label={label}
        columns={CATALOG_COLUMNS}
        rows={rows}
        initial={initial ?? undefined}
        onDemand={onDemand}
        rowKey={entryId}
        rowHref={entryHref}
        onOpen={open}
        actions={actions}
        exportName={exportName}
      />
      {catalog.isError && <p role="alert">The catalogue could not be loaded; the first page above is what the server sent.</p>}
      <EntryDrawer entry={opened} onClose={() => setOpen(null)} />
    </>
  );
}
