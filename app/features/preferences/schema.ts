import * as z from "zod";
import type { PreferenceName, Preferences } from "./defaults";

export { PREFERENCE_DEFAULTS, PREFERENCE_NAMES, defaultPreferences } from "./defaults";
export type { PreferenceName, Preferences } from "./defaults";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * How each preference cookie is parsed. Every field parses on its own: one tampered cookie falls back to
 * its default without touching the others.
 */
export const preferenceFields = {
  navbarBlur: flag,
  verticalNavCollapsed: flag,
  contentWidth: z.enum(["fluid", "boxed"]),
  navigationType: z.enum(["vertical", "horizontal"]),
  footerType: z.enum(["static", "sticky", "hidden"]),
  navbarType: z.enum(["sticky", "static", "hidden"]),
  horizontalNavType: z.enum(["sticky", "static", "hidden"]),
  colorScheme: z.enum(["light", "dark"]),
  theme: z.enum(["light", "dark", "system"]),
  semiDarkNav: flag,
  skin: z.enum(["bordered", "default"]),
  primaryColorLight: hexColor,
  primaryColorDark: hexColor,
} satisfies { [K in PreferenceName]: z.ZodType<Preferences[K], string> };

/** Parses one raw cookie value; `undefined` when missing or invalid. */
export function parsePreference<K extends PreferenceName>(name: K, raw: string | undefined): Preferences[K] | undefined {
  if (raw === undefined) return undefined;
  const result = preferenceFields[name].safeParse(raw);
  return result.success ? (result.data as Preferences[K]) : undefined;
}
