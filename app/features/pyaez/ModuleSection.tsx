import { memo } from "react";
import type { AezMapEntry, AezModuleEntry } from "./anchors";
import type { InlineImages } from "./images";
import { MapCard } from "./MapCard";
import { MapStub } from "./MapStub";
import { MODULE_DESCRIPTIONS } from "./module-text";
import type { AezChild } from "./schema";
import { isFullMap, type AezViewMap } from "./view";

interface ModuleSectionProps {
  /** A module whose maps are shown in full, or by name (`view.ts`). */
  entry: AezModuleEntry<AezViewMap>;
  /** Anchor of the URL's fragment (after hydration). */
  target: string | undefined;
  /** The first map of the page (its image loads at once). */
  first: AezMapEntry<AezViewMap> | undefined;
  inlineImages: InlineImages;
}

/**
 * A module: heading, description and its maps, or a note when it has none. Memoised: the browser re-renders
 * on hydration and as the reader scrolls (the navigator's current entry), which leaves the sections as
 * they are; rendering every map again each time was the longest task after first paint.
 */
export const ModuleSection = memo(function ModuleSection({ entry, target, first, inlineImages }: ModuleSectionProps) {
  const { module, anchor, maps } = entry;
  const titleId = `${anchor}-title`;
  const description = MODULE_DESCRIPTIONS[module.id];
  return (
    <section id={anchor} className={`aez-module${target === anchor ? " aez-target" : ""}`} aria-labelledby={titleId} tabIndex={-1}>
      <header className="aez-module__header">
        <h2 className="aez-module__title" id={titleId}>
          <span className="aez-id">Module {module.id}</span> {module.name}
        </h2>
        {maps.length > 0 && <span className="aez-muted aez-module__count">{maps.length === 1 ? "1 map" : `${maps.length} maps`}</span>}
        {description && <p className="aez-module__desc">{description}</p>}
      </header>
      {maps.length === 0 ? (
        <p className="aez-module__empty">No maps of this module are published yet.</p>
      ) : (
        <div className="aez-module__maps">
          {maps.map((map) =>
            isFullMap(map.child) ? (
              <MapCard key={map.key} entry={map as AezMapEntry<AezChild>} targeted={target === map.anchor} first={map === first} inlineImages={inlineImages} />
            ) : (
              <MapStub key={map.key} entry={map} moduleId={module.id} targeted={target === map.anchor} />
            ),
          )}
        </div>
      )}
    </section>
  );
});
