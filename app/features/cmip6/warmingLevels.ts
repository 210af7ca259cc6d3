import { PROJECTION_WINDOWS, parseYearRange, type NamedPeriod, type YearRange } from "./periods";

/**
 * Global warming levels (GWL): for each model and scenario, the 20 years in which that model's global mean
 * warming above its own 1850-1900 mean first exceeds the level, from the table of Hauser, Engelbrecht and
 * Fischer ("Global warming levels for CMIP5 and CMIP6", doi:10.5281/zenodo.3591806; the version and
 * licence are in the header of `seeds/warming-levels.csv`). The IPCC AR6 WGI Interactive Atlas takes
 * warming levels the same way, each model at its own 20-year window. A period statistic at a warming level
 * takes each model's climatology over its own window, then the statistics across the models that reach the
 * level; changes are against 1995-2014, the Atlas's baseline.
 */

/** The levels the portal offers, in °C above 1850-1900. */
export const WARMING_LEVELS = [1.5, 2, 3, 4] as const;
export type WarmingLevel = (typeof WARMING_LEVELS)[number];

/** Scenarios the table has rows for. */
export const WARMING_LEVEL_SCENARIOS = ["ssp245", "ssp585"] as const;

/** One row of the table: `model` first exceeds `warming_level` in `start_year`-`end_year` under `scenario`. */
export interface WarmingLevelRow {
  model: string;
  member: string;
  scenario: (typeof WARMING_LEVEL_SCENARIOS)[number];
  grid: string;
  warming_level: WarmingLevel;
  start_year: number;
  end_year: number;
}

/**
 * The table with its provenance, as `seeds/warming-levels.csv` ships it and
 * `/api/cmip6/list/warming-levels` serves it (schema and reader: `warmingLevelTable.ts`).
 */
export interface WarmingLevels {
  /** Where the table comes from (authors, title, DOI, file, which rows). */
  source: string;
  /** The version of the table, the date of its release ("2025-11-07"). */
  version: string;
  /** How that version was made (when it was executed, the source repository's commit). */
  versionNote: string;
  /** The table's licence and what it asks of users ("CC BY-SA 4.0 …; credit …"). */
  licence: string;
  /** How the source computed the windows. */
  method: string;
  rows: WarmingLevelRow[];
}

/** The version and licence of the table, as method notes state them. */
export type TableEdition = Pick<WarmingLevels, "version" | "licence">;

/** The DOI of every version of the table (its Zenodo concept DOI). */
export const WARMING_LEVEL_DOI = "doi:10.5281/zenodo.3591806";

