import { Classes } from "@blueprintjs/core";
import { hexToRgb } from "~/lib/color";
import type { Preferences } from "./defaults";

export type ColorScheme = "light" | "dark";

/** The scheme to render: the chosen theme, or for "system" the last scheme the browser reported. */
export function resolveColorScheme(prefs: Pick<Preferences, "theme" | "colorScheme">): ColorScheme {
  return prefs.theme === "system" ? prefs.colorScheme : prefs.theme;
}

/** Class and custom properties of <html> for the given preferences, identical on server and client. */
export function documentAttributes(prefs: Preferences) {
  const scheme = resolveColorScheme(prefs);
  const classes = [`sacap-skin-${prefs.skin}`];
  if (scheme === "dark") classes.push(Classes.DARK);
  const style: Record<string, string> = {
    "--sacap-primary-light": prefs.primaryColorLight,
    "--sacap-primary-dark": prefs.primaryColorDark,
  };
  const rgbLight = hexToRgb(prefs.primaryColorLight);
  const rgbDark = hexToRgb(prefs.primaryColorDark);
  if (rgbLight) style["--sacap-primary-light-rgb"] = rgbLight;
  if (rgbDark) style["--sacap-primary-dark-rgb"] = rgbDark;
  return { className: classes.join(" "), style, colorScheme: scheme };
}

/**
 * For theme "system", a blocking script in <head> sets the dark class from the media query before the
 * first paint, so a browser whose scheme changed since the last visit does not flash.
 */
export function systemThemeScript(): string {
  return `(function(){try{var d=window.matchMedia("(prefers-color-scheme: dark)").matches;var c=document.documentElement.classList;c.toggle("${Classes.DARK}",d);document.documentElement.style.colorScheme=d?"dark":"light";}catch(e){}})();`;
}
