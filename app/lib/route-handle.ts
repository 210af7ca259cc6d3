import { useMatches } from "@remix-run/react";

/** Route metadata (`export const handle`): layout choice and flags the chrome reads. */
export interface RouteHandle {
  /** "default" (the preference decides vertical or horizontal navigation), "blank", or false for none. */
  layout?: LayoutName;
  /** The page is open to everyone (the spec marks the not-found page). */
  public?: boolean;
  /** Part of the data collector area: show the collector navigation bar. */
  collector?: boolean;
  /** Viewer pages fill the viewport height below the chrome instead of scrolling. */
  fixedHeight?: boolean;
  /** The page uses the bot check (its script loads only on such pages, and only when configured). */
  captcha?: boolean;
  /**
   * Rendered for every request, never kept for reuse: the document carries per-request content (a form's
   * fill token) or an upstream service's live answer.
   */
  fresh?: boolean;
  /** The page's own skip links, after "Skip to content": to its regions (a map viewer's map, legend and layers). */
  skipLinks?: readonly SkipLink[];
}

/** A link past the chrome and the page's controls to one region of the page (visible when it has the focus). */
export interface SkipLink {
  /** The region's fragment: its element has `tabIndex={-1}`, so following the link moves the focus there. */
  href: `#${string}`;
  label: string;
}

export type LayoutName = "default" | "blank" | false;

function handles(matches: ReturnType<typeof useMatches>): RouteHandle[] {
  return matches.map((match) => (match.handle ?? {}) as RouteHandle);
}

/** The deepest route's choice wins; no choice means the default layout. */
export function layoutOf(routeHandles: RouteHandle[]): LayoutName {
  for (let i = routeHandles.length - 1; i >= 0; i--) {
    const layout = routeHandles[i].layout;
    if (layout !== undefined) return layout;
  }
  return "default";
}

/** A flag is on when any matched route sets it. */
export function flagOf(routeHandles: RouteHandle[], flag: "collector" | "fixedHeight" | "captcha" | "public"): boolean {
  return routeHandles.some((handle) => handle[flag] === true);
}

/** Every matched route's skip links, outer routes first. */
export function skipLinksOf(routeHandles: RouteHandle[]): SkipLink[] {
  return routeHandles.flatMap((handle) => handle.skipLinks ?? []);
}

export function useRouteHandles(): RouteHandle[] {
  return handles(useMatches());
}
