import { Icons, type IconName } from "@blueprintjs/icons";
import { BUNDLED_ICON_PATHS } from "./icon-paths";

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase());

/**
 * Blueprint's default icon loader pulls every icon path into the browser. We bundle the 16 px paths of
 * the icons the portal actually draws (so they are in the server HTML) and load any other icon, or a
 * 20 px variant, on demand from one lazily loaded chunk.
 */
async function loadIconPaths(name: IconName, size: number): Promise<string[]> {
  const bundled = size < 20 ? BUNDLED_ICON_PATHS[name] : undefined;
  if (bundled) return bundled;
  const all: Record<string, unknown> =
    size < 20
      ? await import("@blueprintjs/icons/lib/esm/generated/16px/paths/index.js")
      : await import("@blueprintjs/icons/lib/esm/generated/20px/paths/index.js");
  const paths = all[pascal(name)];
  return Array.isArray(paths) ? paths : [];
}

let ready: Promise<void> | undefined;

/** Registers the loader and the bundled paths; await it once before rendering, on server and client. */
export function setupIcons(): Promise<void> {
  ready ??= (async () => {
    Icons.setLoaderOptions({ loader: loadIconPaths });
    await Icons.load(Object.keys(BUNDLED_ICON_PATHS) as IconName[], 16);
  })();
  return ready;
}
