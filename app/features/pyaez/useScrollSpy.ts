import { useEffect, useState } from "react";
import { HASH_SCROLL_OFFSET } from "~/lib/scroll";
import { currentAnchor } from "./scroll-spy";

/** An element a few px below the hash landing line still counts as reached (rounding, sub-pixel layout). */
const LINE_TOLERANCE = 8;

/**
 * The anchor the reader has scrolled to. An IntersectionObserver watches each anchored element and its
 * heading cross the line below the navbar (and `scrollend` settles smooth scrolls); positions are read
 * once per frame at most.
 */
export function useScrollSpy(anchors: readonly string[], hashAnchor: string | undefined): string | undefined {
  const [current, setCurrent] = useState<string>();
  useEffect(() => {
    const elements = anchors.map((anchor) => document.getElementById(anchor)).filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const positions = elements.map((el) => ({ anchor: el.id, top: el.getBoundingClientRect().top }));
        const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
        const line = HASH_SCROLL_OFFSET + LINE_TOLERANCE;
        setCurrent(currentAnchor(positions, { line, viewportHeight: window.innerHeight, atBottom, hashAnchor }));
      });
    };
    const observer = new IntersectionObserver(update, { rootMargin: `-${HASH_SCROLL_OFFSET}px 0px 0px 0px`, threshold: [0, 1] });
    for (const el of elements) {
      observer.observe(el);
      if (el.firstElementChild) observer.observe(el.firstElementChild);
    }
    window.addEventListener("scrollend", update);
    update();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scrollend", update);
    };
  }, [anchors, hashAnchor]);
  return current;
}
