import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { formatNumber } from "~/lib/format";
import type { PlaceProfile, ProfileCell, ProfileRow } from "./profile";

/**
 * The strongest signals of a profile in a few generated sentences. Every number in them is a number of
 * the profile's table, formatted as the table formats it (the indicator's display decimals), so a reader can
 * find each one there.
 */

const END_CENTURY = "2080-2099";
const LEVEL = "gwl:2.0";

const unit = (row: ProfileRow) => (row.units === "unitless" ? "" : ` ${row.units}`);
const value = (row: ProfileRow, v: number | null) => `${formatNumber(v, displayDecimalsOf(row.code))}${unit(row)}`;
const change = (row: ProfileRow, v: number | null) => `${formatNumber(v, displayDecimalsOf(row.code), { signed: true })}${unit(row)}`;

/** Quantities with a true zero (counts of days, amounts, shares), where a change relative to the baseline means something. */
const RATIO_UNITS = new Set(["days", "mm", "mm/day", "%"]);
const range = (row: ProfileRow, cell: ProfileCell) => `${formatNumber(cell.p10, displayDecimalsOf(row.code), { signed: true })} to ${formatNumber(cell.p90, displayDecimalsOf(row.code), { signed: true })}`;

function agreementClause(cell: ProfileCell): string {
  const a = cell.agreement;
  if (!a) return "";
  return a.robust
    ? `; ${a.agree} of ${a.count} models agree on the sign (robust)`
    : `; only ${a.agree} of ${a.count} models agree on the sign (not robust)`;
}

const verb = (v: number | null, up: string, down: string) => (v === null ? "changes" : v > 0 ? up : v < 0 ? down : "does not change");

/** "Under SSP5-8.5, mean temperature rises by +3.92 °C (+3.10 to +4.80) by 2080-2099 …". */
function changeSentence(profile: PlaceProfile, row: ProfileRow, scenario: string, choice: string): string | undefined {
  const cell = row.changes[scenario]?.[choice];
  const label = profile.choices.find((c) => c.code === choice)?.label;
  const name = profile.scenarios.find((s) => s.code === scenario)?.name;
  if (!cell || cell.median === null || !label || !name) return undefined;
  const base = row.baseline?.median ?? null;
  const when = choice.startsWith("gwl:") ? `at ${label} of global warming (${cell.count} of ${cell.of} models reach it)` : `by ${label}`;
  const from = base === null ? "" : ` from its ${profile.baseline.label} value of ${value(row, base)}`;
  return `Under ${name}, ${lowerFirst(row.name)} ${verb(cell.median, "rises", "falls")} by ${change(row, cell.median)} (${range(row, cell)}) ${when}${from}${agreementClause(cell)}.`;
}

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text);

/**
 * The indicator with the largest robust change relative to its baseline, among `rows` measured on a
 * ratio scale (days, amounts, shares; not temperatures or standardized indices, whose zero is arbitrary).
 */
function strongestRelative(rows: readonly ProfileRow[], scenario: string, choice: string): ProfileRow | undefined {
  let best: { row: ProfileRow; score: number } | undefined;
  for (const row of rows) {
    const cell = row.changes[scenario]?.[choice];
    const base = row.baseline?.median;
    if (!RATIO_UNITS.has(row.units) || !cell?.agreement?.robust || cell.median === null || base === null || base === undefined || base <= 0) continue;
    const score = Math.abs(cell.median / base);
    if (!best || score > best.score) best = { row, score };
  }
  return best?.row;
}

export function profileSignals(profile: PlaceProfile): string[] {
  const sentences: string[] = [];
  const byCode = (code: string) => profile.rows.find((r) => r.code === code);
  const last = profile.scenarios[profile.scenarios.length - 1]?.code;
  const first = profile.scenarios[0]?.code;
  const tas = byCode("tas");
  const pr = byCode("pr");
  if (tas && last) sentences.push(changeSentence(profile, tas, last, END_CENTURY) ?? "");
  if (tas && first) sentences.push(changeSentence(profile, tas, first, LEVEL) ?? "");
  if (pr && last) sentences.push(changeSentence(profile, pr, last, END_CENTURY) ?? "");
  if (last) {
    const extremes = profile.rows.filter((r) => r.category === "1001");
    const strongest = strongestRelative(extremes, last, END_CENTURY);
    if (strongest) {
      const cell = strongest.changes[last][END_CENTURY];
      const name = profile.scenarios.find((s) => s.code === last)!.name;
      sentences.push(
        `Among the climate extreme indices counted in days, amounts or shares, the largest robust change relative to ${profile.baseline.label} under ${name} by ${END_CENTURY} is in ${strongest.name}: ${change(strongest, cell.median)} (${range(strongest, cell)}) from ${value(strongest, strongest.baseline!.median)}.`,
      );
    }
    const cells = profile.rows.map((r) => r.changes[last]?.[END_CENTURY]).filter((c): c is ProfileCell => c?.agreement != null);
    if (cells.length > 0) {
      const robust = cells.filter((c) => c.agreement!.robust).length;
      const name = profile.scenarios.find((s) => s.code === last)!.name;
      sentences.push(`Under ${name} by ${END_CENTURY}, the models agree on the sign of the change (at least 80 % of them) for ${robust} of the ${cells.length} indicators.`);
    }
  }
  return sentences.filter((s) => s !== "");
}
