import { Icon } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import type { AezMapRef, AezModuleEntry } from "./anchors";
import { treeKeyAction, treeRows } from "./tree";
import { openOnWideScreen } from "~/components/RoutePage";

const TREE_KEYS = new Set(["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End"]);

interface ModuleNavigatorProps {
  entries: readonly AezModuleEntry<AezMapRef>[];
  /** Anchor the reader has scrolled to: marked with aria-current and kept in view. */
  current: string | undefined;
  /** Scripts run: links become a keyboard-operable tree (without them they stay a list of links). */
  enhanced: boolean;
  /** A link was followed (mouse or Enter). */
  onFollow: (anchor: string) => void;
}

/**
 * The module navigator: modules and their maps as links to their anchors. Once hydrated it follows the
 * WAI-ARIA tree pattern (one tab stop; arrows move, Right and Left expand and collapse, Enter follows). On a
 * phone, where it comes above the modules, its list is folded (`sacap-fold`, decision 028): the first
 * module's maps come first, and the page's search finds a map as well.
 */
export function ModuleNavigator({ entries, current, enhanced, onFollow }: ModuleNavigatorProps) {
  const rows = useMemo(() => treeRows(entries), [entries]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [focused, setFocused] = useState<string>();
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const box = useRef<HTMLElement>(null);

  const parentOf = (anchor: string) => rows.find((row) => row.anchor === anchor)?.parent;
  const currentRow = current && !collapsed.has(parentOf(current) ?? "") ? current : current && parentOf(current);
  const tabbable = focused ?? currentRow ?? rows[0]?.anchor;

  // Keep the current row visible inside the navigator's own scroll box (never scrolling the page).
  useEffect(() => {
    const link = currentRow ? links.current.get(currentRow) : undefined;
    const el = box.current;
    if (!link || !el || el.scrollHeight <= el.clientHeight) return;
    const linkRect = link.getBoundingClientRect();
    const boxRect = el.getBoundingClientRect();
    if (linkRect.top < boxRect.top + 8) el.scrollTop -= boxRect.top + 8 - linkRect.top;
    else if (linkRect.bottom > boxRect.bottom - 8) el.scrollTop += linkRect.bottom - boxRect.bottom + 8;
  }, [currentRow]);

  const focusRow = (anchor: string) => {
    setFocused(anchor);
    links.current.get(anchor)?.focus();
  };
  const setExpanded = (anchor: string, expanded: boolean) => {
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (expanded) next.delete(anchor);
      else next.add(anchor);
      return next;
    });
    if (!expanded && focused && parentOf(focused) === anchor) focusRow(anchor);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!enhanced || !TREE_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const anchor = (event.target as HTMLElement).closest<HTMLElement>("[data-anchor]")?.dataset.anchor;
    if (!anchor) return;
    event.preventDefault();
    const action = treeKeyAction(event.key, rows, collapsed, anchor);
    if (action?.type === "focus") focusRow(action.anchor);
    else if (action) setExpanded(action.anchor, action.type === "expand");
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(undefined);
  };

  const item = (anchor: string, label: string, name: string, level: 1 | 2, group?: { id: string; expanded: boolean }) => (
    <Link
      to={`#${anchor}`}
      ref={(el) => {
        if (el) links.current.set(anchor, el);
        else links.current.delete(anchor);
      }}
      data-anchor={anchor}
      className={`aez-tree__link${level === 1 ? " aez-tree__link--module" : ""}`}
      role={enhanced ? "treeitem" : undefined}
      tabIndex={enhanced ? (tabbable === anchor ? 0 : -1) : undefined}
      aria-expanded={enhanced && group ? group.expanded : undefined}
      aria-owns={enhanced && group ? group.id : undefined}
      aria-current={enhanced && currentRow === anchor ? "location" : undefined}
      onFocus={() => setFocused(anchor)}
      onClick={() => onFollow(anchor)}
    >
      {level === 1 && (
        <span
          className="aez-tree__toggle"
          aria-hidden="true"
          onClick={(event: MouseEvent) => {
            if (!group) return;
            event.preventDefault();
            event.stopPropagation();
            setExpanded(anchor, !group.expanded);
          }}
        >
          {group && <Icon icon={group.expanded ? "caret-down" : "caret-right"} />}
        </span>
      )}
      <span className="aez-id">{label}</span> <span className="aez-tree__name">{name}</span>
    </Link>
  );

  return (
    <nav className="aez-nav" aria-labelledby="aez-nav-title" ref={box}>
      <p className="aez-nav__title" id="aez-nav-title">
        Modules and maps
      </p>
      <details className="sacap-fold" ref={openOnWideScreen}>
        <summary>Show the list</summary>
        <ul className="aez-tree" role={enhanced ? "tree" : undefined} aria-labelledby="aez-nav-title" onKeyDown={onKeyDown} onBlur={onBlur}>
          {entries.map((entry) => {
            const groupId = `${entry.anchor}-maps`;
            const expanded = !collapsed.has(entry.anchor);
            return (
              <li key={entry.key} role={enhanced ? "none" : undefined}>
                {item(entry.anchor, entry.module.id, entry.module.name, 1, entry.maps.length > 0 ? { id: groupId, expanded } : undefined)}
                {entry.maps.length > 0 && (
                  <ul id={groupId} className="aez-tree__group" role={enhanced ? "group" : undefined} hidden={!expanded}>
                    {entry.maps.map((map) => (
                      <li key={map.key} role={enhanced ? "none" : undefined}>
                        {item(map.anchor, map.child.id, map.child.name, 2)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </details>
    </nav>
  );
}
