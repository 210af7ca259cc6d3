/** An item of a pagination bar: a page number or a gap. */
export type PageItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * The pages to show around the current one (1-based): always the first and last, `siblings` on each
 * side of the current page, and gaps where pages are left out. The list has a stable length once there
 * are enough pages, so the bar does not jump while paging.
 */
export function pageItems(current: number, pageCount: number, siblings = 1): PageItem[] {
  if (pageCount <= 0) return [];
  const page = Math.min(Math.max(1, current), pageCount);
  const slots = 2 * siblings + 5; // first, last, current, siblings, two gaps
  if (pageCount <= slots) return range(1, pageCount).map((p) => ({ kind: "page", page: p }));

  let start = Math.max(2, page - siblings);
  let end = Math.min(pageCount - 1, page + siblings);
  const inner = 2 * siblings + 3; // pages between first and last when one gap is absent
  if (start <= 3) {
    start = 2;
    end = inner;
  } else if (end >= pageCount - 2) {
    end = pageCount - 1;
    start = pageCount - inner + 1;
  }
  const items: PageItem[] = [{ kind: "page", page: 1 }];
  if (start > 2) items.push({ kind: "gap", key: "start" });
  for (const p of range(start, end)) items.push({ kind: "page", page: p });
  if (end < pageCount - 1) items.push({ kind: "gap", key: "end" });
  items.push({ kind: "page", page: pageCount });
  return items;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** Number of pages for a row count; at least one page, so an empty table still shows "page 1 of 1". */
export function pageCountOf(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / Math.max(1, pageSize)));
}
