/**
 * The interface preferences of spec section 4 and their defaults, without the validation library (the
 * browser needs them; only the server parses cookies).
 */
export interface Preferences {
  navbarBlur: boolean;
  verticalNavCollapsed: boolean;
  contentWidth: "fluid" | "boxed";
  navigationType: "vertical" | "horizontal";
  footerType: "static" | "sticky" | "hidden";
  navbarType: "sticky" | "static" | "hidden";
  horizontalNavType: "sticky" | "static" | "hidden";
  colorScheme: "light" | "dark";
  theme: "light" | "dark" | "system";
  semiDarkNav: boolean;
  skin: "bordered" | "default";
  /** Six-digit hex colours. */
  primaryColorLight: string;
  primaryColorDark: string;
}

export type PreferenceName = keyof Preferences;

export const PREFERENCE_DEFAULTS: Readonly<Preferences> = {
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
};

export const PREFERENCE_NAMES = Object.keys(PREFERENCE_DEFAULTS) as PreferenceName[];

export const defaultPreferences: Preferences = { ...PREFERENCE_DEFAULTS };
