import type { AezMapRef, AezModuleOf } from "./anchors";
import type { AezChild, AezModule } from "./schema";

/**
 * What the /pyaez document shows (decision 026): every module and map by name (the navigator, the
 * headings, every anchor), and in full (description, map, legends, info chart) the maps of the open
 * modules only: the first one with maps (the first screen), and the one the URL's `?module=` names, or
 * all of them with `?module=all`.
 * The other maps come after hydration (the full module list, `/api/pyaez/list/modules`); without scripts
 * each of them links to the page with its module open.
 */
export type AezViewMap = AezChild | AezMapRef;
export type AezViewModule = AezModuleOf<AezViewMap>;

export interface AezView {
  modules: AezViewModule[];
  /** The ids of the modules shown in full. */
  open: string[];
}

/** The URL parameter that opens a module (`?module=3`), or every module (`?module=all`). */
export const OPEN_MODULE_PARAM = "module";
export const ALL_MODULES = "all";

/** A map shown in full, rather than by name only. */
export const isFullMap = (map: AezViewMap): map is AezChild => "desc" in map;

/** The values `?module=` accepts: each module's id and `all`. */
export const openModuleValues = (modules: readonly AezModule[]) => [...modules.map((m) => m.id), ALL_MODULES];

/**
 * The modules shown in full for a `?module=` value (null when absent): the first module with maps and
 * that module, or every module. Undefined for a value that names no module.
 */
export function openModules(modules: readonly AezModule[], value: string | null): string[] | undefined {
  const first = modules.find((m) => m.child.length > 0);
  const open = first ? [first.id] : [];
  if (value === null || value === "") return open;
  if (value === ALL_MODULES) return modules.map((m) => m.id);
  if (!modules.some((m) => m.id === value)) return undefined;
  return open.includes(value) ? open : [...open, value];
}

/** The view: the open modules' maps in full, the other maps by id and name. */
export function buildAezView(modules: readonly AezModule[], open: readonly string[]): AezView {
  return {
    modules: modules.map((module) =>
      open.includes(module.id) ? module : { ...module, child: module.child.map(({ id, name }) => ({ id, name })) },
    ),
    open: [...open],
  };
}

/** The page URL that shows a module in full, at one of its anchors: the link of a map shown by name. */
export const openModuleHref = (moduleId: string, anchor: string) => `/pyaez?${OPEN_MODULE_PARAM}=${encodeURIComponent(moduleId)}#${anchor}`;
