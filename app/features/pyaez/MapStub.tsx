import type { AezMapEntry, AezMapRef } from "./anchors";
import { openModuleHref } from "./view";

/**
 * A map the document lists by name (decision 026): its heading at its anchor, and a link to the page with
 * its module open, for a reader without scripts. With scripts the full card replaces it after hydration.
 */
export function MapStub({ entry, moduleId, targeted }: { entry: AezMapEntry<AezMapRef>; moduleId: string; targeted: boolean }) {
  const { child, anchor } = entry;
  const titleId = `${anchor}-title`;
  return (
    <article id={anchor} className={`sacap-card aez-card aez-card--stub${targeted ? " aez-target" : ""}`} aria-labelledby={titleId} tabIndex={-1}>
      <h3 className="aez-card__title" id={titleId}>
        <span className="aez-id">{child.id}</span> {child.name}
      </h3>
      <p className="aez-card__stub">
        <a href={openModuleHref(moduleId, anchor)}>Show the map, its description and legend</a>
      </p>
    </article>
  );
}
