import { useHotkeys, type HotkeyConfig } from "@blueprintjs/core";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import { flushSync } from "react-dom";
import { useSearchItems } from "~/features/navigation/useSearchItems";
import { usePreferences } from "~/features/preferences/PreferencesProvider";
import { whenIdle } from "~/lib/idle";
import { flagOf, useRouteHandles } from "~/lib/route-handle";
import { useOpenedOnce } from "~/lib/use-opened-once";
import { CollectorNav } from "./chrome/CollectorNav";
import { Footer } from "./chrome/Footer";
import { HorizontalNav } from "./chrome/HorizontalNav";
import { Navbar } from "./chrome/Navbar";
import { ScrollToTop } from "./chrome/ScrollToTop";
import { Sidebar } from "./chrome/Sidebar";

// Opened on demand (a key or a button): their code (the omnibar, the preference controls, the navigation
// drawer of small screens) is not part of the first load; it is fetched once the page is idle, or on first
// use if that comes sooner.
const loadSearch = () => import("./chrome/NavigationSearch");
const loadCustomizer = () => import("./chrome/Customizer");
const loadNavDrawer = () => import("./chrome/NavDrawer");
const NavigationSearch = lazy(() =>
  loadSearch().then((m) => ({ default: m.NavigationSearch }))
);
const Customizer = lazy(() =>
  loadCustomizer().then((m) => ({ default: m.Customizer }))
);
const NavDrawer = lazy(() =>
  loadNavDrawer().then((m) => ({ default: m.NavDrawer }))
);

/**
 * Fetches the on-demand parts once the browser is idle, one per idle period: evaluated together, the three
 * modules were one task of some 80 ms on a slow phone.
 */
function usePreloadWhenIdle() {
  useEffect(() => {
    let stopped = false;
    let cancel = () => {};
    const next = (loads: (() => Promise<unknown>)[]) => {
      const [load, ...rest] = loads;
      if (!load || stopped) return;
      cancel = whenIdle(() => void load().then(() => next(rest), () => {}), 3000);
    };
    next([loadSearch, loadCustomizer, loadNavDrawer]);
    return () => {
      stopped = true;
      cancel();
    };
  }, []);
}

/**
 * Stands in for the omnibar until the omnibar's own input is in the document (its code may still be on
 * its way, and its overlay takes a few renders to place the input): keeps what is typed, which the omnibar
 * then starts with, so no key press is lost.
 */
function PendingSearch({
  query,
  onQuery,
  onClose,
}: {
  query: string;
  onQuery: (q: string) => void;
  onClose: () => void;
}) {
  return (
    <div className="sacap-omnibar-pending">
      <input
        autoFocus
        className="bp6-input"
        aria-label="Search pages"
        placeholder="Search pages…"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onClose()}
      />
    </div>
  );
}

/**
 * The layout's global hotkeys, registered from a component of their own: registering changes the hotkeys
 * context, and every component that reads it renders again (here nothing but this one, not the layout and
 * its navigation in one long task after hydration).
 */
function GlobalHotkeys({ hotkeys }: { hotkeys: HotkeyConfig[] }) {
  useHotkeys(hotkeys);
  return null;
}

/**
 * The navigation search with what it offers, mounted once the search has first been opened: the lists'
 * data hooks cost a slow phone tens of milliseconds, which the page does not spend before anyone searches.
 */
function SearchWithItems(props: Omit<ComponentProps<typeof NavigationSearch>, "items">) {
  const items = useSearchItems(props.isOpen);
  return <NavigationSearch {...props} items={items} />;
}

