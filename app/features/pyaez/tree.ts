import type { AezMapRef, AezModuleEntry } from "./anchors";

/** One row of the module navigator: a module (level 1) or one of its maps (level 2). */
export interface TreeRow {
  anchor: string;
  /** The module a map belongs to. */
  parent?: string;
  /** A module with maps, which can be expanded and collapsed. */
  expandable: boolean;
}

export type TreeAction =
  | { type: "focus"; anchor: string }
  | { type: "expand"; anchor: string }
  | { type: "collapse"; anchor: string };

export function treeRows(entries: readonly AezModuleEntry<AezMapRef>[]): TreeRow[] {
  return entries.flatMap((entry) => [
    { anchor: entry.anchor, expandable: entry.maps.length > 0 },
    ...entry.maps.map((map) => ({ anchor: map.anchor, parent: entry.anchor, expandable: false })),
  ]);
}

/** Rows a reader can see: maps of collapsed modules are hidden. */
export function visibleRows(rows: readonly TreeRow[], collapsed: ReadonlySet<string>): TreeRow[] {
  return rows.filter((row) => !row.parent || !collapsed.has(row.parent));
}

/**
 * What a key does in the navigator (the WAI-ARIA tree pattern): Up and Down move between visible rows,
 * Home and End to the first and last; Right expands a collapsed module or enters an expanded one; Left
 * collapses an expanded module or goes from a map to its module. Enter is the link's own. Other keys,
 * and moves past either end, do nothing.
 */
export function treeKeyAction(key: string, rows: readonly TreeRow[], collapsed: ReadonlySet<string>, focused: string): TreeAction | null {
  const visible = visibleRows(rows, collapsed);
  const index = visible.findIndex((row) => row.anchor === focused);
  if (index < 0) return null;
  const row = visible[index];
  const focus = (target: TreeRow | undefined): TreeAction | null => (target && target !== row ? { type: "focus", anchor: target.anchor } : null);
  switch (key) {
    case "ArrowDown":
      return focus(visible[index + 1]);
    case "ArrowUp":
      return focus(visible[index - 1]);
    case "Home":
      return focus(visible[0]);
    case "End":
      return focus(visible[visible.length - 1]);
    case "ArrowRight":
      if (!row.expandable) return null;
      return collapsed.has(row.anchor) ? { type: "expand", anchor: row.anchor } : focus(visible[index + 1]);
    case "ArrowLeft":
      if (row.expandable && !collapsed.has(row.anchor)) return { type: "collapse", anchor: row.anchor };
      return row.parent ? { type: "focus", anchor: row.parent } : null;
    default:
      return null;
  }
}
