import { useCallback, useMemo } from "react";
import { QueryState } from "~/components/QueryState";
import { useHydrated } from "~/lib/use-hydrated";
import { useGetAezModulesQuery } from "~/store/reference";
import { aezEntries, entryAnchors } from "./anchors";
import { ModuleNavigator } from "./ModuleNavigator";
import { ModuleSection } from "./ModuleSection";
import type { AezModule } from "./schema";
import { useHashAnchor } from "./useHashAnchor";
import { useScrollSpy } from "./useScrollSpy";

/** The agro-ecological zoning browser: the module navigator beside the modules and their maps. */
export function AezBrowser() {
  const modules = useGetAezModulesQuery();
  return (
    <QueryState what="AEZ modules" data={modules.data} isError={modules.isError}>
      {(data) => <AezModules modules={data} />}
    </QueryState>
  );
}

function AezModules({ modules }: { modules: readonly AezModule[] }) {
  const entries = useMemo(() => aezEntries(modules), [modules]);
  const anchors = useMemo(() => entryAnchors(entries), [entries]);
  const hydrated = useHydrated();
  const target = useHashAnchor();
  const current = useScrollSpy(anchors, target);
  // As with a fragment link in plain HTML, reading and Tab continue from the section the link points to.
  const focusTarget = useCallback((anchor: string) => {
    requestAnimationFrame(() => document.getElementById(anchor)?.focus({ preventScroll: true }));
  }, []);
  const firstWithMaps = entries.findIndex((entry) => entry.maps.length > 0);

  return (
    <div className={`aez-browser${hydrated ? " aez-browser--hydrated" : ""}`}>
      <ModuleNavigator entries={entries} current={current} enhanced={hydrated} onFollow={focusTarget} />
      <div className="aez-browser__content">
        {entries.map((entry, i) => (
          <ModuleSection key={entry.key} entry={entry} target={target} first={i === firstWithMaps} />
        ))}
      </div>
    </div>
  );
}
