import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The element id of the URL's fragment, once hydrated. The server never sees the fragment, so it is
 * read from the first render after hydration on: server HTML and hydration agree, and `:target` covers the
 * moment between. It follows the router's location in the same render (no state of its own that could lag
 * one render behind a change of fragment).
 */
export function useHashAnchor(): string | undefined {
  const { hash } = useLocation();
  const hydrated = useHydrated();
  return hydrated && hash.length > 1 ? decodeFragment(hash.slice(1)) : undefined;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
