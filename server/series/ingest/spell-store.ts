import type BetterSqlite3 from "better-sqlite3";
import { encodeValues } from "../ingested-store.server";
import type { SpellIndex } from "./indices";
import type { GeoMask } from "./masks";
import { decodeSpellYear, encodeSpellYear, resolveSpellYear, spellPlaceMeans, type SpellYear } from "./spells";

/**
 * The spells of one set of files joined to the years other files gave the same model and scenario: the
 * set's years are resolved with the years before and after them from the series database, and those
 * neighbours are resolved again with the set's years (their rows are rewritten in place; they keep their
 * writers). Years on another grid are not joined: their cells are not the same.
 */
export class SpellStore {
  private readonly select: BetterSqlite3.Statement;
  private readonly insert: BetterSqlite3.Statement;
  private readonly rewrite: BetterSqlite3.Statement;
  constructor(db: BetterSqlite3.Database) {
    this.select = db.prepare("SELECT grid, state FROM spell_states WHERE indicator = ? AND scenario = ? AND model = ? AND year = ?");
    this.insert = db.prepare("INSERT OR REPLACE INTO spell_states (indicator, scenario, model, year, grid, state) VALUES (?, ?, ?, ?, ?, ?)");
    this.rewrite = db.prepare("UPDATE series_years SET vals = ? WHERE indicator = ? AND geo = ? AND frequency = 'annual' AND scenario = ? AND model = ? AND year = ?");
  }

  /**
   * Place values of the set's years, and the rewrites of the neighbouring years' rows (done by `save`).
   * `own` holds the set's summaries with cells numbered by grid cell; `masks` too.
   */
  resolve(run: { code: SpellIndex; scenario: string; model: string; grid: string }, own: ReadonlyMap<number, SpellYear>, masks: readonly GeoMask[]) {
    const stored = new Map<number, SpellYear | undefined>();
    const states = (year: number): SpellYear | undefined => {
      if (own.has(year)) return own.get(year);
      if (!stored.has(year)) {
        const row = this.select.get(run.code, run.scenario, run.model, year) as { grid: string; state: Buffer } | undefined;
        stored.set(year, row && row.grid === run.grid ? decodeSpellYear(row.state) : undefined);
      }
      return stored.get(year);
    };
    const placeValues = (year: number) => {
      const values = resolveSpellYear(year, states)!;
      return spellPlaceMeans(states(year)!, values, masks);
    };
    const years = [...own.keys()].sort((a, b) => a - b);
    const values = new Map(years.map((year) => [year, placeValues(year)]));
    // the year before the set (its last spell may go on into the set), and the years after it as far as a
    // spell may run on from the set (through years that are one spell from end to end)
    const neighbours = new Map<number, Map<string, number>>();
    if (years.length > 0) {
      const before = years[0] - 1;
      if (states(before)) neighbours.set(before, placeValues(before));
      for (let year = years[years.length - 1] + 1; states(year); year++) {
        neighbours.set(year, placeValues(year));
        const state = states(year)!;
        if (!state.lead.some((lead) => lead === state.days)) break;
      }
    }
    return { values, neighbours };
  }

  /** Keeps the set's summaries and rewrites the neighbours' rows (inside the set's transaction). */
  save(run: { code: SpellIndex; scenario: string; model: string; grid: string }, own: ReadonlyMap<number, SpellYear>, neighbours: ReadonlyMap<number, Map<string, number>>): void {
    for (const [year, state] of own) this.insert.run(run.code, run.scenario, run.model, year, run.grid, encodeSpellYear(state));
    for (const [year, byGeo] of neighbours) {
      for (const [geo, value] of byGeo) this.rewrite.run(encodeValues(Float64Array.of(value)), run.code, geo, run.scenario, run.model, year);
    }
  }
}
