import { Icons, type IconName } from "@blueprintjs/icons";
import { BUNDLED_ICON_PATHS } from "./icon-paths";

/**
 * Blueprint's default icon loader pulls every icon path into the browser (about 200 KB compressed for both
 * sizes). The portal draws a known set of icons: their 16 px paths are bundled (so they are in the server
 * HTML) and the loader serves only those. An icon missing from the set draws nothing; add it to
 * `icon-paths.ts` (a unit test checks the icons the code names).
 */
async function loadIconPaths(name: IconName): Promise<string[]> {
  return BUNDLED_ICON_PATHS[name] ?? [];
}

let ready: Promise<void> | undefined;

/** Registers the loader and the bundled paths; await it once before rendering, on server and client. */
export function setupIcons(): Promise<void> {
  ready ??= (async () => {
    Icons.setLoaderOptions({ loader: loadIconPaths });
    // Only 16 px: use CSS to draw an icon larger (Blueprint's own large icons bring their paths with them).
    await Icons.load(Object.keys(BUNDLED_ICON_PATHS) as IconName[], 16);
  })();
  return ready;
}