/** "CC BY-SA 4.0" out of a licence text that starts with the licence's name. */
export const licenceName = (licence: string) => /^[^(;:,]+/.exec(licence)?.[0].trim() ?? licence;

/**
 * The table's short citation for notes and download headers: "Hauser et al., doi:…, version 2025-11-07,
 * CC BY-SA 4.0", or without version and licence when the table does not carry them.
 */
export function tableCitation(table?: Partial<TableEdition>): string {
  const edition = [table?.version ? `version ${table.version}` : undefined, table?.licence ? licenceName(table.licence) : undefined].filter(Boolean);
  return [`Hauser et al., ${WARMING_LEVEL_DOI}`, ...edition].join(", ");
}

/**
 * The table's provenance in one line, for download headers: its source, version (how it was made) and
 * licence.
 */
export function tableProvenance(table: Pick<WarmingLevels, "source" | "version" | "versionNote" | "licence">): string {
  return `${table.source} Version ${table.version}${table.versionNote ? ` (${table.versionNote})` : ""}. Licence: ${table.licence}`;
}

/** A period choice of the portal: a fixed 20-year window, or a global warming level. */
export type WindowChoice =
  | { kind: "years"; code: string; label: string; period: NamedPeriod }
  | { kind: "gwl"; code: string; label: string; level: WarmingLevel };

/** "+2 °C", "+1.5 °C". */
export const levelLabel = (level: number) => `+${level} °C`;

/** "gwl:2.0", the code of a warming level in URLs and the API. */
export const levelCode = (level: number) => `gwl:${level.toFixed(1)}`;

export const gwlChoice = (level: WarmingLevel): WindowChoice => ({ kind: "gwl", code: levelCode(level), label: levelLabel(level), level });
export const yearsChoice = (period: NamedPeriod): WindowChoice => ({ kind: "years", code: period.label, label: period.label, period });

/** The choices every screen offers: the four 20-year windows, then the four warming levels. */
export const WINDOW_CHOICES: readonly WindowChoice[] = [...PROJECTION_WINDOWS.map(yearsChoice), ...WARMING_LEVELS.map(gwlChoice)];

/**
 * Reads a window code: `gwl:1.5`, `gwl:2` or `gwl:2.0` (a level of `WARMING_LEVELS`), or a range of years
 * `2040-2059` within `years`. Undefined for anything else.
 */
export function parseWindowChoice(text: string, years: YearRange = { start: 1950, end: 2100 }): WindowChoice | undefined {
  const gwl = /^gwl:(\d(?:\.\d+)?)$/.exec(text.trim());
  if (gwl) {
    const level = WARMING_LEVELS.find((l) => l === Number(gwl[1]));
    return level === undefined ? undefined : gwlChoice(level);
  }
  const range = parseYearRange(text.trim());
  if (!range || range.start < years.start || range.end > years.end) return undefined;
  const named = PROJECTION_WINDOWS.find((w) => w.start === range.start && w.end === range.end);
  return yearsChoice(named ?? { ...range, label: `${range.start}-${range.end}` });
}

/** What a model of the portal is, for the lookup: its id and the member NEX-GDDP-CMIP6 downscaled. */
export interface ModelMember {
  code: string;
  variant: string;
}

/** Each model's window at one level and scenario, and why the others are left out. */
export interface LevelWindows {
  level: WarmingLevel;
  scenario: string;
  /** The 20-year window of each model that reaches the level. */
  periods: Record<string, YearRange>;
  /** Models in the table for this scenario that do not reach the level by 2100. */
  notReached: string[];
  /** Models with no row for this scenario in the table: no warming-level windows. */
  notInTable: string[];
  /** Models whose timing comes from another member than the one NEX-GDDP-CMIP6 downscaled. */
  otherMember: { model: string; member: string; tableMember: string }[];
  /** The version and licence of the table the windows come from, when the table carries them. */
  table?: TableEdition;
}

/**
 * The window of each of `models` at `level` under `scenario`. A model in the table under another member
 * keeps the table's timing (said in `otherMember`); a model absent, or one that does not reach the level,
 * has no window. The historical run has no warming-level windows. A table with its version and licence
 * (the seed, the API's list) passes them on in `table`, for the method note.
 */
/** A table's rows by model and scenario, made once per table (`levelWindows` runs for every series and window). */
const rowsByRun = new WeakMap<readonly WarmingLevelRow[], Map<string, WarmingLevelRow[]>>();
function rowsOfRun(rows: readonly WarmingLevelRow[], model: string, scenario: string): readonly WarmingLevelRow[] {
  let index = rowsByRun.get(rows);
  if (!index) {
    index = new Map();
    for (const row of rows) {
      const key = `${row.model}|${row.scenario}`;
      const list = index.get(key);
      if (list) list.push(row);
      else index.set(key, [row]);
    }
    rowsByRun.set(rows, index);
  }
  return index.get(`${model}|${scenario}`) ?? [];
}

export function levelWindows(
  table: Pick<WarmingLevels, "rows"> & Partial<TableEdition>,
  scenario: string,
  level: WarmingLevel,
  models: readonly ModelMember[],
): LevelWindows {
  const out: LevelWindows = { level, scenario, periods: {}, notReached: [], notInTable: [], otherMember: [] };
  if (table.version && table.licence) out.table = { version: table.version, licence: table.licence };
  for (const model of models) {
    const rows = rowsOfRun(table.rows, model.code, scenario);
    if (rows.length === 0) {
      out.notInTable.push(model.code);
      continue;
    }
    const row = rows.find((r) => r.warming_level === level);
    if (!row) {
      out.notReached.push(model.code);
      continue;
    }
    out.periods[model.code] = { start: row.start_year, end: row.end_year };
    if (row.member !== model.variant) out.otherMember.push({ model: model.code, member: model.variant, tableMember: row.member });
  }
  return out;
}

/**
 * What a window choice means for each model, as `windowStatistics` takes it: the same years for every
 * model, or at a warming level each model's own window, with `level` saying which models are in and why.
 */
export function choicePeriods(
  table: Pick<WarmingLevels, "rows"> & Partial<TableEdition>,
  scenario: string,
  choice: WindowChoice,
  models: readonly ModelMember[],
): { periods: YearRange | { byModel: Record<string, YearRange> }; level?: LevelWindows } {
  if (choice.kind === "years") return { periods: { start: choice.period.start, end: choice.period.end } };
  const level = levelWindows(table, scenario, choice.level, models);
  return { periods: { byModel: level.periods }, level };
}

/** A catalogue model as the lookup reads it: its id and its downscaled member. */
export const modelMember = (m: { field_value: string; field_variant: string }): ModelMember => ({ code: m.field_value, variant: m.field_variant });

/** "+3 °C: 20 of 35 models under SSP2-4.5", for every screen that shows a warming level. */
export function levelCountText(windows: LevelWindows, scenarioName: string, count = Object.keys(windows.periods).length, of = count + windows.notReached.length + windows.notInTable.length): string {
  return `${levelLabel(windows.level)}: ${count} of ${of} models under ${scenarioName}`;
}

/**
 * One sentence for method notes: the source with the table's version and licence, which models are left
 * out and whose timing is from another member.
 */
export function levelMethodNote(windows: LevelWindows): string {
  const list = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);
  const parts = [
    `Each model's own 20-year window in which its global mean warming first exceeds ${levelLabel(windows.level)} above 1850-1900, as in the IPCC AR6 Atlas (table: ${tableCitation(windows.table)}); changes against 1995-2014.`,
  ];
  if (windows.notReached.length) parts.push(`Not reached by 2100: ${list(windows.notReached)}.`);
  if (windows.notInTable.length) parts.push(`Not in the warming-level table: ${list(windows.notInTable)}.`);
  if (windows.otherMember.length) {
    parts.push(`Timing from another member than the downscaled one: ${list(windows.otherMember.map((o) => `${o.model} (${o.tableMember}; NEX-GDDP-CMIP6 ${o.member})`))}.`);
  }
  return parts.join(" ");
}
