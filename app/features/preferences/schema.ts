import { z } from "zod";

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * The interface preferences of spec section 4, as stored in cookies (`SACAP-<name>`). Every field parses
 * on its own: one tampered cookie falls back to its default without touching the others.
 */
export const PREFERENCE_DEFAULTS = {
  navbarBlur: true,
  verticalNavCollapsed: false,
  contentWidth: "fluid",
  navigationType: "vertical",
  footerType: "static",
  navbarType: "sticky",
  horizontalNavType: "sticky",
  colorScheme: "light",
  theme: "light",
  semiDarkNav: false,
  skin: "bordered",
  primaryColorLight: "#0B6623",
  primaryColorDark: "#3C854F",
} as const;

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
} satisfies Record<keyof typeof PREFERENCE_DEFAULTS, z.ZodType>;

export type PreferenceName = keyof typeof PREFERENCE_DEFAULTS;

export type Preferences = { [K in PreferenceName]: z.output<(typeof preferenceFields)[K]> };

export const PREFERENCE_NAMES = Object.keys(PREFERENCE_DEFAULTS) as PreferenceName[];

export const defaultPreferences: Preferences = { ...PREFERENCE_DEFAULTS };

/** Parses one raw cookie value; `undefined` when missing or invalid. */
export function parsePreference<K extends PreferenceName>(name: K, raw: string | undefined): Preferences[K] | undefined {
  if (raw === undefined) return undefined;
  const result = preferenceFields[name].safeParse(raw);
  return result.success ? (result.data as Preferences[K]) : undefined;
}
