import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { matchPortalRoute } from "~/features/navigation/routes";
import { analyticsBootCommands, analyticsScriptUrl, screenViewCommand } from "~/lib/analytics";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
  }
}

/** JSON safe to place inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function bootScript(measurementId: string): string {
  const calls = analyticsBootCommands(measurementId)
    .map((command) =>
      command[1] === "__NOW__" ? `gtag("js",new Date());` : `gtag.apply(null,${scriptJson(command)});`,
    )
    .join("");
  return `window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments);};${calls}`;
}

/** Only rendered when analytics is enabled by configuration; otherwise nothing is requested. */
export function AnalyticsScripts({ measurementId, nonce }: { measurementId: string; nonce?: string }) {
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: bootScript(measurementId) }} />
      <script nonce={nonce} async src={analyticsScriptUrl(measurementId)} />
    </>
  );
}

/** One screen_view per navigation (automatic page views are off). */
export function useScreenViews(measurementId: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!measurementId || !window.gtag) return;
    const title = matchPortalRoute(pathname)?.title ?? document.title;
    window.gtag(...screenViewCommand(title, pathname));
  }, [measurementId, pathname]);
}
