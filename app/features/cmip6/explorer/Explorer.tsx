import { Button, Callout, HTMLTable, Spinner } from "@blueprintjs/core";
import { useNavigate, useSearchParams, Link } from "@remix-run/react";
import { useMemo } from "react";
import { DataTable } from "~/components/data-table/DataTable";
import { downloadText } from "~/components/data-table/download";
import type { ColumnDef } from "~/components/data-table/types";
import { useGetCmip6ModelsQuery, useGetGeosQuery, useGetIndicatorsQuery, useGetScenariosQuery, useGetWarmingLevelsQuery } from "~/store/reference";
import { Chart } from "../charts/Chart";
import { annualCycleSpec, changeSpec, levelSpans, timeSeriesSpec, windowSpans, type BandPoint, type ChartLabels, type SpanMark } from "../charts/specs";
import { MONTH_NAMES, PROJECTION_WINDOWS } from "../periods";
import { AGREEMENT_RULE } from "../windows";
import { AgreementMark } from "../AgreementMark";
import type { ScenarioSeries, SeriesResponse } from "../series";
import { useGetAnnualSeriesQuery, useGetMonthlySeriesQuery } from "../seriesApi";
import { seriesIndicator, type SeriesCatalog } from "../seriesQuery";
import {
  annualCycle,
  baselineMeans,
  changeFromBaseline,
  levelRows,
  seriesRows,
  seriesTable,
  toCsvWithHeader,
  toJsonWithHeader,
  WINDOW_EXPORT_COLUMNS,
  WINDOW_METHOD,
  windowExportRows,
  windowTable,
  type ExportHeader,
  type SeriesRow,
  type WindowRow,
} from "./compute";
import { ExplorerForm } from "./ExplorerForm";
import {
  baselineQuery,
  cycleQuery,
  cycleWindow,
  levelScenarios,
  levelsQuery,
  parseSelection,
  selectionQueryString,
  VIEW_LABELS,
  type ExplorerSelection,
} from "./selection";
import { SpreadView } from "../spread/SpreadView";
import { subsetText } from "../subsets";
import { levelLabel, levelWindows, tableProvenance, type WarmingLevels } from "../warmingLevels";
import { SourceNote, SourceTag } from "../SourceTag";
import { profilePath } from "~/features/profile/profile";
import { ObservationsNote } from "~/features/observations/ObservationsNote";
import { mergeSources, sourceSummary } from "../sources";
import { formatNumber } from "~/lib/format";
import { agreementText, ONE_SOURCE_RULE, windowDecimals, type Agreement } from "../windows";

/** The CMIP6 data explorer: selectors, chart, 20-year window table, dense table and downloads. */
export function Explorer() {
  const indicators = useGetIndicatorsQuery();
  const geos = useGetGeosQuery();
  const scenarios = useGetScenariosQuery();
  const models = useGetCmip6ModelsQuery();
  const levels = useGetWarmingLevelsQuery();
  const catalog = useMemo<SeriesCatalog | undefined>(
    () =>
      indicators.data && geos.data && scenarios.data && models.data
        ? { indicators: indicators.data, geos: geos.data, scenarios: scenarios.data, models: models.data }
        : undefined,
    [indicators.data, geos.data, scenarios.data, models.data],
  );
  if (!catalog || !levels.data) {
    if (indicators.isError || geos.isError || scenarios.isError || models.isError || levels.isError) {
      return <Callout intent="danger" title="Could not load the reference lists">Reload the page to try again.</Callout>;
    }
    return <Spinner size={20} aria-label="Loading the reference lists" />;
  }
  return <ExplorerWithCatalog catalog={catalog} table={levels.data} />;
}

