import type { AezChild, AezModule } from "./schema";

/** What anchors need of a map: its id and name (a full map of the seeds, or a map the page lists by name). */
export interface AezMapRef {
  id: string;
  name: string;
}

/** A module whose maps are of type `C`. */
export type AezModuleOf<C extends AezMapRef = AezChild> = Omit<AezModule, "child"> & { child: readonly C[] };

/** A map of a module, with the DOM anchor and React key it is rendered with. */
export interface AezMapEntry<C extends AezMapRef = AezChild> {
  child: C;
  /** Element id, and the fragment that links to it: "module-1.4". */
  anchor: string;
  /** React key, from the position (ids are not unique: module 3 reuses 3.2). */
  key: string;
  /** The id is used by an earlier map, so this one has a suffixed anchor ("module-3.2-2"). */
  duplicate: boolean;
}

export interface AezModuleEntry<C extends AezMapRef = AezChild> {
  module: AezModuleOf<C>;
  anchor: string;
  key: string;
  maps: AezMapEntry<C>[];
}

/**
 * Anchors and keys for the module tree. Each module and map gets "module-<id>"; when an id is already
 * taken (the spec's second 3.2) the later item gets "module-<id>-2" (then -3, ...), so "#module-3.2"
 * lands on the first item and every item keeps a distinct, stable anchor. Keys come from positions.
 */
export function aezEntries<C extends AezMapRef = AezChild>(modules: readonly AezModuleOf<C>[]): AezModuleEntry<C>[] {
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
export function firstMap<C extends AezMapRef>(entries: readonly AezModuleEntry<C>[]): AezMapEntry<C> | undefined {
  return entries.find((entry) => entry.maps.length > 0)?.maps[0];
}

/** Every anchor in document order: each module, then its maps. */
export function entryAnchors(entries: readonly AezModuleEntry<AezMapRef>[]): string[] {
  return entries.flatMap((entry) => [entry.anchor, ...entry.maps.map((map) => map.anchor)]);
}

/** The page fragment of an anchor, as links and search results use it. */
export function anchorHref(anchor: string): string {
  return `/pyaez#${anchor}`;
}
