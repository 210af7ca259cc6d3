import { MenuItem } from "@blueprintjs/core";
import { Omnibar, type ItemListPredicate, type ItemRenderer } from "@blueprintjs/select";
import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { fuzzyFilter } from "~/lib/fuzzy";
import { searchText, type SearchItem } from "~/features/navigation/search-items";

const MAX_RESULTS = 50;

/**
 * The matches of a query, best first. The last answer is kept: the omnibar's list and its highlighted
 * best match ask for the same query and items on each key, and one pass over them serves both.
 */
let lastMatches: { query: string; items: readonly SearchItem[]; matches: SearchItem[] } | undefined;
const filterItems: ItemListPredicate<SearchItem> = (query, items) => {
  if (lastMatches?.query !== query || lastMatches.items !== items) {
    lastMatches = { query, items, matches: fuzzyFilter(items, query, searchText).slice(0, MAX_RESULTS) };
  }
  return lastMatches.matches;
};

const renderItem: ItemRenderer<SearchItem> = (item, { handleClick, handleFocus, modifiers, ref }) => {
  if (!modifiers.matchesPredicate) return null;
  return (
    <MenuItem
      key={item.href}
      ref={ref}
      text={item.title}
      label={item.label}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  );
};

/**
 * The omnibar behind `/` and Ctrl+K: fuzzy search over every page (and what features add). Its text is
 * held by the layout, which also keeps what was typed while this code was loading.
 */
export function NavigationSearch({
  isOpen,
  onClose,
  items,
  query,
  onQueryChange,
  onInputMount,
}: {
  isOpen: boolean;
  onClose: () => void;
  items: SearchItem[];
  query: string;
  onQueryChange: (query: string) => void;
  /** Called once the omnibar's input is in the document (and focused): a stand-in may give way then. */
  onInputMount: () => void;
}) {
  const navigate = useNavigate();
  // A match the reader moved to is held here, for the query it was chosen under, so that it stays put when
  // more destinations arrive (the catalogue's entries and the zoning modules load as the omnibar opens):
  // Blueprint would move it back to the first, under the reader's keys. Otherwise the highlight is the best
  // match of the items at hand, and follows a better one that arrives; any other query (typed, or cleared
  // when the omnibar closed) highlights its best match.
  const [held, setHeld] = useState<{ query: string; item: SearchItem | null }>();
  // the query as Blueprint passes it (the matcher trims it), so that both ask the kept answer for the same key
  const best = filterItems(query, items)[0] ?? null;
  const active = held?.query === query ? held.item : best;
  return (
    <Omnibar<SearchItem>
      isOpen={isOpen}
      query={query}
      onQueryChange={onQueryChange}
      activeItem={active}
      onActiveItemChange={(item) => setHeld(item === best ? undefined : { query, item })}
      resetOnQuery={false}
      onClose={onClose}
      items={items}
      itemListPredicate={filterItems}
      itemRenderer={renderItem}
      resetOnSelect
      noResults={<MenuItem disabled text="No matching page" roleStructure="listoption" />}
      inputProps={{
        placeholder: "Search pages…",
        "aria-label": "Search pages",
        inputRef: (input: HTMLInputElement | null) => input && onInputMount(),
      }}
      onItemSelect={(item) => {
        onClose();
        navigate(item.href);
      }}
      overlayProps={{ className: "sacap-omnibar" }}
    />
  );
}
