import { useCallback, useMemo } from "react";
import { QueryState } from "~/components/QueryState";
import { useHydrated } from "~/lib/use-hydrated";
import { useGetAezModulesQuery } from "~/store/reference";
import { aezEntries, entryAnchors, firstMap } from "./anchors";
import type { InlineImages } from "./images";
import { ModuleNavigator } from "./ModuleNavigator";
import { ModuleSection } from "./ModuleSection";
import type { AezModule } from "./schema";
import { useHashAnchor } from "./useHashAnchor";
import { useScrollSpy } from "./useScrollSpy";

const NONE: InlineImages = {};

/** The agro-ecological zoning browser: the module navigator beside the modules and their maps. */
export function AezBrowser({ inlineImages = NONE }: { inlineImages?: InlineImages }) {
  const modules = useGetAezModulesQuery();
  return (
    <QueryState what="AEZ modules" data={modules.data} isError={modules.isError}>
      {(data) => <AezModules modules={data} inlineImages={inlineImages} />}
    </QueryState>
  );
}

function AezModules({ modules, inlineImages }: { modules: readonly AezModule[]; inlineImages: InlineImages }) {
  const entries = useMemo(() => aezEntries(modules), [modules]);
  const anchors = useMemo(() => entryAnchors(entries), [entries]);
  const hydrated = useHydrated();
  const target = useHashAnchor();
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
