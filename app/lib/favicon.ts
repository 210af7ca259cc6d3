import { svgDataUrl } from "./svg-data-url";

/**
 * The portal's icon (the drawing of public/favicon.svg, which stays for clients that ask for it by name)
 * as a data URL in the document: browsers ask for a linked icon once the page has loaded, which on a slow
 * link can be before its first paint, on a connection of its own.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#0B6623"/><path d="M8 20c4-1 6-5 8-9 2 4 4 8 8 9" stroke="#EFC130" stroke-width="2.5" fill="none" stroke-linecap="round"/><path d="M7 24h18" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>';

export const FAVICON_HREF = svgDataUrl(FAVICON_SVG);