/** The default layout: vertical or horizontal navigation (a preference), navbar, content, footer. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { preferences, setPreference } = usePreferences();
  const handles = useRouteHandles();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [customizerOpen, setCustomizerOpen] = useState(false);
  const searchMounted = useOpenedOnce(searchOpen);
  const customizerMounted = useOpenedOnce(customizerOpen);
  const drawerMounted = useOpenedOnce(drawerOpen);
  // the search text, shared by the omnibar and its stand-in, so nothing typed is lost when one replaces the other
  const [searchQuery, setSearchQuery] = useState("");
  const [omnibarReady, setOmnibarReady] = useState(false);
  const markOmnibarReady = useCallback(() => setOmnibarReady(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // committed at once, so the search input (or its stand-in) has focus before the next key arrives
  const openSearch = useCallback(() => {
    flushSync(() => setSearchOpen(true));
    // opened again while its overlay was still closing, the omnibar keeps its input but the overlay does
    // not give it focus again
    document.querySelector<HTMLInputElement>(".sacap-omnibar input")?.focus();
  }, []);
  const closeSearch = useCallback(() => {
    // the input leaves focus at once, not after the overlay's closing transition: a `/` pressed meanwhile
    // would be a character typed into it, not the key that opens the search again
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.closest(".sacap-omnibar")) focused.blur();
    setSearchOpen(false);
    setSearchQuery("");
  }, []);
  usePreloadWhenIdle();

  const vertical = preferences.navigationType === "vertical";
  const collapsed = preferences.verticalNavCollapsed;
  const hotkeys = useMemo<HotkeyConfig[]>(
    () => [
      {
        combo: "/",
        global: true,
        label: "Open navigation search",
        preventDefault: true,
        onKeyDown: openSearch,
      },
      {
        combo: "ctrl+k",
        global: true,
        allowInInput: true,
        label: "Open navigation search",
        preventDefault: true,
        onKeyDown: openSearch,
      },
      {
        combo: "[",
        global: true,
        label: "Collapse or expand the sidebar",
        onKeyDown: () => setPreference("verticalNavCollapsed", !collapsed),
      },
    ],
    [openSearch, setPreference, collapsed]
  );

  const classes = [
    "sacap-layout",
    `sacap-layout--${preferences.navigationType}`,
    vertical && collapsed ? "sacap-layout--collapsed" : "",
    flagOf(handles, "fixedHeight") ? "sacap-layout--fixed-height" : "",
    preferences.footerType === "sticky" ? "sacap-layout--sticky-footer" : "",
  ];
  return (
    <div className={classes.filter(Boolean).join(" ")}>
      {vertical && <Sidebar />}
      <div className="sacap-layout__page">
        {preferences.navbarType !== "hidden" && (
          <Navbar
            onOpenDrawer={() => setDrawerOpen(true)}
            onOpenSearch={openSearch}
            onOpenCustomizer={() => setCustomizerOpen(true)}
          />
        )}
        {!vertical && preferences.horizontalNavType !== "hidden" && (
          <HorizontalNav sticky={preferences.horizontalNavType === "sticky"} />
        )}
        {flagOf(handles, "collector") && <CollectorNav />}
        <main
          id="main"
          tabIndex={-1}
          className={`sacap-content sacap-content--${preferences.contentWidth}`}
        >
          {children}
        </main>
        {preferences.footerType !== "hidden" && (
          <Footer type={preferences.footerType} />
        )}
      </div>
      {drawerMounted && (
        <Suspense fallback={null}>
          <NavDrawer isOpen={drawerOpen} onClose={closeDrawer} />
        </Suspense>
      )}
      {/* rendered only once opened: no boundary in the server HTML that hydration would have to wait for */}
      {searchOpen && !omnibarReady && (
        <PendingSearch
          query={searchQuery}
          onQuery={setSearchQuery}
          onClose={closeSearch}
        />
      )}
      {searchMounted && (
        <Suspense fallback={null}>
          <SearchWithItems
            isOpen={searchOpen}
            onClose={closeSearch}
            query={searchQuery}
            onQueryChange={setSearchQuery}
            onInputMount={markOmnibarReady}
          />
        </Suspense>
      )}
      {customizerMounted && (
        <Suspense fallback={null}>
          <Customizer
            isOpen={customizerOpen}
            onClose={() => setCustomizerOpen(false)}
          />
        </Suspense>
      )}
      <ScrollToTop />
      <GlobalHotkeys hotkeys={hotkeys} />
    </div>
  );
}
