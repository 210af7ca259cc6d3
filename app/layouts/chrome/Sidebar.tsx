import { Button, Classes } from "@blueprintjs/core";
import { usePreferences } from "~/features/preferences/PreferencesProvider";
import { Brand } from "./Brand";
import { NavTree } from "./NavTree";

/** The vertical navigation of wide screens; below 960 px the drawer takes over (CSS hides this). */
export function Sidebar() {
  const { preferences, colorScheme, setPreference } = usePreferences();
  const collapsed = preferences.verticalNavCollapsed;
  const semiDark = preferences.semiDarkNav && colorScheme === "light";
  return (
    <aside
      className={`sacap-sidebar${collapsed ? " sacap-sidebar--collapsed" : ""}${semiDark ? ` ${Classes.DARK}` : ""}`}
      aria-label="Sidebar"
    >
      <div className="sacap-sidebar__head">
        <Brand compact={collapsed} />
        <Button
          variant="minimal"
          size="small"
          icon={collapsed ? "menu-open" : "menu-closed"}
          aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
          title={collapsed ? "Expand sidebar ([)" : "Collapse sidebar ([)"}
          aria-expanded={!collapsed}
          onClick={() => setPreference("verticalNavCollapsed", !collapsed)}
        />
      </div>
      <div className="sacap-sidebar__scroll">
        <NavTree id="sidebar" collapsed={collapsed} />
      </div>
    </aside>
  );
}
