import type { SourceSummary } from "../cmip6/sources";
import { CHANGE_CHART_CODES } from "./charts";
import type { EnsembleValue, LevelNote, MonthlyCycle, PlaceProfile, ProfileCell, ProfilePlace, ProfileRow } from "./profile";

/**
 * What a profile page shows, and nothing else: the view the server primes and `/api/views/profile/<place>`
 * answers (decision 026). The numbers keep the profile's rounding (`decimals`: period statistics one decimal
 * finer than the indicator's values), so the charts place them where they are; the page writes them at the
 * indicator's display decimals (`displayDecimalsOf`), in its tables, charts and sentences alike. The change
 * tables hold their first rows (climate variables: precipitation and temperatures, which the charts draw)
 * unless every row is asked for (`rows=all`): the whole tables are most of a profile's weight (two tables
 * of 39 indicators by 8 windows and levels). The data pack is built from the whole profile.
 */

/** Which rows of the change tables a view holds. */
export const PROFILE_ROWS_CHOICES = ["first", "all"] as const;
export type ProfileRowsChoice = (typeof PROFILE_ROWS_CHOICES)[number];

/** A change as the tables and charts show it. */
export type ProfileViewCell = Pick<ProfileCell, "median" | "p10" | "p90" | "agreement" | "incomplete">;

export interface ProfileViewRow extends Pick<ProfileRow, "code" | "name" | "units" | "decimals" | "category"> {
  /** The 1995-2014 median. */
  baseline: number | null;
  /** Keyed by scenario code, then by window code (`2040-2059`, `gwl:2.0`). */
  changes: Record<string, Record<string, ProfileViewCell>>;
}

export interface ProfileView {
  place: ProfilePlace;
  version: string;
  baseline: PlaceProfile["baseline"];
  scenarios: PlaceProfile["scenarios"];
  choices: PlaceProfile["choices"];
  /** Rows of the change tables (see `rows` of the argument). */
  rows: ProfileViewRow[];
  /** Rows of the whole profile (the count a "show all" control names). */
  rowCount: number;
  /** Whether `rows` are all of them. */
  allRows: boolean;
  /** Models with a baseline value (the most of any indicator). */
  models: number;
  cycle: MonthlyCycle[];
  levels: Pick<LevelNote, "scenario" | "code" | "count" | "of" | "text" | "method">[];
  /** Where the numbers come from; `sample` says whether any number is generated sample data. */
  origin: SourceSummary;
  sample: boolean;
  signals: string[];
  methods: string[];
  /** The page's own address (the citation). */
  url: string;
  /** Where the place's outline comes from, its licence and how current it is (one or two sentences). */
  outline: string;
}

const round = (value: number | null, decimals: number) => (value === null ? null : Number(value.toFixed(decimals)));

const roundEnsemble = (value: EnsembleValue, decimals: number): EnsembleValue => ({
  median: round(value.median, decimals),
  p10: round(value.p10, decimals),
  p90: round(value.p90, decimals),
  count: value.count,
});

function viewRow(row: ProfileRow): ProfileViewRow {
  const changes: ProfileViewRow["changes"] = {};
  for (const [scenario, cells] of Object.entries(row.changes)) {
    changes[scenario] = {};
    for (const [choice, cell] of Object.entries(cells)) {
      changes[scenario][choice] = {
        median: round(cell.median, row.decimals),
        p10: round(cell.p10, row.decimals),
        p90: round(cell.p90, row.decimals),
        agreement: cell.agreement,
        ...(cell.incomplete ? { incomplete: cell.incomplete } : {}),
      };
    }
  }
  return { code: row.code, name: row.name, units: row.units, decimals: row.decimals, category: row.category, baseline: round(row.baseline?.median ?? null, row.decimals), changes };
}

/** Rows of the change tables in a page's first view. */
export const FIRST_ROWS = 6;

/** The rows a view holds: all, or the first ones with the rows the charts draw. */
export function shownRows(rows: readonly ProfileRow[], choice: ProfileRowsChoice): ProfileRow[] {
  if (choice === "all") return [...rows];
  return rows.filter((r, i) => i < FIRST_ROWS || (CHANGE_CHART_CODES as readonly string[]).includes(r.code));
}

/** The view of a profile: what its page shows, at the profile's rounding. */
export function buildProfileView(profile: PlaceProfile, options: { rows: ProfileRowsChoice; url: string; outline: string }): ProfileView {
  const rows = shownRows(profile.rows, options.rows);
  return {
    place: profile.place,
    version: profile.version,
    baseline: profile.baseline,
    scenarios: profile.scenarios,
    choices: profile.choices,
    rows: rows.map(viewRow),
    rowCount: profile.rows.length,
    allRows: rows.length === profile.rows.length,
    models: Math.max(0, ...profile.rows.map((r) => r.baseline?.count ?? 0)),
    cycle: profile.cycle.map((v) => ({ ...v, months: v.months.map((m) => roundEnsemble(m, v.decimals)) })),
    levels: profile.levels.map(({ scenario, code, count, of, text, method }) => ({ scenario, code, count, of, text, method })),
    origin: profile.origin,
    sample: profile.origin.kind !== "ingested",
    signals: profile.signals,
    methods: profile.methods,
    url: options.url,
    outline: options.outline,
  };
}

/** `rows=` of a page or view URL: "all", else the first rows. */
export const rowsChoice = (value: string | null): ProfileRowsChoice => (value === "all" ? "all" : "first");
