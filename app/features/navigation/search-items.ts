import { NAVIGABLE_ROUTES, NAV_GROUPS } from "./routes";

/** One destination of the navigation search. */
export interface SearchItem {
  href: string;
  title: string;
  /** Where it belongs, shown beside the title (area or kind). */
  label: string;
  /** Extra words that should match (descriptions, codes). */
  keywords?: string;
}

const groupTitle = new Map(NAV_GROUPS.map((group) => [group.id, group.title]));

export const ROUTE_SEARCH_ITEMS: SearchItem[] = NAVIGABLE_ROUTES.map((route) => ({
  href: route.path,
  title: route.title,
  label: route.group ? groupTitle.get(route.group)! : "Portal",
  keywords: route.path,
}));

/** Text the fuzzy matcher sees: the title first, so title matches rank highest. */
export function searchText(item: SearchItem): string {
  return [item.title, item.label, item.keywords].filter(Boolean).join(" ");
}
