import { strToU8, zipSync, type Zippable } from "fflate";
import { agreementCell } from "~/features/cmip6/AgreementMark";
import { sourceKind } from "~/features/cmip6/sources";
import { AGREEMENT_RULE, ONE_SOURCE_RULE } from "~/features/cmip6/windows";
import { toCsvText } from "~/lib/csv";
import type { ProfileGraphics } from "./graphics.server";
import { citation, dataPackPath, type PlaceProfile, type ProfilePlace, type ProfileRunSources } from "./profile";

/**
 * A place's data pack: one ZIP holding, in a folder named after the place, a README (what the pack is,
 * provenance, methods, licence, how to cite), every number of the profile at full precision as CSV and
 * JSON, the signal sentences and the profile's graphics as standalone SVG files. The bytes depend only on
 * the profile, its graphics and the profile's address, so one data version gives one pack, and its ETag is a hash of its bytes.
 */

/**
 * Modification time of every file in the pack. fflate writes ZIP (DOS) times from a Date's local-time
 * fields, so a date built from local fields gives the same bytes in every time zone.
 */
const PACK_MTIME = new Date(2000, 0, 1, 0, 0, 0);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `nepal-climate-profile`: the pack's folder and, with `.zip`, its file name. */
export const dataPackName = (place: Pick<ProfilePlace, "slug">) => `${place.slug}-climate-profile`;

/** Whether any number of the profile is generated sample data (sample or mixed). */
export const profileHasSample = (profile: Pick<PlaceProfile, "origin">) => profile.origin.kind !== "ingested";

/** The columns of `changes.csv` (and of the rows of `changes.json`), in order. */
export const CHANGE_COLUMNS = [
  "indicator",
  "name",
  "units",
  "scenario",
  "window",
  "window label",
  "kind",
  "baseline median",
  "change median",
  "change p10",
  "change p90",
  "models",
  "of models",
  "agreement",
  "incomplete",
  "left out",
] as const;

/** The columns of `model-sources.csv`: which source answered each model run of each indicator. */
export const MODEL_SOURCE_COLUMNS = ["indicator", "scenario", "model", "source", "source id", "description"] as const;

/** The columns of the monthly climate file. */
export const CLIMATE_COLUMNS = ["variable", "name", "units", "month", "month name", "median", "p10", "p90", "models"] as const;

type Cell = string | number | null;

/** One row per indicator, scenario and window choice, in the profile's order; values as computed. */
export function changeRows(profile: PlaceProfile): Cell[][] {
  return profile.rows.flatMap((row) =>
    profile.scenarios.flatMap((scenario) =>
      profile.choices.map((choice) => {
        const cell = row.changes[scenario.code]?.[choice.code];
        return [
          row.code,
          row.name,
          row.units,
          scenario.code,
          choice.code,
          choice.label,
          choice.kind,
          row.baseline?.median ?? null,
          cell?.median ?? null,
          cell?.p10 ?? null,
          cell?.p90 ?? null,
          cell?.count ?? null,
          cell?.of ?? null,
          agreementCell(cell?.agreement),
          cell?.incomplete ?? null,
          cell?.leftOut ?? null,
        ];
      }),
    ),
  );
}

/** One row per indicator, run and model: `ingested` or `sample`, the source id and its description. */
export function modelSourceRows(runs: ProfileRunSources): Cell[][] {
  return runs.runs.flatMap(({ indicator, scenario, sources }) =>
    Object.entries(sources).map(([model, id]) => [indicator, scenario, model, sourceKind(id), id, runs.provenance[id]?.source ?? null]),
  );
}

/** One row per variable of the monthly cycle and calendar month. */
export function climateRows(profile: PlaceProfile): Cell[][] {
  return profile.cycle.flatMap((v) => v.months.map((m, i) => [v.code, v.name, v.units, i + 1, MONTHS[i], m.median, m.p10, m.p90, m.count]));
}

/** The methods other than the agreement rule, which downloads state on a line of its own. */
const methodText = (profile: PlaceProfile) => profile.methods.filter((m) => m !== AGREEMENT_RULE).join(" ");

/** What every table of the pack says about itself, as "name: value" lines (CSV `#` lines, JSON keys). */
function commonHeader(profile: PlaceProfile, url: string) {
  return {
    place: `${profile.place.name} (${profile.place.type}, ${profile.place.code})`,
    profile: url,
    "data version": profile.version,
    baseline: profile.baseline.label,
    "sample data": profileHasSample(profile),
    sources: profile.origin.text,
  };
}

const commentLines = (header: Record<string, string | boolean>) => Object.entries(header).map(([name, value]) => `${name}: ${value}`);

