const HEX6 = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/**
 * Converts a six-digit hex colour (leading `#` optional) to `"r,g,b"`, for use inside `rgba(var(--x), a)`.
 * Anything else (three digits, named colours, stray characters) yields `null`.
 */
export function hexToRgb(hex: string): string | null {
  const match = HEX6.exec(hex);
  if (!match) return null;
  return match
    .slice(1, 4)
    .map((pair) => parseInt(pair, 16))
    .join(",");
}
