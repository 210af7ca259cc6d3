import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * The element id of the URL's fragment, once hydrated. The server never sees the fragment, so it is
 * read after the first render: server HTML and hydration agree, and `:target` covers the moment between.
 */
export function useHashAnchor(): string | undefined {
  const { hash } = useLocation();
  const [anchor, setAnchor] = useState<string>();
  useEffect(() => setAnchor(hash.length > 1 ? decodeFragment(hash.slice(1)) : undefined), [hash]);
  return anchor;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