function ExplorerWithCatalog({ catalog, table }: { catalog: SeriesCatalog; table: WarmingLevels }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = useMemo(() => parseSelection(params, catalog), [params, catalog]);
  const hasCycle = seriesIndicator(catalog.indicators, selection.query.indicator, "monthly") !== undefined;
  const view = selection.view === "cycle" && !hasCycle ? "series" : selection.view;
  const onChange = (asked: ExplorerSelection) => {
    // a subset's name goes when its models change
    const same = asked.subset && asked.query.model && asked.subset.models.length === asked.query.model.length && asked.subset.models.every((m) => asked.query.model!.includes(m));
    const next = same ? asked : { ...asked, subset: undefined };
    const qs = selectionQueryString(next);
    if (qs !== selectionQueryString(selection)) navigate(`?${qs}`, { preventScrollReset: true });
  };

  const spread = view === "spread";
  const series = useGetAnnualSeriesQuery(selection.query, { skip: spread });
  const baseline = useGetAnnualSeriesQuery(baselineQuery(selection), { skip: spread });
  const ownLevels = levelsQuery(selection, table);
  const levels = useGetAnnualSeriesQuery(ownLevels ?? selection.query, { skip: spread || !ownLevels });
  const window = cycleWindow(selection, PROJECTION_WINDOWS, series.data?.period.end ?? selection.query.end ?? 2100);
  const cycle = useGetMonthlySeriesQuery(cycleQuery(selection, window), { skip: view !== "cycle" });

  return (
    <div className="sacap-explorer">
      <ExplorerForm catalog={catalog} selection={selection} hasCycle={hasCycle} onChange={onChange} />
      <section className="sacap-explorer__results" aria-labelledby="explorer-results" aria-busy={series.isFetching}>
        {spread ? (
          <SpreadView catalog={catalog} selection={selection} table={table} onChange={onChange} />
        ) : series.data ? (
          <Results
            selection={{ ...selection, view }}
            data={series.data}
            baseline={baseline.data}
            cycle={view === "cycle" ? cycle.data : undefined}
            cycleWindow={window.label}
            table={table}
            levels={ownLevels ? { data: levels.data, failed: levels.isError } : { data: series.data, failed: false }}
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
  table: WarmingLevels;
  /** The answer the warming-level rows come from (the page's own when it holds the years), or its failure. */
  levels: { data?: SeriesResponse; failed: boolean };
}

function Results({ selection, data, baseline, cycle, cycleWindow: cycleLabel, table, levels }: ResultsProps) {
  const { indicator, geo } = data;
  const decimals = indicator.decimals;
  const baseMeans = useMemo(() => (baseline ? baselineMeans(baseline, selection.baseline) : undefined), [baseline, selection.baseline]);
  const changeBlocks = useMemo(
    () => (baseMeans ? data.series.map((b) => changeFromBaseline(b, baseMeans[b.scenario] ?? {}, decimals)) : undefined),
    [data, baseMeans, decimals],
  );
  const scenarioName = (code: string) => data.scenarios.find((s) => s.code === code)?.name ?? code;
  const withLevels = levelScenarios(selection);
  const modelCodes = data.models.map((m) => m.code);
  const subset = selection.subset ? subsetText(selection.subset) : undefined;
  // marks on the year axis: the 20-year windows, and a chosen warming level's span under each scenario
  const spans = useMemo<SpanMark[]>(() => {
    const marks = windowSpans(PROJECTION_WINDOWS);
    const choice = selection.window;
    if (choice?.kind !== "gwl") return marks;
    const models = data.models.map((m) => ({ code: m.code, variant: m.variant }));
    const byScenario = data.series
      .filter((b) => withLevels.includes(b.scenario as (typeof withLevels)[number]))
      .map((b) => ({ scenario: b.scenario, name: scenarioName(b.scenario), periods: levelWindows(table, b.scenario, choice.level, models).periods }));
    return [...marks, ...levelSpans(levelLabel(choice.level), byScenario)];
  }, [data, table, selection.window, withLevels.join(",")]);
  const periodText = `${data.period.start}-${data.period.end}`;
  const modelText = subset ?? (data.ensemble ? `ensemble of ${data.models.length} models` : `${data.models.length} models`);
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
      spec: changeSpec(changeBlocks, labels(`Change in ${indicator.chartTitle.toLowerCase()}`, `Change (${indicator.units})`, `from ${selection.baseline.label}, ${modelText}, median and p10-p90`), selection.members, spans),
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
      spec: timeSeriesSpec(data.series, labels(indicator.chartTitle, indicator.axisUnit, `${periodText}, ${modelText}, median and p10-p90`), selection.members, spans),
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
    ...(subset ? { subset } : {}),
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
          {subset ? <span className="sacap-explorer__subset">, {subset}</span> : null}
        </h2>
        <SourceTag summary={origin} />
        <Link to={profilePath(place)} className="sacap-explorer__profile">
          {place} climate profile
        </Link>
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
      <ObservationsNote indicator={indicator.code} geo={geo.code} place={place} />
      <Chart key={selection.view} label={chart.label} spec={chart.spec} fileName={fileName} summary={summary} />

      <WindowsSection
        selection={selection}
        data={data}
        baseMeans={baseMeans}
        table={table}
        levels={levels}
        header={header}
        scenarioName={scenarioName}
        sample={partlySample}
        subset={subset}
      />

      <h3>Values by year and model</h3>
      <DenseTable rows={rows} models={modelCodes} units={indicator.units} decimals={indicator.decimals} fileName={fileName} pageParams={selectionQueryString(selection)} />
    </>
  );
}

/**
 * The 20-year windows and warming levels of the answer, computed in a component of its own: on a page
 * being hydrated React can yield between it and the chart above (each is tens of milliseconds of a slow
 * phone's main thread).
 */
function WindowsSection({
  selection,
  data,
  baseMeans,
  table,
  levels,
  header,
  scenarioName,
  sample,
  subset,
}: {
  selection: ExplorerSelection;
  data: SeriesResponse;
  baseMeans: ReturnType<typeof baselineMeans> | undefined;
  table: WarmingLevels;
  levels: ResultsProps["levels"];
  header: ExportHeader;
  scenarioName: (code: string) => string;
  sample: boolean;
  subset: string | undefined;
}) {
  const { indicator, geo } = data;
  const withLevels = levelScenarios(selection);
  const levelAnswer = levels.data;
  const windows = useMemo(() => {
    const years = windowTable(data, PROJECTION_WINDOWS, baseMeans, selection.baseline.label).filter((r) => r.scenario !== "historical");
    const scenarios = [...new Set([...years.map((r) => r.scenario), ...withLevels])];
    return scenarios.map((scenario) => {
      const name = levelAnswer?.scenarios.find((s) => s.code === scenario)?.name ?? data.scenarios.find((s) => s.code === scenario)?.name ?? scenario;
      const atLevels = levelAnswer && withLevels.includes(scenario as (typeof withLevels)[number]) ? levelRows(levelAnswer, table, scenario, name) : null;
      return { scenario, rows: [...years.filter((r) => r.scenario === scenario), ...(atLevels ?? [])], levels: atLevels !== null };
    });
  }, [data, baseMeans, selection.baseline.label, levelAnswer, table, withLevels.join(",")]);
  const windowRows = windows.flatMap((w) => w.rows);
  const missingLevels = windows.filter((w) => withLevels.includes(w.scenario as (typeof withLevels)[number]) && !w.levels).map((w) => w.scenario);
  const windowHeader: ExportHeader = {
    ...header,
    scenarios: windows.map((w) => w.scenario),
    period: "20-year windows and warming levels",
    baseline: withLevels.length > 0 ? `${selection.baseline.label} (warming-level rows: 1995-2014)` : selection.baseline.label,
    view: "20-year windows and warming levels",
    windowMethod: WINDOW_METHOD,
    agreement: AGREEMENT_RULE,
    warmingLevels: tableProvenance(table),
  };
  return (
    <WindowTable
      rows={windowRows}
      units={indicator.units}
      decimals={windowDecimals(indicator.decimals)}
      baseline={selection.baseline.label}
      scenarioName={scenarioName}
      sample={sample}
      subset={subset}
      levelStatus={
        missingLevels.length === 0
          ? undefined
          : levels.failed || levels.data
            ? `No warming-level rows for ${missingLevels.map(scenarioName).join(" and ")}: they need the historical run joined to the scenario over the years of the models' windows (from ${Math.min(...table.rows.map((r) => r.start_year))}), which the series service did not give.`
            : "Warming-level rows: loading the historical run joined to the scenarios…"
      }
      onDownload={(format) => {
        const t = { columns: WINDOW_EXPORT_COLUMNS, rows: windowExportRows(windowRows) };
        const name = `sacap-${indicator.code}-${geo.code}-windows`;
        if (format === "csv") downloadText(`${name}.csv`, toCsvWithHeader(windowHeader, t.columns, t.rows), "text/csv;charset=utf-8");
        else downloadText(`${name}.json`, toJsonWithHeader(windowHeader, t.columns, t.rows), "application/json");
      }}
    />
  );
}

/** The agreement cell: a mark (filled arrow when robust, hollow when not) and the count in words. */
function AgreementCell({ agreement }: { agreement: Agreement | null }) {
  if (!agreement) return <td>–</td>;
  const direction = agreement.sign === 1 ? "rise" : agreement.sign === -1 ? "fall" : "no change";
  return (
    <td>
      <AgreementMark agreement={agreement} visible /> ({direction})
    </td>
  );
}

function WindowTable({
  rows,
  units,
  decimals,
  baseline,
  scenarioName,
  sample,
  subset,
  levelStatus,
  onDownload,
}: {
  rows: WindowRow[];
  units: string;
  /** Decimals of a period statistic (windowDecimals of the indicator's). */
  decimals: number;
  baseline: string;
  scenarioName: (code: string) => string;
  sample: boolean;
  /** `subsetText` of the page's named subset. */
  subset?: string;
  /** Why warming-level rows are missing, or that they are loading. */
  levelStatus?: string;
  onDownload: (format: "csv" | "json") => void;
}) {
  const notes = rows.filter((r) => r.level);
  const leftOut = rows.filter((r) => r.leftOut);
  const otherBaseline = rows.some((r) => r.baseline && r.baseline !== baseline);
  return (
    <>
      <div className="sacap-explorer__heading">
        <h3 id="explorer-windows">20-year windows and warming levels</h3>
        <span className="sacap-explorer__spacer" />
        <Button icon="download" text="CSV" small aria-label="Download the window table as CSV" disabled={rows.length === 0} onClick={() => onDownload("csv")} />
        <Button icon="download" text="JSON" small aria-label="Download the window table as JSON" disabled={rows.length === 0} onClick={() => onDownload("json")} />
      </div>
      {rows.length === 0 ? (
        <p>No 20-year projection window (2020-2039 to 2080-2099) lies completely in this period, and no scenario with warming levels is chosen.</p>
      ) : (
        <HTMLTable compact striped className="sacap-table sacap-explorer__windows">
          <caption>
            20-year means: each model&apos;s mean over the window (with at least 90 % of its years), then the median and
            p10-p90 range across models ({units}); at a warming level each model&apos;s own 20 years. Change from {baseline}
            {otherBaseline ? " (warming-level rows from 1995-2014)" : ""}, the median and p10-p90 of the models&apos; own
            changes. Agreement: IPCC AR6 simple approach, robust when at least 80 % of the models agree on the sign of the
            change.{subset ? ` Models: ${subset}.` : ""}
            {sample ? " Sample data." : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              <th scope="col">Window</th>
              <th scope="col">Models</th>
              <th scope="col">Median</th>
              <th scope="col">p10-p90</th>
              <th scope="col">Change from {baseline}</th>
              <th scope="col">Change p10-p90</th>
              <th scope="col">Agreement</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.scenario}-${r.code}`} data-window={r.code} className={r.kind === "gwl" ? "sacap-explorer__level-row" : undefined}>
                <td>{scenarioName(r.scenario)}</td>
                <th scope="row" title={r.level?.text}>
                  {r.window}
                </th>
                <td className="sacap-num">
                  {r.count} of {r.of}
                </td>
                <td className="sacap-num">{formatNumber(r.median, decimals, { missing: r.incomplete })}</td>
                <td className="sacap-num">
                  {formatNumber(r.p10, decimals)} to {formatNumber(r.p90, decimals)}
                </td>
                <td className="sacap-num">
                  {formatNumber(r.change, decimals, { signed: true })}
                  {r.baseline && r.baseline !== baseline ? <span className="sacap-explorer__from"> (from {r.baseline})</span> : null}
                </td>
                <td className="sacap-num">
                  {formatNumber(r.changeP10, decimals, { signed: true })} to {formatNumber(r.changeP90, decimals, { signed: true })}
                </td>
                <AgreementCell agreement={r.agreement} />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {levelStatus ? <p className="sacap-method">{levelStatus}</p> : null}
      {leftOut.length > 0 ? (
        <ul className="sacap-method" aria-label="Models left out: one source per model">
          {leftOut.map((r) => (
            <li key={`${r.scenario}-${r.code}`}>
              {scenarioName(r.scenario)}, {r.window}: left out {r.leftOut}. {ONE_SOURCE_RULE}
            </li>
          ))}
        </ul>
      ) : null}
      {notes.length > 0 ? (
        <ul className="sacap-method sacap-explorer__level-notes" aria-label="Warming levels: models and method">
          {notes.map((r) => (
            <li key={`${r.scenario}-${r.code}`}>
              {r.level!.text}. {r.level!.note}
            </li>
          ))}
        </ul>
      ) : null}
    </>
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
