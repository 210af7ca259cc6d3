import { HotkeysProvider } from "@blueprintjs/core";
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useContext, useEffect, useState, type ReactNode } from "react";
import { Provider } from "react-redux";
import { publicConfig, type PublicConfig } from "~server/env.server";
import { hasObservations } from "~server/series/observed-query";
import stylesHref from "../styles/portal.css";
import { AnalyticsScripts, useScreenViews } from "~/features/analytics/Analytics";
import { readPreferences } from "~/features/preferences/read";
import { documentAttributes, systemThemeScript } from "~/features/preferences/document";
import { PreferencesProvider, usePreferences } from "~/features/preferences/PreferencesProvider";
import { defaultPreferences, type Preferences } from "~/features/preferences/defaults";
import { ErrorPage, errorTitle } from "~/components/ErrorPage";
import { BlankLayout } from "~/layouts/BlankLayout";
import { LayoutSwitch } from "~/layouts/LayoutSwitch";
import { pageTitle } from "~/lib/meta";
import { captchaScriptUrl } from "~/lib/analytics";
import { flagOf, skipLinksOf, useRouteHandles } from "~/lib/route-handle";
import { useExternalScript } from "~/lib/external-script";
import { useNonce } from "~/lib/nonce";
import { FAVICON_HREF } from "~/lib/favicon";
import { useScrollBehavior } from "~/lib/scroll";
import { useWebfont, webfontScript } from "~/lib/webfont";
import { cacheEntriesFrom } from "~/store/prime";
import { getStore, ServerStoresContext } from "~/store/store";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: FAVICON_HREF, type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({
    preferences: readPreferences(request.headers.get("Cookie")),
    config: publicConfig(context.env),
    // whether observational datasets were ingested: the explorer then asks which exist for its selection
    observations: hasObservations(context.series.store),
  });
}

// Preferences change in the browser (and their cookies with them); the root never needs to reload.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

interface RootData {
  preferences: Preferences;
  config: PublicConfig;
  observations: boolean;
}

/**
 * Marks the document once the page has hydrated (its effects, keyboard shortcuts included, run before this
 * last one), so styles and checks can tell a live page from server HTML still waiting for its scripts.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

/**
 * The document around every page. Its first Tab stop is "Skip to content"; a page can add skip links to its
 * own regions after it (its route's `handle.skipLinks`), left out of an error page, which has none of them.
 */
function Document({ children, pageSkipLinks = true }: { children: ReactNode; pageSkipLinks?: boolean }) {
  const { preferences } = usePreferences();
  const data = useRouteLoaderData<RootData>("root");
  const attrs = documentAttributes(preferences);
  const nonce = useNonce();
  const handles = useRouteHandles();
  const skipLinks = pageSkipLinks ? skipLinksOf(handles) : [];
  return (
    <html lang="en" dir="ltr" className={attrs.className} style={{ ...attrs.style, colorScheme: attrs.colorScheme }} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0B6623" />
        {preferences.theme === "system" && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: systemThemeScript() }} />}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: webfontScript() }} />
        <Meta />
        <Links />
        {data?.config.analyticsId && <AnalyticsScripts measurementId={data.config.analyticsId} nonce={nonce} />}
      </head>
      <body>
        <a className="sacap-skip-link" href="#main">
          Skip to content
        </a>
        {skipLinks.map((link) => (
          <a key={link.href} className="sacap-skip-link" href={link.href}>
            {link.label}
          </a>
        ))}
        {children}
        <HydrationMark />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Providers({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const matches = useMatches();
  const serverStores = useContext(ServerStoresContext);
  const [store] = useState(() => {
    const created = getStore(cacheEntriesFrom(matches.map((match) => match.data)));
    serverStores?.push(created);
    return created;
  });
  return (
    <Provider store={store}>
      <PreferencesProvider initial={data?.preferences ?? defaultPreferences}>
        <HotkeysProvider>{children}</HotkeysProvider>
      </PreferencesProvider>
    </Provider>
  );
}

/** The bot-check script, only on pages that use it and only when configured. */
function useCaptchaScript(config: PublicConfig | undefined): string | undefined {
  const handles = useRouteHandles();
  return flagOf(handles, "captcha") && config?.captchaSiteKey ? captchaScriptUrl(config.captchaSiteKey) : undefined;
}

function Behaviours() {
  const data = useRouteLoaderData<RootData>("root");
  useScrollBehavior();
  useWebfont();
  useScreenViews(data?.config.analyticsId);
  useExternalScript(useCaptchaScript(data?.config));
  return null;
}

export default function App() {
  return (
    <Providers>
      <Document>
        <Behaviours />
        <LayoutSwitch>
          <Outlet />
        </LayoutSwitch>
      </Document>
    </Providers>
  );
}

/** The title of an error page (a route's own meta does not run when its loader fails). */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: pageTitle(errorTitle(status)) }, { name: "robots", content: "noindex" }];
};

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Providers>
      <Document pageSkipLinks={false}>
        {status === 404 ? (
          // an unknown id under a known route is the same not-found page as an unknown path
          <BlankLayout>
            <ErrorPage status={404} />
          </BlankLayout>
        ) : (
          <LayoutSwitch>
            <ErrorPage status={status} />
          </LayoutSwitch>
        )}
      </Document>
    </Providers>
  );
}
