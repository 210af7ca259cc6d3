import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from "react";
import { QueryState } from "~/components/QueryState";
import { scrollToHash } from "~/lib/scroll";
import { useHydrated } from "~/lib/use-hydrated";
import { useGetAezModulesQuery } from "~/store/reference";
import { aezEntries, entryAnchors, firstMap } from "./anchors";
import type { InlineImages } from "./images";
import { ModuleNavigator } from "./ModuleNavigator";
import { ModuleSection } from "./ModuleSection";
import { useGetAezViewQuery } from "./pyaezApi";
import type { AezViewModule } from "./view";
import { useHashAnchor } from "./useHashAnchor";
import { useScrollSpy } from "./useScrollSpy";

const NONE: InlineImages = {};

/**
 * The agro-ecological zoning browser: the module navigator beside the modules and their maps. The document
 * carries the page's view (`open`: the `?module=` value, "" for the first module), which shows the open
 * module's maps in full and the others by name; once hydrated the browser shows every map from the full
 * module list (one request, cached like every reference list; at once after a navigation in the portal).
 */
export function AezBrowser({ inlineImages = NONE, open }: { inlineImages?: InlineImages; open: string }) {
  const hydrated = useHydrated();
  const full = useGetAezModulesQuery(undefined, { skip: !hydrated });
  const view = useGetAezViewQuery(open, { skip: full.data !== undefined });
  // Every module's maps take the place of the document's in a render React can interrupt: the store's own
  // updates render at once, in one task, and all the maps are some thousand elements on a slow phone.
  const modules: readonly AezViewModule[] | undefined = useDeferredValue(full.data ?? view.data?.modules);
  return (
    <QueryState what="AEZ modules" data={modules} isError={full.isError && view.isError}>
      {(data) => <AezModules modules={data} complete={data === full.data} inlineImages={inlineImages} />}
    </QueryState>
  );
}

function AezModules({ modules, complete, inlineImages }: { modules: readonly AezViewModule[]; complete: boolean; inlineImages: InlineImages }) {
  const entries = useMemo(() => aezEntries(modules), [modules]);
  const anchors = useMemo(() => entryAnchors(entries), [entries]);
  const hydrated = useHydrated();
  const target = useHashAnchor();
  // every map has come in above or at the URL's fragment: land on it again, where it is now
  const landed = useRef(complete);
  useEffect(() => {
    if (!complete || landed.current) return;
    landed.current = true;
    // the address as it is now: a fragment changed meanwhile is the one to land on
    scrollToHash(window.location.hash, "instant");
  }, [complete]);
  const current = useScrollSpy(anchors, target);
  // As with a fragment link in plain HTML, reading and Tab continue from the section the link points to.
  const focusTarget = useCallback((anchor: string) => {
    requestAnimationFrame(() => document.getElementById(anchor)?.focus({ preventScroll: true }));
  }, []);
  const first = useMemo(() => firstMap(entries), [entries]);

  return (
    <div className={`aez-browser${hydrated ? " aez-browser--hydrated" : ""}`}>
      <ModuleNavigator entries={entries} current={current} enhanced={hydrated} onFollow={focusTarget} />
      <div className="aez-browser__content">
        {entries.map((entry) => (
          <ModuleSection key={entry.key} entry={entry} target={target} first={first} inlineImages={inlineImages} />
        ))}
      </div>
    </div>
  );
}
