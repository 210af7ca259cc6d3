import * as z from "zod";

/**
 * The agro-ecological zoning module tree shown on /pyaez: six modules, each with its map outputs.
 * Anchors are "#module-N" for a module and "#module-N.M" for one of its maps.
 */

export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "expected a hex colour such as #0b6623");

export const legendScaleSchema = z.strictObject({
  label: z.string().min(1),
  color: hexColorSchema,
});
export type LegendScale = z.infer<typeof legendScaleSchema>;

/** One swatch per class, laid out in a row: for classified maps. */
export const squareLegendSchema = z.strictObject({
  type: z.literal("square-horizontal"),
  title: z.string().min(1).optional(),
  scales: z
    .array(legendScaleSchema)
    .min(1)
    .superRefine((scales, ctx) => {
      const labels = new Set<string>();
      const colors = new Set<string>();
      scales.forEach((s, i) => {
        if (labels.has(s.label)) ctx.addIssue({ code: "custom", path: [i, "label"], message: `duplicate class label "${s.label}"` });
        if (colors.has(s.color.toLowerCase())) ctx.addIssue({ code: "custom", path: [i, "color"], message: `colour ${s.color} is used by another class` });
        labels.add(s.label);
        colors.add(s.color.toLowerCase());
      });
    }),
});

/** A continuous colour ramp with tick labels: for maps of continuous values. */
export const gradientLegendSchema = z
  .strictObject({
    type: z.literal("gradient"),
    title: z.string().min(1).optional(),
    /** A CSS background value: linear-gradient(to right, <colour stops>). */
    style: z
      .string()
      .regex(/^linear-gradient\(to right,( #[0-9a-fA-F]{6}( \d{1,3}%)?,)+ #[0-9a-fA-F]{6}( \d{1,3}%)?\)$/, {
        message: "expected a CSS linear-gradient(to right, #rrggbb, ...) with two or more hex stops",
      }),
    /** Tick labels from min to max, evenly spaced. */
    labels: z.array(z.string().min(1)).min(2),
    min: z.number(),
    max: z.number(),
    unit: z.string(),
  })
  .refine((l) => l.max > l.min, { message: "max must be greater than min", path: ["max"] });

export const legendSchema = z.discriminatedUnion("type", [squareLegendSchema, gradientLegendSchema]);
export type Legend = z.infer<typeof legendSchema>;
export type SquareLegend = z.infer<typeof squareLegendSchema>;
export type GradientLegend = z.infer<typeof gradientLegendSchema>;

const imagePathSchema = z
  .string()
  .regex(/^\/aez\/(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9._-]*\.(?:png|jpg|webp|svg)$/, "expected an image path under /aez/");

export const aezChildSchema = z
  .strictObject({
    /** Module number, a dot and the map number, e.g. "1.4" or "1.81". */
    id: z.string().regex(/^[1-9]\.\d{1,2}$/, "expected a map id such as 1.4"),
    name: z.string().min(1),
    route: z.string(),
    image: imagePathSchema,
    desc: z.string().min(1),
    legends: z.array(legendSchema).min(1).optional(),
    info: z.strictObject({ img: imagePathSchema }).optional(),
  })
  .refine((c) => c.route === `/pyaez#module-${c.id}`, {
    message: "route must be /pyaez#module-<id>",
    path: ["route"],
  });
export type AezChild = z.infer<typeof aezChildSchema>;

export const aezModuleSchema = z
  .strictObject({
    id: z.string().regex(/^[1-9]$/, "expected a module number such as 1"),
    name: z.string().min(1),
    /** Anchor name without the hash, "module-<id>". */
    val: z.string(),
    route: z.string(),
    child: z.array(aezChildSchema),
  })
  .superRefine((m, ctx) => {
    if (m.val !== `module-${m.id}`) {
      ctx.addIssue({ code: "custom", path: ["val"], message: "val must be module-<id>" });
    }
    if (m.route !== `/pyaez#module-${m.id}`) {
      ctx.addIssue({ code: "custom", path: ["route"], message: "route must be /pyaez#module-<id>" });
    }
    m.child.forEach((c, i) => {
      if (!c.id.startsWith(`${m.id}.`)) {
        ctx.addIssue({ code: "custom", path: ["child", i, "id"], message: `map id must start with ${m.id}.` });
      }
    });
  });
export const aezModuleListSchema = z.array(aezModuleSchema);
export type AezModule = z.infer<typeof aezModuleSchema>;
