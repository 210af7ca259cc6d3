import { useLocation, useNavigationType } from "@remix-run/react";
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
  const pane = scrollPaneOf(target);
  if (pane) {
    const top = target.getBoundingClientRect().top - pane.getBoundingClientRect().top;
    pane.scrollTo({ top: hashScrollTop(top, pane.scrollTop), behavior });
  } else {
    window.scrollTo({ top: hashScrollTop(target.getBoundingClientRect().top, window.scrollY), behavior });
  }
  return true;
}

const positions = new Map<string, number>();

/**
 * Scroll behaviour on navigation: a hash scrolls smoothly to its element with the offset, back and
 * forward restore where the page was, any other navigation starts at the top.
 */
export function useScrollBehavior() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const currentKey = useRef(location.key);

  // Remember each entry's scroll position, for Back and Forward.
  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
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
  }, [location.key]);
}
