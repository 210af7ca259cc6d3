import type { PreferenceName, Preferences } from "./defaults";

export const COOKIE_PREFIX = "SACAP-";
export const PREFERENCE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const cookieName = (name: PreferenceName) => `${COOKIE_PREFIX}${name}`;

/** The `document.cookie` / `Set-Cookie` text for one preference: 30 days, path /, SameSite=Lax. */
export function serializePreference<K extends PreferenceName>(
  name: K,
  value: Preferences[K],
  options: { secure?: boolean } = {},
): string {
  const parts = [
    `${cookieName(name)}=${encodeURIComponent(String(value))}`,
    `Max-Age=${PREFERENCE_MAX_AGE_SECONDS}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
