import { ensembleStats } from "../cmip6/ensemble";
import type { ScenarioSeries } from "../cmip6/series";
import { ensoComposites, ENSO_PHASES, type EnsoPhase, type OniTable } from "./compute";

export interface PhaseComposite {
  phase: EnsoPhase;
  /** Years of the phase. */
  years: number[];
  /** Median across models of each model's composite anomaly (units, or percent of its mean). */
  median: number | null;
  p10: number | null;
  p90: number | null;
}

/**
 * ENSO composites of one season's block: for each model, the mean of its values in the years of each phase
 * minus its mean over all classified years (as a percentage of that mean when `percent`), then the median
 * and 10th-90th percentiles across models.
 */
export function modelComposites(oni: OniTable, season: "JJAS" | "NDJFM", block: ScenarioSeries, percent: boolean): PhaseComposite[] {
  const perModel = Object.values(block.values).map((values) => {
    const composites = ensoComposites(oni, season, block.years, values);
    const all = composites.reduce((s, c) => s + (c.mean ?? 0) * c.years.length, 0) / composites.reduce((s, c) => s + (c.mean === null ? 0 : c.years.length), 0);
    return composites.map((c) => (c.anomaly === null ? null : percent ? (100 * c.anomaly) / all : c.anomaly));
  });
  const years = ensoComposites(oni, season, block.years, block.years.map(() => 0));
  return ENSO_PHASES.map((phase, i) => {
    const stats = ensembleStats(perModel.map((m) => [m[i]]), 1);
    return { phase, years: years[i].years, median: stats.median[0], p10: stats.p10[0], p90: stats.p90[0] };
  });
}
