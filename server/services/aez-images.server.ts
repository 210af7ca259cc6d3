import { readFileSync } from "node:fs";
import path from "node:path";
import { aezEntries, firstMap } from "../../app/features/pyaez/anchors";
import type { InlineImages } from "../../app/features/pyaez/images";
import { svgDataUrl } from "../../app/lib/svg-data-url";
import type { AezModule } from "../../app/features/pyaez/schema";

/** Only the seeds' AEZ map images, by a plain file name under /aez/. */
const AEZ_MAP_PATH = /^\/aez\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.svg$/;

/** A larger image is linked, not carried in the document (the sample maps are 7-12 KB). */
export const MAX_INLINE_BYTES = 16 * 1024;

/**
 * The AEZ browser's first map carried in the /pyaez document as a data URL. It is on the page's first
 * screen; as a file it is one more request, on a new connection, before the first screen is complete,
 * while in the document it is about 2.5 KB more of a response that is being sent anyway, and it is painted
 * with the page's text. Read once, on first use; a missing, unexpected or too large file is left linked.
 */
export function createAezImages(publicDir: string, modules: () => readonly AezModule[]) {
  let firstScreen: InlineImages | undefined;
  return {
    /** The images the /pyaez document carries in itself. */
    firstScreen(): InlineImages {
      firstScreen ??= inlineImages(publicDir, [firstMap(aezEntries(modules()))?.child.image]);
      return firstScreen;
    },
  };
}

export type AezImages = ReturnType<typeof createAezImages>;

function inlineImages(publicDir: string, images: (string | undefined)[]): InlineImages {
  const inline: Record<string, string> = {};
  for (const image of images) {
    if (!image || !AEZ_MAP_PATH.test(image)) continue;
    try {
      const svg = readFileSync(path.join(publicDir, image), "utf8");
      if (Buffer.byteLength(svg) <= MAX_INLINE_BYTES) inline[image] = svgDataUrl(svg);
    } catch {
      // not there: the page links it, and shows "map not available" if it does not load either
    }
  }
  return inline;
}
