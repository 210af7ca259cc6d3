import { readFileSync } from "node:fs";
import path from "node:path";
import type * as z from "zod";
import {
  COUNTRY_ISO3,
  cmip6ModelListSchema,
  geoListSchema,
  indicatorListSchema,
  scenarioListSchema,
  SCENARIO_VALUES,
  type Cmip6Model,
  type Geo,
  type Indicator,
  type Scenario,
} from "../app/features/cmip6/schema";
import {
  catalogEntryListSchema,
  catalogProductRef,
  climateMetadataSchema,
  facetListSchema,
  menuCategoryListSchema,
  MENU_CATEGORY_VALUES,
  type CatalogEntry,
  type ClimateMetadata,
  type Facet,
  type MenuCategory,
} from "../app/features/catalog/schema";
import { modelVariablesSchema, type ModelVariables } from "../app/features/cmip6/availabilitySchema";
import { aezModuleListSchema, type AezModule } from "../app/features/pyaez/schema";
import { viewerLayerListSchema, type ViewerLayer } from "../app/features/viewer/schema";
import { type WarmingLevels } from "../app/features/cmip6/warmingLevels";
import { parseWarmingLevelsCsv, warmingLevelProblems, warmingLevelsSchema } from "../app/features/cmip6/warmingLevelTable";

/** The sample data the /api endpoints answer, one validated seed file per entity. */
export type Seeds = {
  geos: Geo[];
  indicators: Indicator[];
  cmip6Models: Cmip6Model[];
  modelVariables: ModelVariables;
  scenarios: Scenario[];
  pyaezModules: AezModule[];
  catalogData: CatalogEntry[];
  menuCategories: MenuCategory[];
  climateMetadata: ClimateMetadata;
  menuFacets: Facet[];
  viewerLayers: ViewerLayer[];
  warmingLevels: WarmingLevels;
};
export type SeedKey = keyof Seeds;

export const SEED_FILES = {
  geos: "geos.json",
  indicators: "indicators.json",
  cmip6Models: "cmip6-models.json",
  modelVariables: "model-variables.json",
  scenarios: "scenarios.json",
  pyaezModules: "pyaez-modules.json",
  catalogData: "catalog-data.json",
  menuCategories: "menu-categories.json",
  climateMetadata: "climate-metadata.json",
  menuFacets: "menu-facets.json",
  viewerLayers: "viewer-layers.json",
  warmingLevels: "warming-levels.csv",
} as const satisfies Record<SeedKey, string>;

/** The schema each seed is validated with at start-up; the reference endpoints answer the seeds as they are. */
export const SEED_SCHEMAS: Record<SeedKey, z.ZodType> = {
  geos: geoListSchema,
  indicators: indicatorListSchema,
  cmip6Models: cmip6ModelListSchema,
  modelVariables: modelVariablesSchema,
  scenarios: scenarioListSchema,
  pyaezModules: aezModuleListSchema,
  catalogData: catalogEntryListSchema,
  menuCategories: menuCategoryListSchema,
  climateMetadata: climateMetadataSchema,
  menuFacets: facetListSchema,
  viewerLayers: viewerLayerListSchema,
  warmingLevels: warmingLevelsSchema,
};

/** Seeds that are not JSON, with the reader that turns their text into what their schema checks. */
const SEED_READERS: Partial<Record<SeedKey, (text: string) => unknown>> = {
  warmingLevels: parseWarmingLevelsCsv,
};

/** Number of NASA NEX-GDDP-CMIP6 models. */
export const CMIP6_MODEL_COUNT = 35;

export type SeedProblem = {
  /** The seed file as shown to people: relative to the working directory when inside it. */
  file: string;
  /** JSON path inside the file, e.g. "$[12].field_grid". */
  path: string;
  /** The rule that failed. */
  rule: string;
};

/** A seed file is missing, is not JSON, breaks its schema or breaks a rule across files. */
export class SeedError extends Error {
  readonly problems: SeedProblem[];
  readonly file: string;
  readonly path: string;
  readonly rule: string;

  constructor(problems: SeedProblem[]) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `${p.file}: ${p.path}: ${p.rule}`);
    if (problems.length > MAX_PROBLEMS_SHOWN) shown.push(`(${problems.length - MAX_PROBLEMS_SHOWN} more problems)`);
    super(shown.join("\n"));
    this.name = "SeedError";
    this.problems = problems;
    const [first] = problems;
    this.file = first.file;
    this.path = first.path;
    this.rule = first.rule;
  }
}
const MAX_PROBLEMS_SHOWN = 20;

