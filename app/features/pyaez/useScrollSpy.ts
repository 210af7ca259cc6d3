import { useEffect, useState } from "react";
import { HASH_SCROLL_OFFSET, scrollPaneOf } from "~/lib/scroll";
import { currentAnchor } from "./scroll-spy";

/** An element a few px below the hash landing line still counts as reached (rounding, sub-pixel layout). */
const LINE_TOLERANCE = 8;

/**
 * The anchor the reader has scrolled to. An IntersectionObserver watches each anchored element and its
 * heading cross the line the offset below the top of the pane they scroll in (the page itself when they
 * are in none), and `scrollend` settles smooth scrolls; positions are read once per frame at most.
 */
export function useScrollSpy(anchors: readonly string[], hashAnchor: string | undefined): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    const elements = anchors.map((anchor) => document.getElementById(anchor)).filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0) return;
    // set up in the next frame, where the browser lays the page out anyway: the pane is found from styles
    // and sizes, which read as the page hydrates would lay out the whole page inside hydration's task
    let stop = () => {};
    const start = requestAnimationFrame(() => {
      stop = watch(elements, hashAnchor, setCurrent);
    });
    return () => {
      cancelAnimationFrame(start);
      stop();
    };
  }, [anchors, hashAnchor]);
  return current;
}

/** Watches the elements cross the landing line of their pane; returns what stops it. */
function watch(elements: HTMLElement[], hashAnchor: string | undefined, setCurrent: (anchor: string | undefined) => void) {
  const pane = scrollPaneOf(elements[0]);
  // the scrolling box: its top, height and whether it cannot scroll further down
  const view = () =>
    pane
      ? { top: pane.getBoundingClientRect().top, height: pane.clientHeight, atBottom: pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 2 }
      : { top: 0, height: window.innerHeight, atBottom: window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2 };
  let frame = 0;
  const update = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const box = view();
      const positions = elements.map((el) => ({ anchor: el.id, top: el.getBoundingClientRect().top - box.top }));
      const line = HASH_SCROLL_OFFSET + LINE_TOLERANCE;
      setCurrent(currentAnchor(positions, { line, viewportHeight: box.height, atBottom: box.atBottom, hashAnchor }));
    });
  };
  const observer = new IntersectionObserver(update, { root: pane, rootMargin: `-${HASH_SCROLL_OFFSET}px 0px 0px 0px`, threshold: [0, 1] });
  for (const el of elements) {
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
  }
  const scroller: EventTarget = pane ?? window;
  scroller.addEventListener("scrollend", update);
  // browsers without scrollend (and smooth scrolls that end early) still update on scroll, once a frame
  scroller.addEventListener("scroll", update, { passive: true });
  update();
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    scroller.removeEventListener("scrollend", update);
    scroller.removeEventListener("scroll", update);
  };
}
