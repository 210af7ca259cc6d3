import type { AezChild, AezModule } from "./schema";

/** A map of a module, with the DOM anchor and React key it is rendered with. */
export interface AezMapEntry {
  child: AezChild;
  /** Element id, and the fragment that links to it: "module-1.4". */
  anchor: string;
  /** React key, from the position (ids are not unique: module 3 reuses 3.2). */
  key: string;
  /** The id is used by an earlier map, so this one has a suffixed anchor ("module-3.2-2"). */
  duplicate: boolean;
}

export interface AezModuleEntry {
  module: AezModule;
  anchor: string;
  key: string;
  maps: AezMapEntry[];
}

/**
 * Anchors and keys for the module tree. Each module and map gets "module-<id>"; when an id is already
 * taken (the spec's second 3.2) the later item gets "module-<id>-2" (then -3, ...), so "#module-3.2"
 * lands on the first item and every item keeps a distinct, stable anchor. Keys come from positions.
 */
export function aezEntries(modules: readonly AezModule[]): AezModuleEntry[] {
  const used = new Set<string>();
  const claim = (id: string) => {
    const base = `module-${id}`;
    let anchor = base;
    for (let n = 2; used.has(anchor); n++) anchor = `${base}-${n}`;
    used.add(anchor);
    return { anchor, duplicate: anchor !== base };
  };
  return modules.map((module, mi) => ({
    module,
    anchor: claim(module.id).anchor,
    key: `m${mi}`,
    maps: module.child.map((child, ci) => ({ child, ...claim(child.id), key: `m${mi}-c${ci}` })),
  }));
}

/** The page's first map (the first map of the first module that has any): it is on the page's first screen. */
export function firstMap(entries: readonly AezModuleEntry[]): AezMapEntry | undefined {
  return entries.find((entry) => entry.maps.length > 0)?.maps[0];
}

/** Every anchor in document order: each module, then its maps. */
export function entryAnchors(entries: readonly AezModuleEntry[]): string[] {
  return entries.flatMap((entry) => [entry.anchor, ...entry.maps.map((map) => map.anchor)]);
}

/** The page fragment of an anchor, as links and search results use it. */
export function anchorHref(anchor: string): string {
  return `/pyaez#${anchor}`;
}
