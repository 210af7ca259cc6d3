import { Button, Callout, HTMLTable, Spinner } from "@blueprintjs/core";
import { useNavigate, useSearchParams } from "@remix-run/react";
import { useMemo } from "react";
import { DataTable } from "~/components/data-table/DataTable";
import { downloadText } from "~/components/data-table/download";
import type { ColumnDef } from "~/components/data-table/types";
import { useGetCmip6ModelsQuery, useGetGeosQuery, useGetIndicatorsQuery, useGetScenariosQuery } from "~/store/reference";
import { Chart } from "../charts/Chart";
import { annualCycleSpec, changeSpec, timeSeriesSpec, type BandPoint, type ChartLabels } from "../charts/specs";
import { MONTH_NAMES, PROJECTION_WINDOWS } from "../periods";
import type { ScenarioSeries, SeriesResponse } from "../series";
import { useGetAnnualSeriesQuery, useGetMonthlySeriesQuery } from "../seriesApi";
import { seriesIndicator, type SeriesCatalog } from "../seriesQuery";
import {
  annualCycle,
  baselineMeans,
  changeFromBaseline,
  seriesRows,
  seriesTable,
  toCsvWithHeader,
  toJsonWithHeader,
  windowTable,
  type ExportHeader,
  type SeriesRow,
} from "./compute";
import { ExplorerForm } from "./ExplorerForm";
import { baselineQuery, cycleQuery, cycleWindow, parseSelection, selectionQueryString, VIEW_LABELS, type ExplorerSelection } from "./selection";
import { SourceNote, SourceTag } from "../SourceTag";
import { mergeSources, sourceSummary } from "../sources";
import { formatNumber } from "~/lib/format";
import { windowDecimals } from "../windows";

/** The CMIP6 data explorer: selectors, chart, 20-year window table, dense table and downloads. */
export function Explorer() {
  const indicators = useGetIndicatorsQuery();
  const geos = useGetGeosQuery();
  const scenarios = useGetScenariosQuery();
  const models = useGetCmip6ModelsQuery();
  const catalog = useMemo<SeriesCatalog | undefined>(
    () =>
      indicators.data && geos.data && scenarios.data && models.data
        ? { indicators: indicators.data, geos: geos.data, scenarios: scenarios.data, models: models.data }
        : undefined,
    [indicators.data, geos.data, scenarios.data, models.data],
  );
  if (!catalog) {
    if (indicators.isError || geos.isError || scenarios.isError || models.isError) {
      return <Callout intent="danger" title="Could not load the reference lists">Reload the page to try again.</Callout>;
    }
    return <Spinner size={20} aria-label="Loading the reference lists" />;
  }
  return <ExplorerWithCatalog catalog={catalog} />;
}

function ExplorerWithCatalog({ catalog }: { catalog: SeriesCatalog }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = useMemo(() => parseSelection(params, catalog), [params, catalog]);
  const hasCycle = seriesIndicator(catalog.indicators, selection.query.indicator, "monthly") !== undefined;
  const view = selection.view === "cycle" && !hasCycle ? "series" : selection.view;
  const onChange = (next: ExplorerSelection) => {
    const qs = selectionQueryString(next);
    if (qs !== selectionQueryString(selection)) navigate(`?${qs}`, { preventScrollReset: true });
  };

  const series = useGetAnnualSeriesQuery(selection.query);
  const baseline = useGetAnnualSeriesQuery(baselineQuery(selection));
  const window = cycleWindow(selection, PROJECTION_WINDOWS, series.data?.period.end ?? selection.query.end ?? 2100);
  const cycle = useGetMonthlySeriesQuery(cycleQuery(selection, window), { skip: view !== "cycle" });

  return (
    <div className="sacap-explorer">
      <ExplorerForm catalog={catalog} selection={selection} hasCycle={hasCycle} onChange={onChange} />
      <section className="sacap-explorer__results" aria-labelledby="explorer-results" aria-busy={series.isFetching}>
        {series.data ? (
          <Results
            selection={{ ...selection, view }}
            data={series.data}
            baseline={baseline.data}
            cycle={view === "cycle" ? cycle.data : undefined}
            cycleWindow={window.label}
          />
        ) : series.isError ? (
          <Callout intent="warning" title="No data for this selection" id="explorer-results">
            The series service has no values for this combination (for example the historical run asked for years after
            2014). Change the scenarios or the period.
          </Callout>
        ) : (
          <Spinner size={20} aria-label="Loading the series" />
        )}
      </section>
    </div>
  );
}