function modelSourcesHeader(profile: PlaceProfile, url: string) {
  const { "sample data": sample, sources, ...place } = commonHeader(profile, url);
  return { ...place, rule: ONE_SOURCE_RULE, "sample data": sample, sources };
}

function changesHeader(profile: PlaceProfile, url: string) {
  const { "sample data": sample, sources, ...place } = commonHeader(profile, url);
  return {
    ...place,
    scenarios: profile.scenarios.map((s) => s.code).join(" "),
    periods: profile.choices.map((c) => c.label).join(", "),
    method: methodText(profile),
    agreement: AGREEMENT_RULE,
    precision: "values as computed (period statistics carry one decimal more than the indicator's values), not formatted for display",
    "sample data": sample,
    sources,
  };
}

function climateHeader(profile: PlaceProfile, url: string) {
  const { "sample data": sample, sources, ...place } = commonHeader(profile, url);
  return {
    ...place,
    scenario: "historical",
    method: `each model's mean of the calendar month over ${profile.baseline.label}, then the median and the 10th and 90th percentiles across the models; models: the models with a mean`,
    precision: "values as computed (one decimal more than the variable's values), not formatted for display",
    "sample data": sample,
    sources,
  };
}

/** A table as JSON: the statements of the CSV's `#` lines as keys, the columns, then each row as an object. */
function jsonTable(header: Record<string, string | boolean>, columns: readonly string[], rows: Cell[][]): string {
  const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
  return `${JSON.stringify({ ...header, columns, rows: objects }, null, 1)}\n`;
}

/**
 * An SVG drawn for the page as a file of its own: starting with `<svg` (no XML declaration, comment or
 * doctype before it) and declaring the SVG namespace (and XLink's when used). Undefined when it is not an SVG.
 */
export function standaloneSvg(svg: string): string | undefined {
  const body = svg.replace(/^\uFEFF/, "").replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, "");
  const open = /^<svg\b[^>]*>/.exec(body);
  if (!open) return undefined;
  let tag = open[0];
  if (!/\sxmlns\s*=/.test(tag)) tag = tag.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  if (/\bxlink:/.test(body) && !/\sxmlns:xlink\s*=/.test(tag)) tag = tag.replace(/^<svg/, '<svg xmlns:xlink="http://www.w3.org/1999/xlink"');
  return `${tag}${body.slice(open[0].length).trimEnd()}\n`;
}

/** The SVG files of the pack, by file name; graphics that are not SVG are left out. */
function svgFiles(profile: PlaceProfile, graphics: ProfileGraphics): Record<string, string> {
  const files: Record<string, string> = {};
  const add = (name: string, svg: string) => {
    const file = standaloneSvg(svg);
    if (file) files[name] = file;
  };
  add("map.svg", graphics.map);
  add(`climate-${profile.baseline.label}.svg`, graphics.cycle);
  for (const c of graphics.changes) add(`change-${c.code}.svg`, c.svg);
  return files;
}

const SAMPLE_WARNING =
  "**SAMPLE DATA.** Every number in this pack is generated sample data for illustration, not model output. Do not use it for analysis, reporting or decisions.";