/** "$", "$[12].field_grid", '$["Weather & Climate"]'. */
export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let out = "$";
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (typeof s === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(String(s))}]`;
  }
  return out;
}

function issueProblems(file: string, issues: z.ZodError["issues"]): SeedProblem[] {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ file, path: formatJsonPath([...issue.path, key]), rule: "Unrecognized key" }));
    }
    return [{ file, path: formatJsonPath(issue.path), rule: issue.message }];
  });
}

function displayName(fullPath: string): string {
  const relative = path.relative(process.cwd(), fullPath);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : fullPath;
}

function defaultSeedsDir(): string {
  return path.resolve(process.cwd(), process.env.SEEDS_DIR || "seeds");
}

/**
 * Reads and validates every seed file in `dir` (default: $SEEDS_DIR, else <cwd>/seeds).
 * Throws a SeedError naming the file, the JSON path and the broken rule of each problem found.
 */
export function loadSeeds(dir: string = defaultSeedsDir()): Seeds {
  const root = path.resolve(dir);
  const problems: SeedProblem[] = [];
  const loaded: Partial<Record<SeedKey, unknown>> = {};
  const files = {} as Record<SeedKey, string>;

  for (const key of Object.keys(SEED_FILES) as SeedKey[]) {
    const file = displayName(path.join(root, SEED_FILES[key]));
    files[key] = file;
    let text: string;
    try {
      text = readFileSync(path.join(root, SEED_FILES[key]), "utf8");
    } catch (error) {
      problems.push({ file, path: "$", rule: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
      continue;
    }
    let json: unknown;
    try {
      json = (SEED_READERS[key] ?? JSON.parse)(text);
    } catch (error) {
      problems.push({ file, path: "$", rule: `invalid JSON: ${(error as Error).message}` });
      continue;
    }
    const result = SEED_SCHEMAS[key].safeParse(json);
    if (result.success) loaded[key] = result.data;
    else problems.push(...issueProblems(file, result.error.issues));
  }
  if (problems.length > 0) throw new SeedError(problems);

  const seeds = loaded as Seeds;
  problems.push(...crossFileProblems(seeds, files));
  if (problems.length > 0) throw new SeedError(problems);
  return seeds;
}

/**
 * The seeds with the viewer layers of an operator's file (WMS_LAYERS_FILE) after the seed's own: checked
 * with the seed's schema and rules (a known model, a scenario for projections and none otherwise); a
 * problem is a SeedError naming the file, the JSON path and the rule.
 */
export function withViewerLayersFile(seeds: Seeds, file: string | undefined): Seeds {
  if (!file) return seeds;
  const shown = displayName(path.resolve(file));
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SeedError([{ file: shown, path: "$", rule: code ? `cannot read the file (${code})` : `invalid JSON: ${(error as Error).message}` }]);
  }
  const result = viewerLayerListSchema.safeParse(json);
  if (!result.success) throw new SeedError(issueProblems(shown, result.error.issues));
  const problems: SeedProblem[] = [];
  const modelIds = new Set(seeds.cmip6Models.map((m) => m.field_value));
  result.data.forEach((layer, i) => {
    for (const rule of viewerLayerProblems(layer, modelIds)) problems.push({ file: shown, path: formatJsonPath([i, "filter", rule.field]), rule: rule.rule });
  });
  if (problems.length > 0) throw new SeedError(problems);
  return { ...seeds, viewerLayers: [...seeds.viewerLayers, ...result.data] };
}

/** The rules of a viewer layer no schema checks: a known model, a future scenario exactly for projections. */
function viewerLayerProblems(layer: ViewerLayer, modelIds: ReadonlySet<string>): { field: "model" | "scenario"; rule: string }[] {
  const problems: { field: "model" | "scenario"; rule: string }[] = [];
  const { model } = layer.filter;
  if (model !== null && model !== "ensemble" && !modelIds.has(model)) {
    problems.push({ field: "model", rule: `unknown model "${model}" (expected a model id, "ensemble" or null)` });
  }
  if ((layer.filter.type === "projection") !== (layer.filter.scenario !== null && layer.filter.scenario !== "historical")) {
    problems.push({ field: "scenario", rule: "projections need a future scenario; other layers have none" });
  }
  return problems;
}

let memo: Seeds | undefined;

/** The validated seeds of this process, loaded once and frozen. */
export function getSeeds(): Seeds {
  memo ??= deepFreeze(loadSeeds());
  return memo;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Rules no single schema can check: uniqueness, fixed sets of values and references between files. */
function crossFileProblems(seeds: Seeds, files: Record<SeedKey, string>): SeedProblem[] {
  const problems: SeedProblem[] = [];
  const report = (key: SeedKey, segments: PropertyKey[], rule: string) =>
    problems.push({ file: files[key], path: formatJsonPath(segments), rule });

  function unique<T>(key: SeedKey, items: readonly T[], pick: (item: T) => string, field: string, label = field) {
    const first = new Map<string, number>();
    items.forEach((item, i) => {
      const value = pick(item);
      const seen = first.get(value);
      if (seen === undefined) first.set(value, i);
      else report(key, [i, field], `duplicate ${label} "${value}" (first at ${formatJsonPath([seen])})`);
    });
  }

  unique("geos", seeds.geos, (g) => g.tid, "tid");
  unique("geos", seeds.geos, (g) => g.field_value, "field_value");
  unique("indicators", seeds.indicators, (i) => i.tid, "tid");
  unique(
    "indicators",
    seeds.indicators,
    (i) => `${i.field_value} ${i.field_api_url ?? i.field_api_type}`,
    "field_value",
    "indicator for the same data path",
  );
  unique("cmip6Models", seeds.cmip6Models, (m) => m.tid, "tid");
  unique("cmip6Models", seeds.cmip6Models, (m) => m.field_value, "field_value");
  unique("scenarios", seeds.scenarios, (s) => s.tid, "tid");
  unique("scenarios", seeds.scenarios, (s) => s.field_value, "field_value");
  unique("pyaezModules", seeds.pyaezModules, (m) => m.id, "id");
  unique("catalogData", seeds.catalogData, (e) => e.id, "id");

  const countries = seeds.geos.filter((g) => g.field_geotype === "Country").map((g) => g.field_value);
  const missing = COUNTRY_ISO3.filter((c) => !countries.includes(c));
  if (missing.length > 0) report("geos", [], `missing countries: ${missing.join(", ")}`);

  if (seeds.cmip6Models.length !== CMIP6_MODEL_COUNT) {
    report("cmip6Models", [], `expected the ${CMIP6_MODEL_COUNT} NEX-GDDP-CMIP6 models, found ${seeds.cmip6Models.length}`);
  }

  const scenarioValues = seeds.scenarios.map((s) => s.field_value);
  const missingScenarios = SCENARIO_VALUES.filter((v) => !scenarioValues.includes(v));
  if (missingScenarios.length > 0) report("scenarios", [], `missing scenarios: ${missingScenarios.join(", ")}`);

  const categoryValues = seeds.menuCategories.map((c) => c.value).join(",");
  if (categoryValues !== MENU_CATEGORY_VALUES.join(",")) {
    report("menuCategories", [], `expected the categories ${MENU_CATEGORY_VALUES.join(", ")} in this order, found ${categoryValues || "none"}`);
  }

  const metadataCountries = seeds.climateMetadata.geo.map((g) => g.value);
  const missingMetadata = COUNTRY_ISO3.filter((c) => !metadataCountries.includes(c));
  if (missingMetadata.length > 0) report("climateMetadata", ["geo"], `missing countries: ${missingMetadata.join(", ")}`);

  // Catalogue entries that open a portal product must name one that exists.
  const targets: Record<string, Set<string>> = {
    cmip6: new Set(seeds.indicators.map((i) => i.tid)),
    aez: new Set(seeds.pyaezModules.flatMap((m) => m.child.map((c) => c.id))),
    viewer: new Set(seeds.viewerLayers.map((l) => l.id)),
  };
  seeds.catalogData.forEach((entry, i) => {
    const ref = catalogProductRef(entry);
    if (!ref) return;
    const known = targets[ref.product];
    if (!known) report("catalogData", [i, `${ref.product}_id`], `unknown product "${ref.product}" (expected one of ${Object.keys(targets).join(", ")})`);
    else if (!known.has(ref.id)) report("catalogData", [i, `${ref.product}_id`], `no ${ref.product} item with id "${ref.id}"`);
  });

  // Viewer layers name a NEX-GDDP-CMIP6 model, the multi-model "ensemble", or none (observations).
  const modelIds = new Set(seeds.cmip6Models.map((m) => m.field_value));
  // Model-variable gaps name models of the list.
  for (const model of Object.keys(seeds.modelVariables.missing)) {
    if (!modelIds.has(model)) report("modelVariables", ["missing", model], `unknown model "${model}" (not in cmip6-models.json)`);
  }
  // Warming levels: one row per model, scenario and level, in order of level; some models of the list.
  for (const { row, rule } of warmingLevelProblems(seeds.warmingLevels)) report("warmingLevels", ["rows", row], rule);
  if (!seeds.warmingLevels.rows.some((r) => modelIds.has(r.model))) report("warmingLevels", ["rows"], "no row names a model of cmip6-models.json");
  seeds.viewerLayers.forEach((layer, i) => {
    for (const problem of viewerLayerProblems(layer, modelIds)) report("viewerLayers", [i, "filter", problem.field], problem.rule);
  });

  return problems;
}
