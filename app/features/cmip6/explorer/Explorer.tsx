import { Button, Callout, Spinner } from "@blueprintjs/core";
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { DataTable, type RowsOnDemand } from "~/components/data-table/DataTable";
import { openOnWideScreen } from "~/components/RoutePage";
import { downloadText } from "~/components/data-table/download";
import { profilePath } from "~/features/profile/profile";
import { namedAsPlace, placeSlugs } from "~/features/places/places";
import { ObservationsNote } from "~/features/observations/ObservationsNote";
import { useGetCmip6ModelsQuery, useGetGeosQuery, useGetIndicatorsQuery, useGetScenariosQuery } from "~/store/reference";
import { Chart } from "../charts/Chart";
import { displayDecimalsOf } from "../indicatorRules";
import { seriesIndicator, type SeriesCatalog } from "../seriesQuery";
import { SourceNote, SourceTag } from "../SourceTag";
import { SpreadView } from "../spread/SpreadView";
import { seriesTable, toCsvWithHeader, toJsonWithHeader, type SeriesRow } from "./compute";
import { useGetExplorerViewQuery } from "./explorerApi";
import { ExplorerForm } from "./ExplorerForm";
import { useSeriesRows } from "./seriesRows";
import { parseSelection, selectionQueryString, type ExplorerSelection } from "./selection";
import { denseColumns, DENSE_TABLE_PAGE_SIZE, DENSE_TABLE_PREFIX, explorerChartSpec, explorerViewArg, tableParams, type ExplorerResults } from "./view";
import { WindowTable } from "./WindowTable";

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
  const onChange = (asked: ExplorerSelection) => {
    // a subset's name goes when its models change
    const same = asked.subset && asked.query.model && asked.subset.models.length === asked.query.model.length && asked.subset.models.every((m) => asked.query.model!.includes(m));
    const next = same ? asked : { ...asked, subset: undefined };
    const qs = selectionQueryString(next);
    if (qs !== selectionQueryString(selection)) navigate(`?${qs}`, { preventScrollReset: true });
  };
  const spread = view === "spread";
  const result = useGetExplorerViewQuery(explorerViewArg(selection, params));
  const results = result.data?.results;
  const slugs = useMemo(() => placeSlugs(catalog.geos), [catalog.geos]);

  return (
    <div className="sacap-explorer">
      <ExplorerForm catalog={catalog} selection={selection} hasCycle={hasCycle} onChange={onChange} />
      <section className="sacap-explorer__results" aria-labelledby="explorer-results" aria-busy={result.isFetching}>
        {spread && result.data?.spread ? (
          <SpreadView catalog={catalog} selection={selection} view={result.data.spread} onChange={onChange} />
        ) : spread && (result.data || result.isError) ? (
          <Callout intent="warning" title="No temperature or precipitation series for this selection" id="explorer-results">
            The series service has no values of mean temperature and precipitation for this place, season and scenario.
          </Callout>
        ) : results ? (
          <Results selection={{ ...selection, view }} results={results} profile={profilePath({ slug: slugs.get(results.geo.code) ?? results.geo.code })} />
        ) : result.data || result.isError ? (
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

/** The results of a selection; `profile` is the place's profile address (its slug: two Punjabs, a disputed area and a state of one name). */
function Results({ selection, results, profile }: { selection: ExplorerSelection; results: ExplorerResults; profile: string }) {
  const { indicator, geo, subset, origin, chart, fileName, header } = results;
  const spec = useMemo(() => explorerChartSpec(chart), [chart]);
  const place = namedAsPlace(geo);
  const all = useSeriesRows(selection, results);
  const download = (format: "csv" | "json") =>
    all.onDemand.whenLoaded((rows) => {
      const t = seriesTable(rows, results.table.models);
      if (format === "csv") downloadText(`${fileName}.csv`, toCsvWithHeader(header, t.columns, t.rows), "text/csv;charset=utf-8");
      else downloadText(`${fileName}.json`, toJsonWithHeader(header, t.columns, t.rows), "application/json");
    });

  return (
    <>
      <div className="sacap-explorer__heading">
        <h2 id="explorer-results">
          {indicator.chartTitle}, {place}
          {subset ? <span className="sacap-explorer__subset">, {subset}</span> : null}
        </h2>
        <SourceTag summary={origin} />
        <Link to={profile} className="sacap-explorer__profile">
          {place} climate profile
        </Link>
        <span className="sacap-explorer__spacer" />
        <Button icon="download" text="CSV" aria-label="Download the shown series as CSV" onClick={() => download("csv")} />
        <Button icon="download" text="JSON" aria-label="Download the shown series as JSON" onClick={() => download("json")} />
      </div>
      <SourceNote summary={origin} />
      <ObservationsNote indicator={indicator.code} geo={geo.code} place={place} />
      <Chart key={selection.view} label={chart.label} spec={spec} fileName={fileName} summary={chart.summary} />

      <WindowTable results={results} />

      <h3>Values by year and model</h3>
      <DenseTable results={results} rows={all.rows} onDemand={all.onDemand} pageParams={selectionQueryString(selection)} />
    </>
  );
}

/**
 * The dense table: the server's page of the view until every row is asked for (a pointer over the table,
 * focus in it, its CSV export), then the rows of the series, sorted, filtered and paged in the browser. On a
 * phone it is folded under its heading (decision 028), and open where the address names a state of it (a
 * page, a sort, a filter), as a link to that state asks.
 */
function DenseTable({ results, rows, onDemand, pageParams }: { results: ExplorerResults; rows: SeriesRow[] | undefined; onDemand: RowsOnDemand<SeriesRow>; pageParams: string }) {
  const { models, units, monthly, initial } = results.table;
  const decimals = displayDecimalsOf(results.indicator.code);
  const columns = useMemo(() => denseColumns(models, units, monthly, decimals), [models, units, monthly, decimals]);
  const rowKey = useCallback((r: SeriesRow) => r.key, []);
  // read once: React then leaves the fold to the reader (and to openOnWideScreen)
  const [params] = useSearchParams();
  const [asked] = useState(() => tableParams(params).size > 0);
  return (
    <details className="sacap-fold" ref={openOnWideScreen} open={asked}>
      <summary>Show the values by year and model</summary>
      <DataTable
        label={`Values by year and model (${units})`}
        columns={columns}
        rows={rows}
        initial={initial}
        onDemand={onDemand}
        rowKey={rowKey}
        prefix={DENSE_TABLE_PREFIX}
        defaultPageSize={DENSE_TABLE_PAGE_SIZE}
        pageParams={pageParams}
        exportName={results.fileName}
      />
    </details>
  );
}
