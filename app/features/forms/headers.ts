import type { HeadersFunction } from "@remix-run/node";

/** The form routes pass on the action's Retry-After (429, 503) and Connection (413) headers. */
export const formHeaders: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [actionHeaders, errorHeaders]) {
    for (const name of ["Retry-After", "Connection"]) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
