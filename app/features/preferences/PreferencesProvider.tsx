import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { serializePreference } from "./cookies";
import { resolveColorScheme, type ColorScheme } from "./document";
import { defaultPreferences, type PreferenceName, type Preferences } from "./defaults";

interface PreferencesContextValue {
  preferences: Preferences;
  colorScheme: ColorScheme;
  setPreference: <K extends PreferenceName>(name: K, value: Preferences[K]) => void;
  resetPreferences: () => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

function writeCookie<K extends PreferenceName>(name: K, value: Preferences[K]) {
  document.cookie = serializePreference(name, value, { secure: window.location.protocol === "https:" });
}

/** Holds the preferences read by the server; a change applies at once and is stored in its cookie. */
export function PreferencesProvider({ initial, children }: { initial: Preferences; children: ReactNode }) {
  const [preferences, setPreferences] = useState(initial);

  const setPreference = useCallback(<K extends PreferenceName>(name: K, value: Preferences[K]) => {
    writeCookie(name, value);
    setPreferences((current) => ({ ...current, [name]: value }));
  }, []);

  const resetPreferences = useCallback(() => {
    for (const [name, value] of Object.entries(defaultPreferences)) {
      writeCookie(name as PreferenceName, value as never);
    }
    setPreferences({ ...defaultPreferences });
  }, []);

  // With the system theme, track the browser's scheme and remember it so the next server render matches.
  useEffect(() => {
    if (preferences.theme !== "system") return;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const sync = () => {
      const scheme: ColorScheme = query.matches ? "dark" : "light";
      if (scheme !== preferences.colorScheme) setPreference("colorScheme", scheme);
    };
    sync();
    query.addEventListener("change", sync);
    return () => query.removeEventListener("change", sync);
  }, [preferences.theme, preferences.colorScheme, setPreference]);

  const value = useMemo(
    () => ({ preferences, colorScheme: resolveColorScheme(preferences), setPreference, resetPreferences }),
    [preferences, setPreference, resetPreferences],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error("usePreferences needs a PreferencesProvider");
  return value;
}
