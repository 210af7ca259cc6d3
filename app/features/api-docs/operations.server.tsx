import { renderToStaticMarkup } from "react-dom/server";
import { apiDocsView, type ApiDocsView, type OpenApiDocument } from "./openapi";
import { Operations } from "./Operations";

/**
 * The API page's endpoint sections as markup, rendered on the server only: the page's loader registers the
 * description it read (under its ETag and the address of the examples) and the document's render takes the
 * sections rendered then (`ServerDrawings.apiOperations`), so that the page primes its index but not every
 * endpoint twice, as HTML and as data. A few descriptions are kept (one per data version and address).
 */
interface Kept {
  view: ApiDocsView;
  markup: string;
}

const MAX_KEPT = 8;
const kept = new Map<string, Kept>();

/** The view of a description, kept under a key for the render of the same request; returns the key. */
export function keepOperations(document: OpenApiDocument, etag: string, origin: string): { key: string; view: ApiDocsView } {
  const key = `${etag} ${origin}`;
  let entry = kept.get(key);
  if (entry) kept.delete(key);
  else {
    // rendered here, before the page's render: a render cannot run inside another
    const view = apiDocsView(document);
    entry = { view, markup: renderToStaticMarkup(<Operations tags={view.tags} endpoints={view.endpoints} origin={origin} />) };
  }
  // most recently used last
  kept.set(key, entry);
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(oldest);
  }
  return { key, view: entry.view };
}

/** The markup of the endpoint sections kept under `key`, or null when none are (the page then says so). */
export function operationsMarkup(key: string): string | null {
  return kept.get(key)?.markup ?? null;
}
