import { useMemo } from "react";
import { Chart } from "../cmip6/charts/Chart";
import { chartViewSpec, type ChartView } from "./chartView";

/** A chart of a page's view, drawn by `Chart` (on the server first, decision 022). */
export function ViewChart({ chart }: { chart: ChartView }) {
  const spec = useMemo(() => chartViewSpec(chart), [chart]);
  return <Chart label={chart.label} spec={spec} fileName={chart.fileName} summary={chart.summary} />;
}
