import { useLocation, useNavigate, useNavigationType } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";

/** Spec section 9: hash targets land 60 px below the top, clear of the sticky navbar. */
export const HASH_SCROLL_OFFSET = 60;

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Document y position that puts the element `offset` px below the viewport top. */
export function hashScrollTop(elementTop: number, scrollY: number, offset = HASH_SCROLL_OFFSET): number {
  return Math.max(0, Math.round(elementTop + scrollY - offset));
}

function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  return document.getElementById(id);
}

/**
 * The pane an element scrolls in: its nearest ancestor that scrolls vertically, or null for the page
 * itself. Fixed-height pages (the viewers, the AEZ browser) scroll inside panes, never the page.
 */
export function scrollPaneOf(element: Element): HTMLElement | null {
  for (let el = element.parentElement; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && el.scrollHeight > el.clientHeight) return el;
  }
  return null;
}

/** Scrolls the page, or the pane the target is in, so that the target lands the offset below its top. */
export function scrollToHash(hash: string, behavior: ScrollBehavior = "smooth"): boolean {
  const target = targetOf(hash);
  if (!target) return false;
  landOn(target, behavior);
  return true;
}

/** How long a landing holds the target on the line once its scroll has ended. */
const LANDING_HOLD_MS = 3000;
/** What the reader does that ends a landing: their own scroll or key wins. */
const READER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const;
/** The landing under way, if any: a new one ends it. */
let landing: AbortController | undefined;

/**
 * Scrolls the target to the landing line and holds it there for a few seconds. Parts laid out only when they
 * come near the screen (`content-visibility: auto`: the AEZ map cards, the explorer's long tables) take their
 * real height as the scroll passes them or reaches them, and the target moves: while the landing holds,
 * each change of the content's size lands it again, unless the reader scrolls or presses a key meanwhile.
 */
function landOn(target: HTMLElement, behavior: ScrollBehavior) {
  landing?.abort();
  const ended = (landing = new AbortController());
  const pane = scrollPaneOf(target);
  const scroller: HTMLElement | Window = pane ?? window;
  /** Scrolls so that the target is on the line; false when it already is. */
  const land = (how: ScrollBehavior) => {
    const top = target.getBoundingClientRect().top - (pane ? pane.getBoundingClientRect().top : 0);
    if (Math.abs(top - HASH_SCROLL_OFFSET) <= 1) return false;
    scroller.scrollTo({ top: hashScrollTop(top, pane ? pane.scrollTop : window.scrollY), behavior: how });
    return true;
  };
  // a smooth scroll is left to run; the hold starts when it ends
  let holding = !land(behavior) || behavior !== "smooth";
  const hold = () => {
    holding = true;
    window.setTimeout(() => ended.abort(), LANDING_HOLD_MS);
  };
  if (holding) hold();
  else scroller.addEventListener("scrollend", () => (land("instant"), hold()), { once: true, signal: ended.signal });
  const resized = new ResizeObserver(() => holding && land("instant"));
  for (const part of pane ? Array.from(pane.children) : [document.body]) resized.observe(part);
  ended.signal.addEventListener("abort", () => resized.disconnect());
  for (const input of READER_INPUT) window.addEventListener(input, () => ended.abort(), { once: true, passive: true, signal: ended.signal });
  // a new fragment in the address (typed, or set by a script) leaves this target; its own landing follows
  const moved = () => targetOf(window.location.hash) !== target && ended.abort();
  window.addEventListener("hashchange", moved, { signal: ended.signal });
}

const positions = new Map<string, number>();

/**
 * Scroll behaviour on navigation: a hash scrolls smoothly to its element with the offset, back and
 * forward restore where the page was, any other navigation starts at the top.
 *
 * Each navigation is told by its location object (the router makes a new one for each, and React Router's
 * own scroll restoration follows it the same way), not by its key: the entries the router did not make
 * itself all have the key "default" (the first load's, one whose fragment was changed in the address bar
 * or by `location.hash`, before or after the scripts started, and Back and Forward onto them), so a change
 * of fragment between two of them would land nowhere, and the previous landing would hold the pane on the
 * old target.
 */
export function useScrollBehavior() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const first = useRef(true);
  const currentKey = useRef(location.key);

  // A fragment changed while the page's scripts were starting (in the address bar, or by `location.hash`)
  // can come after the router read the address and before it listened for changes: the router would keep
  // the old fragment, and the page would land on it. Once listening, it is told the address as it is now.
  useEffect(() => {
    const now = window.location;
    if (now.pathname === location.pathname && now.search === location.search && now.hash !== location.hash) {
      navigate({ pathname: now.pathname, search: now.search, hash: now.hash }, { replace: true, preventScrollReset: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the router has started
  }, []);

  // Remember each entry's scroll position, for Back and Forward.
  useEffect(() => {
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(currentKey.current, window.scrollY));
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", remember);
    };
  }, []);

  useIsomorphicLayoutEffect(() => {
    // the mode is the history entry's own: an entry made before the scripts ran still has the browser's
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const isFirst = first.current;
    first.current = false;
    currentKey.current = location.key;
    if (location.hash) {
      // On the first load the browser already jumped (with scroll-padding); smooth-scroll to settle.
      requestAnimationFrame(() => scrollToHash(location.hash));
      return;
    }
    if (isFirst) return;
    if (navigationType === "POP" && positions.has(location.key)) {
      window.scrollTo({ top: positions.get(location.key)!, behavior: "instant" });
    } else {
      window.scrollTo({ top: 0, behavior: "instant" });
    }
  }, [location]);
}
