/**
 * A small fuzzy matcher for the navigation search: every query character must appear in order in the
 * text. Matches at word starts and runs of consecutive characters score higher; an exact substring
 * scores highest. Returns null when the text does not match at all.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.trim().toLowerCase();
  if (q === "") return 0;
  const t = text.toLowerCase();
  const substring = t.indexOf(q);
  if (substring >= 0) {
    return 1000 - substring + (isWordStart(t, substring) ? 100 : 0);
  }
  let score = 0;
  let ti = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === " ") continue;
    const found = t.indexOf(ch, ti);
    if (found < 0) return null;
    score += 1;
    if (found === previous + 1) score += 5;
    if (isWordStart(t, found)) score += 8;
    score -= Math.min(found - ti, 10) * 0.1;
    previous = found;
    ti = found + 1;
  }
  return score;
}

function isWordStart(text: string, index: number): boolean {
  return index === 0 || /[\s/\-_.(,&]/.test(text[index - 1]);
}

/** Items matching the query, best first; ties keep their original order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, score: fuzzyScore(query, textOf(item)) }))
    .filter((entry): entry is { item: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}
