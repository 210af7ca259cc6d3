import { useGetAnnualSeriesQuery, useGetMonthlySeriesQuery } from "../cmip6/seriesApi";
import type { AnalysisQuery } from "./queries";

/** One series query of an analysis, by its frequency. Analyses have a fixed number of queries. */
export function useAnalysisSeries(q: AnalysisQuery) {
  const monthly = useGetMonthlySeriesQuery(q.query, { skip: q.frequency !== "monthly" });
  const annual = useGetAnnualSeriesQuery(q.query, { skip: q.frequency !== "annual" });
  return q.frequency === "monthly" ? monthly : annual;
}
