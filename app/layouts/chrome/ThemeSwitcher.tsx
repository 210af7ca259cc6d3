import { Button, Menu, MenuItem } from "@blueprintjs/core";
import { Popover } from "~/components/Popover";
import type { IconName } from "@blueprintjs/icons";
import { usePreferences } from "~/features/preferences/PreferencesProvider";
import type { Preferences } from "~/features/preferences/defaults";

const THEMES: { value: Preferences["theme"]; label: string; icon: IconName }[] = [
  { value: "light", label: "Light", icon: "flash" },
  { value: "dark", label: "Dark", icon: "moon" },
  { value: "system", label: "System", icon: "desktop" },
];

/** Light, dark or system theme, applied at once and remembered. */
export function ThemeSwitcher() {
  const { preferences, setPreference } = usePreferences();
  const current = THEMES.find((theme) => theme.value === preferences.theme) ?? THEMES[0];
  return (
    <Popover
      menu
      placement="bottom-end"
      content={
        <Menu size="small" aria-label="Theme">
          {THEMES.map((theme) => (
            <MenuItem
              key={theme.value}
              icon={theme.icon}
              text={theme.label}
              roleStructure="listoption"
              selected={theme.value === preferences.theme}
              onClick={() => setPreference("theme", theme.value)}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon={current.icon} aria-label={`Theme: ${current.label}`} title="Theme" />
    </Popover>
  );
}
