import { useEffect, useRef } from "react";
import { useLocation } from "@remix-run/react";
import { whenIdle } from "./idle";

/**
 * Public Sans from the second page on. A first visit paints in the system's sans-serif (Roboto, San
 * Francisco, Segoe UI…) and fetches no font before it: the three faces a page uses are 46 KB, more than
 * the document and its stylesheet together, and on a slow link they were most of what first paint waited
 * for. Once the first page is idle the faces are fetched (not on a connection that asks to save data) and
 * the browser keeps them; the next page (a navigation in the portal, or a later visit, where a blocking
 * script in `<head>` marks the document before it is painted) uses them from the cache. A page never
 * changes face while it is being read.
 */

/** Set on `<html>` when the document uses Public Sans (styles/theme.css). */
export const WEBFONT_ATTRIBUTE = "data-webfont";
/** Kept in the browser once the faces have been fetched. */
export const WEBFONT_STORAGE_KEY = "sacap-webfont";

/** The blocking script in `<head>`: marks the document before first paint when the faces are at hand. */
export function webfontScript(): string {
  return `try{if(localStorage.getItem(${JSON.stringify(WEBFONT_STORAGE_KEY)})==="1")document.documentElement.setAttribute(${JSON.stringify(WEBFONT_ATTRIBUTE)},"")}catch(e){}`;
}

/** Fetches the faces once the first page is idle; the next page the portal shows uses them. */
export function useWebfont() {
  const { pathname } = useLocation();
  const ready = useRef(false);
  useEffect(() => {
    if (document.documentElement.hasAttribute(WEBFONT_ATTRIBUTE) || !document.fonts) return;
    // the fetching code itself is loaded then, not with the page
    return whenIdle(
      () =>
        void import("./webfont-warm")
          .then((m) => m.warmBrowserWebfont(WEBFONT_STORAGE_KEY))
          .then((done) => (ready.current = done), () => {}),
      5000,
    );
  }, []);
  useEffect(() => {
    if (ready.current) document.documentElement.setAttribute(WEBFONT_ATTRIBUTE, "");
  }, [pathname]);
}
