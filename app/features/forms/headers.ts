import type { HeadersFunction } from "@remix-run/node";

/** The form routes pass on the action's Retry-After header (429, 503). */
export const formHeaders: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [actionHeaders, errorHeaders]) {
    const retryAfter = source?.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
};
