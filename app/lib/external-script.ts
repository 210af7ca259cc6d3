import { useEffect } from "react";

/**
 * Loads a third-party script once a page that needs it is shown, after hydration, on the first load and
 * on client navigations alike (a <script> React renders on the client would never run).
 */
export function useExternalScript(src: string | undefined) {
  useEffect(() => {
    if (!src) return;
    const present = Array.from(document.scripts).some((script) => script.src === src);
    if (present) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.defer = true;
    document.head.appendChild(script);
  }, [src]);
}