interface ResultsProps {
  selection: ExplorerSelection;
  data: SeriesResponse;
  baseline?: SeriesResponse;
  cycle?: SeriesResponse;
  cycleWindow: string;
}

function Results({ selection, data, baseline, cycle, cycleWindow: cycleLabel }: ResultsProps) {
  const { indicator, geo } = data;
  const decimals = indicator.decimals;
  const baseMeans = useMemo(() => (baseline ? baselineMeans(baseline, selection.baseline) : undefined), [baseline, selection.baseline]);
  const changeBlocks = useMemo(
    () => (baseMeans ? data.series.map((b) => changeFromBaseline(b, baseMeans[b.scenario] ?? {}, decimals)) : undefined),
    [data, baseMeans, decimals],
  );
  const windows = useMemo(() => windowTable(data, PROJECTION_WINDOWS, baseMeans), [data, baseMeans]);
  const modelCodes = data.models.map((m) => m.code);
  const scenarioName = (code: string) => data.scenarios.find((s) => s.code === code)?.name ?? code;
  const periodText = `${data.period.start}-${data.period.end}`;
  const modelText = data.ensemble ? `ensemble of ${data.models.length} models` : `${data.models.length} models`;
  const place = geo.name;
  // a change or window value joins the answer and its baseline: both count for where the numbers come from
  const origin = useMemo(() => sourceSummary(mergeSources(baseline ? [data, baseline] : [data])), [data, baseline]);
  const partlySample = origin.kind !== "ingested";

  const labels = (title: string, axis: string, note: string): ChartLabels => ({
    title: `${title}, ${place}`,
    axis,
    units: indicator.units,
    sample: partlySample,
    partlySample: origin.kind === "mixed",
    note,
    decimals: indicator.decimals,
  });

  // what the chart and the dense table show
  let blocks: readonly ScenarioSeries[] = data.series;
  let chart;
  if (selection.view === "change" && changeBlocks) {
    blocks = changeBlocks;
    chart = {
      label: "Change from the baseline",
      spec: changeSpec(changeBlocks, labels(`Change in ${indicator.chartTitle.toLowerCase()}`, `Change (${indicator.units})`, `from ${selection.baseline.label}, ${modelText}, median and p10-p90`), selection.members),
    };
  } else if (selection.view === "cycle" && cycle) {
    blocks = cycle.series;
    const order = MONTH_NAMES.map((m) => m.slice(0, 3));
    const band: BandPoint[] = cycle.series.flatMap((b) =>
      annualCycle(b).map((c) => ({ scenario: b.scenario, x: c.name.slice(0, 3), median: c.stats.median[0], p10: c.stats.p10[0], p90: c.stats.p90[0] })),
    );
    chart = {
      label: "Annual cycle",
      spec: annualCycleSpec(band, order, labels(`Annual cycle of ${cycle.indicator.name.toLowerCase()}`, cycle.indicator.axisUnit, `${cycleLabel}, ${modelText}, median and p10-p90 of model means`)),
    };
  } else {
    chart = {
      label: "Time series",
      spec: timeSeriesSpec(data.series, labels(indicator.chartTitle, indicator.axisUnit, `${periodText}, ${modelText}, median and p10-p90`), selection.members),
    };
  }

  const rows = useMemo(() => seriesRows(blocks), [blocks]);
  const header: ExportHeader = {
    indicator: `${indicator.code} (${indicator.name})`,
    units: indicator.units,
    geo: `${geo.code} (${geo.name})`,
    scenarios: blocks.map((b) => b.scenario),
    models: modelCodes,
    period: selection.view === "cycle" ? cycleLabel : periodText,
    ...(selection.view === "change" ? { baseline: selection.baseline.label } : {}),
    view: VIEW_LABELS[selection.view],
    sample: partlySample,
    sources: origin.text,
  };
  const fileName = `sacap-${indicator.code}-${geo.code}-${selection.view}`;
  const exportTable = () => seriesTable(rows, modelCodes);
  const last = data.series[data.series.length - 1];
  const lastMedian = last?.stats.median[last.years.length - 1];
  const summary = `${chart.label} of ${indicator.chartTitle.toLowerCase()} in ${place}, ${periodText}, ${data.series
    .map((b) => scenarioName(b.scenario))
    .join(", ")}; ${modelText}.${last && lastMedian != null ? ` Ensemble median in ${last.years[last.years.length - 1]} (${last.scenario}): ${lastMedian} ${indicator.units}.` : ""}${partlySample ? ` ${origin.kind === "mixed" ? "Partly sample data" : "Sample data"}.` : " Ingested data."}`;

  return (
    <>
      <div className="sacap-explorer__heading">
        <h2 id="explorer-results">
          {indicator.chartTitle}, {place}
        </h2>
        <SourceTag summary={origin} />
        <span className="sacap-explorer__spacer" />
        <Button
          icon="download"
          text="CSV"
          aria-label="Download the shown series as CSV"
          onClick={() => {
            const t = exportTable();
            downloadText(`${fileName}.csv`, toCsvWithHeader(header, t.columns, t.rows), "text/csv;charset=utf-8");
          }}
        />
        <Button
          icon="download"
          text="JSON"
          aria-label="Download the shown series as JSON"
          onClick={() => {
            const t = exportTable();
            downloadText(`${fileName}.json`, toJsonWithHeader(header, t.columns, t.rows), "application/json");
          }}
        />
      </div>
      <SourceNote summary={origin} />
      <Chart key={selection.view} label={chart.label} spec={chart.spec} fileName={fileName} summary={summary} />

      <WindowTable rows={windows} units={indicator.units} decimals={windowDecimals(indicator.decimals)} baseline={selection.baseline.label} scenarioName={scenarioName} sample={partlySample} />

      <h3>Values by year and model</h3>
      <DenseTable rows={rows} models={modelCodes} units={indicator.units} decimals={indicator.decimals} fileName={fileName} pageParams={selectionQueryString(selection)} />
    </>
  );
}

