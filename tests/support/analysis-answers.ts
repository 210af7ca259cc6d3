import type { AnalysisQuery } from "../../app/features/analytics/queries";
import { parseAnalysisSelection } from "../../app/features/analytics/selection";
import type { SeriesResponse } from "../../app/features/cmip6/series";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { getSeeds } from "../../server/seeds.server";
import { DroughtIndexStore } from "../../server/series/drought-store";
import { SampleSeriesStore } from "../../server/series/sample/sample-store";
import { createSeriesService } from "../../server/series/service.server";

/**
 * For the tests of the view builders: the answers of the sample series service (with SPI and SPEI), as
 * the page loaders read them (unrounded), and the seeds' warming-level table.
 */
export function sampleAnswers() {
  const seeds = getSeeds();
  const series = createSeriesService(seeds, new DroughtIndexStore(new SampleSeriesStore()));
  const answerOf = async ({ frequency, query }: AnalysisQuery): Promise<SeriesResponse> => {
    const parsed = series.parse(frequency, new URLSearchParams(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)])));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const resolved = series.resolve(frequency, parsed.query);
    if (!resolved.ok) throw new Error(resolved.message);
    const answer = await series.response(resolved.value, "full");
    if ("status" in answer) throw new Error(answer.message);
    return answer;
  };
  return {
    levels: seeds.warmingLevels as WarmingLevels,
    selection: (search: string) => parseAnalysisSelection(new URLSearchParams(search), series.catalog.geos),
    answers: (queries: AnalysisQuery[]) => Promise.all(queries.map(answerOf)),
  };
}
