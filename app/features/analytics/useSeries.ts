import { useGetAnnualSeriesQuery, useGetMonthlySeriesQuery } from "../cmip6/seriesApi";
import type { AnalysisQuery } from "./queries";

/**
 * One series query of an analysis, by its frequency. Analyses have a fixed number of queries; `skip` leaves
 * one unasked (a series the loader said does not exist).
 */
export function useAnalysisSeries(q: AnalysisQuery, skip = false) {
  const monthly = useGetMonthlySeriesQuery(q.query, { skip: skip || q.frequency !== "monthly" });
  const annual = useGetAnnualSeriesQuery(q.query, { skip: skip || q.frequency !== "annual" });
  return q.frequency === "monthly" ? monthly : annual;
}
