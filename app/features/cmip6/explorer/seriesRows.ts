import { useCallback, useMemo, useState } from "react";
import { useOnDemand } from "~/lib/use-on-demand";
import { useGetAnnualSeriesQuery, useGetMonthlySeriesQuery } from "../seriesApi";
import { seriesRows, type SeriesRow } from "./compute";
import type { ExplorerSelection } from "./selection";
import { shownBlocks, type ExplorerResults } from "./view";

/**
 * Every row of a view's dense table, loaded on demand through the series endpoints (decision 026): the
 * view has the page the server rendered; sorting, filtering, copying and the series downloads need every
 * value. `onDemand.want()` starts the load; `onDemand.whenLoaded` runs once the rows are there.
 */
export function useSeriesRows(selection: ExplorerSelection, results: ExplorerResults) {
  const [wanted, setWanted] = useState(false);
  const { annual, baseline, monthly } = results.series;
  const data = useGetAnnualSeriesQuery(annual, { skip: !wanted });
  const base = useGetAnnualSeriesQuery(baseline, { skip: !wanted || selection.view !== "change" });
  const cycle = useGetMonthlySeriesQuery(monthly ?? annual, { skip: !wanted || !monthly });
  const ready = data.data && (selection.view !== "change" || base.data || base.isError) && (!monthly || cycle.data || cycle.isError);
  const rows = useMemo<SeriesRow[] | undefined>(
    () => (ready && data.data ? seriesRows(shownBlocks(selection, { data: data.data, baseline: base.data, cycle: cycle.data })) : undefined),
    [ready, data.data, base.data, cycle.data, selection],
  );
  const want = useCallback(() => setWanted(true), []);
  const onDemand = useOnDemand(rows, want);
  return { rows, failed: data.isError, onDemand };
}