/** The pack's README, listing the files it actually holds. */
function readme(profile: PlaceProfile, url: string, svgNames: readonly string[]): string {
  const { place } = profile;
  const origin = new URL(url).origin;
  const climate = `climate-${profile.baseline.label}`;
  const kind = place.type === "Country" ? "country" : "river basin";
  const scenarioNames = profile.scenarios.map((s) => `\`${s.code}\` ${s.name}`).join(" and ");
  const provenance =
    profile.origin.kind === "sample"
      ? SAMPLE_WARNING
      : profile.origin.kind === "mixed"
        ? `**PARTLY SAMPLE DATA.** Some model runs behind these numbers are generated sample data for illustration, not model output. ${profile.origin.text}`
        : profile.origin.text;
  const levelNotes = profile.scenarios.flatMap((s) => profile.levels.filter((l) => l.scenario === s.code).map((l) => `- **${l.text}.** ${l.method}`));
  const svgLines = svgNames.map((name) => {
    if (name === "map.svg") return `- \`map.svg\`: where ${place.name} is.`;
    if (name === `${climate}.svg`) return `- \`${name}\`: the monthly climate of ${profile.baseline.label} (the numbers of \`${climate}.csv\`).`;
    const code = /^change-(.+)\.svg$/.exec(name)?.[1];
    const row = profile.rows.find((r) => r.code === code);
    return `- \`${name}\`: the change of ${row ? `${row.name.toLowerCase()} (\`${row.code}\`)` : `\`${code}\``} by window and warming level (the numbers of \`changes.csv\`).`;
  });

  const lines = [
    `# ${place.name} climate profile: data pack`,
    "",
    ...(profile.origin.kind === "sample" ? [SAMPLE_WARNING, ""] : []),
    `The numbers and graphics of the climate profile of ${place.name} (${kind}, code \`${place.code}\`) on SACAP, the South Asia Climate and Agriculture Portal: its ${profile.baseline.label} climate and the projected change of every annual indicator under ${scenarioNames}, by 20-year window and by global warming level, from the NASA NEX-GDDP-CMIP6 models.`,
    "",
    `- Profile: ${url}`,
    `- This pack: ${new URL(dataPackPath(place), origin).href}`,
    `- Data version: \`${profile.version}\``,
    `- Baseline: ${profile.baseline.label}`,
    `- Scenarios: ${scenarioNames}`,
    `- Periods: ${profile.choices.map((c) => c.label).join(", ")}`,
    "",
    "## Provenance",
    "",
    `Data: ${profile.origin.kind === "sample" ? "generated sample data" : profile.origin.kind === "ingested" ? "ingested model output" : "mixed (ingested model output and generated sample data)"}.`,
    "",
    provenance,
    "",
    "## Files",
    "",
    `- \`README.md\`: this file.`,
    `- \`changes.csv\`, \`changes.json\`: the change of every indicator, one row per indicator, scenario and period (${profile.rows.length} indicators × ${profile.scenarios.length} scenarios × ${profile.choices.length} periods = ${profile.rows.length * profile.scenarios.length * profile.choices.length} rows).`,
    `- \`${climate}.csv\`, \`${climate}.json\`: the monthly climate of ${profile.baseline.label}, one row per variable and calendar month.`,
    `- \`model-sources.csv\`: which source answered each model run of each indicator (ingested or sample), one row per indicator, run and model.`,
    `- \`signals.txt\`: the strongest signals, one sentence a line, as the profile states them (numbers rounded as on the page).`,
    ...svgLines,
    "",
    "The CSV files are UTF-8 with CRLF line ends; lines starting with `#` before the header state the place, data version, method, agreement rule, whether the data is sample data and its sources. Numbers are written as the portal computes them (period statistics carry one decimal more than the indicator's values), not formatted for display; an empty cell has no value. A text (in a cell or a `#` line) that starts with `+`, `-`, `=`, `@`, tab or carriage return, also after a line break, comma, semicolon or tab inside it, has an apostrophe in front (`'+2 °C`) so that spreadsheets do not read it as a formula. The JSON files hold the same statements as keys, `columns`, and `rows` as objects keyed by column.",
    "",
    "### `changes.csv` columns",
    "",
    "| column | meaning |",
    "|---|---|",
    "| `indicator` | indicator code (`tas`, `pr`, ETCCDI index codes such as `rx5day`) |",
    "| `name` | indicator name |",
    "| `units` | units of the baseline and of the change |",
    "| `scenario` | scenario code (`ssp245`, `ssp585`) |",
    "| `window` | period code: a 20-year window (`2040-2059`) or a global warming level (`gwl:2.0`) |",
    "| `window label` | the period as the page writes it (`2040-2059`, `+2 °C`) |",
    "| `kind` | `years` for a 20-year window, `gwl` for a global warming level above 1850-1900 |",
    `| \`baseline median\` | ensemble median of the models' ${profile.baseline.label} means |`,
    `| \`change median\` | ensemble median of the models' changes from their own ${profile.baseline.label} means |`,
    "| `change p10`, `change p90` | 10th and 90th percentiles of the models' changes |",
    "| `models` | models with a change (at a warming level: those that reach it) |",
    "| `of models` | models with data for the indicator |",
    "| `agreement` | sign agreement of the models' changes: `robust (31 of 33)` where at least 80 % agree on the sign, else `not robust (20 of 33)`; empty without changes |",
    "| `incomplete` | why there is no value when some years have data (`incomplete: 1 of 20 years`) |",
    "| `left out` | models with data left out by the one-source rule, with the reason (`NorESM2-MM (baseline not ingested)`): a model's change uses its ingested values at both ends or its sample values at both ends |",
    "",
    "### `model-sources.csv` columns",
    "",
    "| column | meaning |",
    "|---|---|",
    "| `indicator`, `scenario`, `model` | one model run read for an indicator (`historical` is the baseline's run) |",
    "| `source` | `ingested` (model output loaded into the portal) or `sample` (generated for illustration) |",
    "| `source id`, `description` | the source's key and what it is (the files ingested, or the sample generator) |",
    "",
    `### \`${climate}.csv\` columns`,
    "",
    "| column | meaning |",
    "|---|---|",
    "| `variable` | variable code (`tas` mean temperature, `pr` precipitation) |",
    "| `name`, `units` | variable name and units |",
    "| `month`, `month name` | calendar month, 1-12, and its name |",
    `| \`median\` | ensemble median of the models' means of the month over ${profile.baseline.label} |`,
    "| `p10`, `p90` | 10th and 90th percentiles of the models' means |",
    "| `models` | models with a mean |",
    "",
    "## Methods and references",
    "",
    ...profile.methods.map((m) => `- ${m}`),
    "",
    ...(levelNotes.length ? ["### Global warming levels", "", ...levelNotes, ""] : []),
    "References:",
    "",
    "- Thrasher, B. et al. (2022): NASA Global Daily Downscaled Projections, CMIP6. Scientific Data 9, 262.",
    "- Gutiérrez, J.M. et al. (2021): Atlas. In: Climate Change 2021: The Physical Science Basis (IPCC AR6 WGI).",
    '- Hauser, M., Engelbrecht, F. and Fischer, E.: "Global warming levels for CMIP5 and CMIP6", Zenodo, doi:10.5281/zenodo.3591806 (the warming-level table; licence CC BY-SA 4.0; its version is named in the notes on warming levels).',
    "- World Bank Climate Change Knowledge Portal, CMIP6 methodology notes.",
    "- Zhang, X. et al. (2011): Indices for monitoring changes in extremes based on daily temperature and precipitation data. WIREs Climate Change 2, 851-870; climdex.pcic (Pacific Climate Impacts Consortium).",
    "- Hyndman, R.J. and Fan, Y. (1996): Sample quantiles in statistical packages. The American Statistician 50.",
    "",
    "## Licence and terms",
    "",
    "- Climate model data: NASA Earth Exchange Global Daily Downscaled Projections (NEX-GDDP-CMIP6), distributed by NASA under its open data policy; cite Thrasher et al. (2022) above. Ownership of and rights in that data remain with its providers, and its use is governed by each provider's licence and terms of use. Users are responsible for complying with those terms and for citing the original sources.",
    `- The portal's summaries in this pack are provided as is and as available, for information only, without any warranty, express or implied, of accuracy, completeness, timeliness, fitness for a particular purpose or non-infringement, under the portal's disclaimer: ${origin}/disclaimer.`,
    "- Climate projections describe how the climate could evolve under given assumptions about future emissions (the SSP scenarios); they are not forecasts of the weather or of the climate in any particular year. The 10th to 90th percentile range shows the spread between models; it is not a formal probability.",
    "",
    "## How to cite",
    "",
    citation(profile, url),
    "",
  ];
  return lines.join("\n");
}

/**
 * The files of a place's data pack by path in the ZIP (`nepal-climate-profile/README.md`), in the order
 * they are written. `url` is the address of the profile page (the README and the tables name it).
 */
export function dataPackFiles(profile: PlaceProfile, graphics: ProfileGraphics, runs: ProfileRunSources, url: string): Record<string, Uint8Array | string> {
  const folder = dataPackName(profile.place);
  const climate = `climate-${profile.baseline.label}`;
  const svgs = svgFiles(profile, graphics);
  const changes = changeRows(profile);
  const cycle = climateRows(profile);
  const files: Record<string, Uint8Array | string> = {
    "README.md": readme(profile, url, Object.keys(svgs)),
    "changes.csv": toCsvText(CHANGE_COLUMNS, changes, commentLines(changesHeader(profile, url))),
    "changes.json": jsonTable(changesHeader(profile, url), CHANGE_COLUMNS, changes),
    [`${climate}.csv`]: toCsvText(CLIMATE_COLUMNS, cycle, commentLines(climateHeader(profile, url))),
    [`${climate}.json`]: jsonTable(climateHeader(profile, url), CLIMATE_COLUMNS, cycle),
    "model-sources.csv": toCsvText(MODEL_SOURCE_COLUMNS, modelSourceRows(runs), commentLines(modelSourcesHeader(profile, url))),
    "signals.txt": profile.signals.map((s) => `${s}\n`).join(""),
    ...svgs,
  };
  return Object.fromEntries(Object.entries(files).map(([name, content]) => [`${folder}/${name}`, content]));
}

/** The data pack as ZIP bytes: the same bytes for the same profile, graphics and address. */
export function dataPackZip(profile: PlaceProfile, graphics: ProfileGraphics, runs: ProfileRunSources, url: string): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(dataPackFiles(profile, graphics, runs, url))) {
    entries[path] = [typeof content === "string" ? strToU8(content) : content, { mtime: PACK_MTIME }];
  }
  return zipSync(entries, { level: 6, mtime: PACK_MTIME });
}
