import { readFileSync } from "node:fs";
import path from "node:path";
import { parseOni, type OniTable } from "../../app/features/analytics/compute";

/**
 * The Oceanic Nino Index seed (`seeds/oni.tsv`, NOAA CPC), read at start-up. An empty or unreadable table
 * stops the server with the file's name.
 */
export function loadOni(dir = process.env.SEEDS_DIR || "seeds"): OniTable {
  const file = path.resolve(process.cwd(), dir, "oni.tsv");
  const table = parseOni(readFileSync(file, "utf8"));
  if (Object.keys(table).length === 0) throw new Error(`${path.relative(process.cwd(), file)}: no ONI rows`);
  return table;
}
