/**
 * Intrinsic sizes of the AEZ images (scripts/generate-aez-images.mjs draws them at these sizes), given
 * to <img> as width and height so the page reserves their space and does not shift as they load.
 */
export const MAP_IMAGE_SIZE = { width: 320, height: 280 } as const;
export const INFO_IMAGE_SIZE = { width: 320, height: 240 } as const;

/** Image paths (as the seeds give them) and the data URLs a document shows in their place. */
export type InlineImages = Readonly<Record<string, string>>;
