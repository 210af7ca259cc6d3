import { COOKIE_PREFIX, cookieName } from "./cookies";
import { PREFERENCE_NAMES, defaultPreferences, type PreferenceName, type Preferences } from "./defaults";
import { parsePreference } from "./schema";

/** Longer cookie headers are not ours to parse; they fall back to defaults. */
const MAX_COOKIE_HEADER = 8192;

function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (!key.startsWith(COOKIE_PREFIX) || cookies.has(key)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(key, decodeURIComponent(value));
    } catch {
      // a malformed escape is a tampered cookie: ignore it, the default applies
    }
  }
  return cookies;
}

/** Reads all preferences from a Cookie header; missing or tampered values fall back to defaults. */
export function readPreferences(cookieHeader: string | null | undefined): Preferences {
  const prefs: Preferences = { ...defaultPreferences };
  if (!cookieHeader || cookieHeader.length > MAX_COOKIE_HEADER) return prefs;
  const cookies = parseCookieHeader(cookieHeader);
  for (const name of PREFERENCE_NAMES) {
    const value = parsePreference(name, cookies.get(cookieName(name)));
    if (value !== undefined) (prefs as Record<PreferenceName, unknown>)[name] = value;
  }
  return prefs;
}

