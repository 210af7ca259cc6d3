import { useHotkeys, type HotkeyConfig } from "@blueprintjs/core";
import { FOCUS_MAP_KEY, VIEWER_REGIONS } from "./regions";

/**
 * The viewer's key that focuses the map (`m`), one of the portal's hotkeys, so `?` lists it. Like the other
 * single-key shortcuts it does not fire while typing in a text field, nor in a select, where a letter
 * picks an option. Registered from a component of its own, as the layout's hotkeys are: registering changes
 * the hotkeys context, and only this component renders again.
 */
export function MapFocusKey() {
  useHotkeys(HOTKEYS);
  return null;
}

const HOTKEYS: HotkeyConfig[] = [
  {
    combo: FOCUS_MAP_KEY,
    global: true,
    label: "Focus the map",
    onKeyDown: (event) => {
      if (event.target instanceof Element && event.target.closest("select")) return;
      const map = document.getElementById(VIEWER_REGIONS.map);
      if (!map) return;
      event.preventDefault();
      map.focus();
    },
  },
];