function WindowTable({
  rows,
  units,
  decimals,
  baseline,
  scenarioName,
  sample,
}: {
  rows: ReturnType<typeof windowTable>;
  units: string;
  /** Decimals of a period statistic (windowDecimals of the indicator's). */
  decimals: number;
  baseline: string;
  scenarioName: (code: string) => string;
  sample: boolean;
}) {
  if (rows.length === 0) {
    return <p>No 20-year projection window (2020-2039 to 2080-2099) lies completely in this period.</p>;
  }
  return (
    <HTMLTable compact striped className="sacap-table sacap-explorer__windows">
      <caption>
        20-year means: each model&apos;s mean over the window (with at least 90 % of its years), then the median and
        p10-p90 range across models ({units}); change from {baseline}, the median of the models&apos; own changes
        {sample ? " (sample data)" : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">Scenario</th>
          <th scope="col">Window</th>
          <th scope="col">Models</th>
          <th scope="col">Median</th>
          <th scope="col">p10-p90</th>
          <th scope="col">Change from {baseline}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.scenario}-${r.window}`}>
            <td>{scenarioName(r.scenario)}</td>
            <td>{r.window}</td>
            <td className="sacap-num">{r.count}</td>
            <td className="sacap-num">{formatNumber(r.median, decimals, { missing: r.incomplete })}</td>
            <td className="sacap-num">
              {formatNumber(r.p10, decimals)} to {formatNumber(r.p90, decimals)}
            </td>
            <td className="sacap-num">{formatNumber(r.change, decimals, { signed: true })}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function DenseTable({ rows, models, units, decimals, fileName, pageParams }: { rows: SeriesRow[]; models: string[]; units: string; decimals: number; fileName: string; pageParams: string }) {
  const monthly = rows.some((r) => r.month !== undefined);
  const columns = useMemo<ColumnDef<SeriesRow>[]>(() => {
    // values shown at the indicator's decimals; copies and downloads take `value`, at full precision
    const number = (value: (r: SeriesRow) => number | null) => ({ value, render: (r: SeriesRow) => formatNumber(value(r), decimals), numeric: true });
    return [
      { id: "scenario", header: "Scenario", value: (r) => r.scenario, facet: true, width: 110 },
      { id: "year", header: "Year", value: (r) => r.year, numeric: true, width: 70 },
      ...(monthly ? [{ id: "month", header: "Month", value: (r: SeriesRow) => r.month, numeric: true, width: 70 }] : []),
      { id: "median", header: `Median (${units})`, ...number((r) => r.median) },
      { id: "p10", header: "p10", ...number((r) => r.p10) },
      { id: "p90", header: "p90", ...number((r) => r.p90) },
      ...models.map((m) => ({ id: `m-${m}`, header: m, ...number((r: SeriesRow) => r.models[m]), hiddenByDefault: models.length > 8 })),
    ];
  }, [models, units, monthly, decimals]);
  return <DataTable label={`Values by year and model (${units})`} columns={columns} rows={rows} rowKey={(r) => r.key} prefix="t." pageParams={pageParams} exportName={fileName} />;
}
