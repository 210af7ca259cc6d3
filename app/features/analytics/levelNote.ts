import { levelCountText, levelMethodNote, type LevelWindows } from "../cmip6/warmingLevels";
import { AGREEMENT_RULE } from "../cmip6/windows";

/** The models counted in per variable at a warming level. */
export interface LevelCount {
  label: string;
  windows: LevelWindows;
  count: number;
  of: number;
}

/** What an analysis at a warming level says, as text: one line per variable, then the method notes. */
export interface LevelNoteLines {
  /** "Rainfall: +2 °C: 32 of 35 models under SSP2-4.5" */
  items: string[];
  /** The levels' method notes (models left out, members that differ), then the agreement rule. */
  notes: string[];
}

export function levelNoteLines(counts: readonly LevelCount[], scenarioName: string): LevelNoteLines {
  if (counts.length === 0) return { items: [], notes: [] };
  return {
    items: counts.map((c) => `${c.label}: ${levelCountText(c.windows, scenarioName, c.count, c.of)}`),
    notes: [...new Set(counts.map((c) => levelMethodNote(c.windows))), AGREEMENT_RULE],
  };
}
