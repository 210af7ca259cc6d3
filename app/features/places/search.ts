import type { PlaceEntry } from "./places";

/**
 * Finding places by what a reader types: the API's hint for a mistyped `geo` (server side; the screens'
 * pickers and the navigation search have their own type-ahead and fuzzy match, so this stays out of the
 * browser's files).
 */

/** Folds case and accents, so `male` finds `Malé` and `KHYBER` finds `Khyber Pakhtunkhwa`. */
const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * The places a reader's words name, best first: an exact code (`IN-UP`, `npl`), then names and other
 * spellings (`aliases`: former codes such as `IN-OR`, older names such as `Orissa`, `NWFP`) that start with
 * the words, then those that contain them.
 */
export function findPlaces<P extends PlaceEntry>(places: readonly P[], query: string, aliases: ReadonlyMap<string, readonly string[]> = new Map()): P[] {
  const q = fold(query.trim());
  if (!q) return [];
  const rank = (p: P): number => {
    if (fold(p.field_value) === q) return 0;
    const names = [p.name, ...(aliases.get(p.field_value) ?? [])].map(fold);
    if (names.some((n) => n === q)) return 1;
    if (names.some((n) => n.startsWith(q) || n.split(/[\s-]+/).some((w) => w.startsWith(q)))) return 2;
    if (names.some((n) => n.includes(q))) return 3;
    return 4;
  };
  return places
    .map((p, i) => ({ p, i, r: rank(p) }))
    .filter((x) => x.r < 4)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}

/**
 * Up to `count` places a mistyped or partial `geo` may have meant, for an error's hint: what `findPlaces`
 * finds, else places whose code or a word of whose name shares the text's first three letters.
 */
export function nearestPlaces<P extends PlaceEntry>(places: readonly P[], text: string, count = 3): P[] {
  const found = findPlaces(places, text);
  if (found.length > 0) return found.slice(0, count);
  const stem = fold(text.trim()).replace(/[^a-z0-9]/g, "").slice(0, 3);
  if (stem.length < 2) return [];
  return places.filter((p) => fold(p.field_value).replace(/[^a-z0-9]/g, "").startsWith(stem) || fold(p.name).split(/[\s-]+/).some((w) => w.startsWith(stem))).slice(0, count);
}
