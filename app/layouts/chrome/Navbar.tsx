import { Button, Icon } from "@blueprintjs/core";
import { usePreferences } from "~/features/preferences/PreferencesProvider";
import { Brand } from "./Brand";
import { FullscreenToggle } from "./FullscreenToggle";
import { ThemeSwitcher } from "./ThemeSwitcher";

interface NavbarProps {
  onOpenDrawer: () => void;
  onOpenSearch: () => void;
  onOpenCustomizer: () => void;
}

/** The top bar: navigation toggle, search, theme, fullscreen and the customizer. */
export function Navbar({ onOpenDrawer, onOpenSearch, onOpenCustomizer }: NavbarProps) {
  const { preferences } = usePreferences();
  const horizontal = preferences.navigationType === "horizontal";
  return (
    <header
      className={`sacap-navbar sacap-navbar--${preferences.navbarType}${preferences.navbarBlur ? " sacap-navbar--blur" : ""}`}
    >
      <Button
        className="sacap-navbar__drawer-toggle"
        variant="minimal"
        icon="menu"
        aria-label="Open navigation"
        aria-haspopup="dialog"
        onClick={onOpenDrawer}
      />
      <div className={horizontal ? "sacap-navbar__brand" : "sacap-navbar__brand sacap-navbar__brand--narrow-only"}>
        <Brand />
      </div>
      <button type="button" className="sacap-search-trigger" onClick={onOpenSearch} aria-keyshortcuts="/ Control+K">
        <Icon icon="search" aria-hidden />
        <span className="sacap-search-trigger__text">Search pages…</span>
        <kbd className="sacap-search-trigger__key">/</kbd>
      </button>
      <div className="sacap-navbar__actions">
        <ThemeSwitcher />
        <FullscreenToggle />
        <Button variant="minimal" icon="cog" aria-label="Customize" title="Customize" aria-haspopup="dialog" onClick={onOpenCustomizer} />
      </div>
    </header>
  );
}
