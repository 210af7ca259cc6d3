import type { SeriesResponse } from "./series";

/** The source id of the embedded sample generator's series (every other id is ingested or served data). */
export const SAMPLE_SOURCE_ID = "sample";

/** Whether a series comes from data (ingested or served) or from the sample generator. */
export type SourceKind = "ingested" | "sample";

/** The kind of a source id: the sample generator's, or real data. */
export const sourceKind = (id: string): SourceKind => (id === SAMPLE_SOURCE_ID ? "sample" : "ingested");

/**
 * Where the values of a series answer come from, for the screens: all generated sample data, all
 * ingested model output, or a mix (some model runs ingested, the others generated). Counted per model run
 * (model and scenario), since each run is answered by the first store that has it.
 */
export interface SourceSummary {
  kind: "sample" | "ingested" | "mixed";
  /** Model runs with ingested values, as "MODEL (scenario)". */
  ingestedRuns: string[];
  /** Number of model runs with generated values. */
  sampleRuns: number;
  /** Descriptions of the ingested sources (files), in answer order. */
  ingestedSources: string[];
  /**
   * The lowest and highest share (0..1) of the place's outline the ingested runs' grids cover, where the
   * answer says (`coverage`); undefined for sample data or answers without it.
   */
  coverage?: { min: number; max: number };
  /** One sentence for the page. */
  text: string;
}

/** Which source answered each model run of a block (all a summary reads of an answer). */
export type RunSources = {
  series: readonly { scenario: string; sources: Record<string, string>; coverage?: Record<string, number> }[];
  provenance: SeriesResponse["provenance"];
};

/** A share as a percentage that never claims more than it is (rounded down to 0.1 %). */
const percentDown = (share: number) => `${(Math.floor(share * 1000) / 10).toFixed(1)} %`;

/** "The grids cover 99.6-100.0 % of the place's area." */
export function coverageText(coverage: { min: number; max: number }): string {
  const range = percentDown(coverage.min) === percentDown(coverage.max) ? percentDown(coverage.min) : `${percentDown(coverage.min).replace(" %", "")}-${percentDown(coverage.max)}`;
  return `The ingested grids cover ${range} of the place's area (area-weighted cells inside its outline).`;
}

export function sourceSummary(data: RunSources, shown = 3): SourceSummary {
  const ingestedRuns: string[] = [];
  const ingestedIds: string[] = [];
  let sampleRuns = 0;
  const sampleByScenario = new Map<string, number>();
  let coverage: SourceSummary["coverage"];
  for (const block of data.series) {
    for (const [model, id] of Object.entries(block.sources)) {
      const provenance = data.provenance[id];
      if (!provenance || provenance.sample) {
        sampleRuns++;
        sampleByScenario.set(block.scenario, (sampleByScenario.get(block.scenario) ?? 0) + 1);
      }
      else {
        ingestedRuns.push(`${model} (${block.scenario})`);
        const share = block.coverage?.[model];
        if (share !== undefined) coverage = { min: Math.min(share, coverage?.min ?? 1), max: Math.max(share, coverage?.max ?? 0) };
        if (!ingestedIds.includes(id)) ingestedIds.push(id);
      }
    }
  }
  const ingestedSources = ingestedIds.map((id) => data.provenance[id].source);
  const list = (items: string[]) => (items.length <= shown ? items.join("; ") : `${items.slice(0, shown).join("; ")} and ${items.length - shown} more`);
  const runs = (n: number) => `${n} model run${n === 1 ? "" : "s"}`;
  if (ingestedRuns.length === 0) {
    return { kind: "sample", ingestedRuns, sampleRuns, ingestedSources, text: "Sample data: generated for illustration, not model output." };
  }
  const covered = coverage ? ` ${coverageText(coverage)}` : "";
  if (sampleRuns === 0) {
    return { kind: "ingested", ingestedRuns, sampleRuns, ingestedSources, coverage, text: `Ingested data: ${list(ingestedSources)}.${covered}` };
  }
  return {
    kind: "mixed",
    ingestedRuns,
    sampleRuns,
    ingestedSources,
    coverage,
    text: `Mixed: ingested data for ${runs(ingestedRuns.length)} (${list(ingestedRuns)}), generated sample data for the other ${runs(sampleRuns)} (${[...sampleByScenario].map(([scenario, n]) => `${n} ${scenario}`).join(", ")}). Ingested: ${list(ingestedSources)}.${covered}`,
  };
}

/** The series (runs) and provenance of several answers as one (an analysis drawing several indicators). */
export function mergeSources<Run extends RunSources["series"][number]>(
  answers: readonly { series: readonly Run[]; provenance: SeriesResponse["provenance"] }[],
): { series: Run[]; provenance: SeriesResponse["provenance"] } {
  return {
    series: answers.flatMap((a) => a.series),
    provenance: Object.assign({}, ...answers.map((a) => a.provenance)) as SeriesResponse["provenance"],
  };
}
