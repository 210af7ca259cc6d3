import * as z from "zod";
import pagesSeed from "../../seeds/viewer-pages.json";
import { tileSchema, type ViewerLayer } from "../../app/features/viewer/schema";

/** Layers of a viewer page that has its own products (seeds/viewer-pages.json). */
const pageLayerSchema = z.strictObject({ id: z.string().min(1), period: z.string().min(1), tiles: z.array(tileSchema).min(1) });
export const viewerPagesSchema = z.strictObject({ note: z.string(), pages: z.record(z.string(), z.array(pageLayerSchema)) });

let pages: z.infer<typeof viewerPagesSchema>["pages"] | undefined;

/**
 * A page layer in the viewer layer shape. These pages have no filter panel; only `period` (the time
 * step) and `variable` are read, the other filter fields are placeholders.
 */
export function pageLayers(page: string): ViewerLayer[] {
  pages ??= viewerPagesSchema.parse(pagesSeed).pages;
  return (pages[page] ?? []).map((l) => ({
    id: l.id,
    tiles: l.tiles,
    filter: {
      source: "wb",
      category: page.slice(1),
      collection: l.id,
      type: "climatology",
      variable: l.tiles[0].layers,
      model: null,
      scenario: null,
      sector: page.slice(1),
      period: l.period,
      aggregation: "annual",
    },
  }));
}
