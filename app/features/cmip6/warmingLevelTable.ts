import * as z from "zod";
import { WARMING_LEVEL_SCENARIOS, WARMING_LEVELS, type WarmingLevels } from "./warmingLevels";

/**
 * The schema and reader of the warming-level seed (`seeds/warming-levels.csv`), for the server's start-up
 * checks and the tests; screens use the plain types of `warmingLevels.ts` and stay free of zod.
 */

const modelName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "expected a model name");
const year = z.number().int().min(1850).max(2100);

/** One row of the table: `model` first exceeds `warming_level` in `start_year`-`end_year` under `scenario`. */
export const warmingLevelRowSchema = z
  .strictObject({
    model: modelName,
    member: z.string().regex(/^r\d+i\d+p\d+f\d+$/, "expected a variant label such as r1i1p1f1"),
    scenario: z.enum(WARMING_LEVEL_SCENARIOS),
    grid: z.string().min(1),
    warming_level: z.literal(WARMING_LEVELS),
    start_year: year,
    end_year: year,
  })
  .refine((row) => row.end_year - row.start_year === 19, { message: "a warming-level window is 20 years (end_year = start_year + 19)", path: ["end_year"] });

/** The table with its provenance, as `seeds/warming-levels.csv` ships it and `/api/cmip6/list/warming-levels` serves it. */
export const warmingLevelsSchema: z.ZodType<WarmingLevels> = z.strictObject({
  source: z.string().min(1).describe("Where the table comes from: authors, title, DOI, file and which of its rows."),
  version: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "expected the date of the table's version, such as 2025-11-07")
    .describe("The version of the table: the date of its release."),
  versionNote: z.string().describe("How that version was made: when it was executed and the source repository's commit."),
  licence: z
    .string()
    .min(1)
    .describe("The table's licence, its name first (\"CC BY-SA 4.0\"), and what it asks of users."),
  method: z.string().min(1).describe("How the source computed the windows."),
  rows: z.array(warmingLevelRowSchema).min(1),
});

const CSV_COLUMNS = ["model", "member", "scenario", "grid", "warming_level", "start_year", "end_year"] as const;

/**
 * Reads the shipped CSV: `# source: …`, `# version: …`, `# licence: …` and `# method: …` comment lines,
 * then the header and the rows. The version line is the version's date, then in brackets how it was made
 * (`# version: 2025-11-07 (executed 2025-11-07; mathause/cmip_warming_levels commit 9340654)`). Numbers are
 * converted; anything else is passed on as text for the schema to report.
 */
export function parseWarmingLevelsCsv(text: string): unknown {
  const meta: Record<string, string> = {};
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const comment = /^#\s*(\w+):\s*(.*)$/.exec(line);
    if (comment) meta[comment[1]] = meta[comment[1]] ? `${meta[comment[1]]} ${comment[2].trim()}` : comment[2].trim();
    else if (line.trim() !== "" && !line.startsWith("#")) lines.push(line);
  }
  const [header, ...body] = lines;
  if (header?.split(",").join(",") !== CSV_COLUMNS.join(",")) {
    return { source: meta.source, ...parseVersion(meta.version), licence: meta.licence, method: meta.method, rows: `expected the header ${CSV_COLUMNS.join(",")}` };
  }
  const rows = body.map((line) => {
    const cells = line.split(",");
    const row: Record<string, string | number> = {};
    CSV_COLUMNS.forEach((column, i) => {
      const cell = cells[i] ?? "";
      const number = Number(cell);
      row[column] = ["warming_level", "start_year", "end_year"].includes(column) && cell !== "" && Number.isFinite(number) ? number : cell;
    });
    return row;
  });
  return { source: meta.source, ...parseVersion(meta.version), licence: meta.licence, method: meta.method, rows };
}

/** "2025-11-07 (executed …; … commit …)" → the date and the words in brackets. */
function parseVersion(line: string | undefined): { version: string | undefined; versionNote: string } {
  const match = /^(\S+)\s*(?:\((.*)\))?\s*$/.exec(line ?? "");
  return { version: match?.[1] ?? line, versionNote: match?.[2]?.trim() ?? "" };
}

/** Rules across rows: one row per model, scenario and level; a higher level is not reached earlier. */
export function warmingLevelProblems(table: WarmingLevels): { row: number; rule: string }[] {
  const problems: { row: number; rule: string }[] = [];
  const seen = new Map<string, number>();
  table.rows.forEach((row, i) => {
    const key = `${row.model}|${row.scenario}|${row.warming_level}`;
    if (seen.has(key)) problems.push({ row: i, rule: `duplicate of row ${seen.get(key)} (${row.model}, ${row.scenario}, +${row.warming_level} °C)` });
    else seen.set(key, i);
  });
  table.rows.forEach((row, i) => {
    for (const other of table.rows) {
      if (other.model === row.model && other.scenario === row.scenario && other.warming_level < row.warming_level && other.start_year > row.start_year) {
        problems.push({ row: i, rule: `${row.model} ${row.scenario} reaches +${row.warming_level} °C (${row.start_year}) before +${other.warming_level} °C (${other.start_year})` });
        break;
      }
    }
  });
  return problems;
}

