import { LONG_SELECT } from "~/components/long-select";
import { Button, Classes, HTMLSelect, HTMLTable } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { PageForm } from "~/components/PageForm";
import { TableScroll } from "~/components/TableScroll";
import { LINE_COLORS, LineChart, type LineSeries } from "~/components/LineChart";
import { GeoOptions } from "~/features/cmip6/GeoOptions";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { SourceTag } from "~/features/cmip6/SourceTag";
import { BASELINE_PERIOD, MONTH_NAMES, PROJECTION_WINDOWS } from "~/features/cmip6/periods";
import type { Geo } from "~/features/cmip6/schema";
import { SERIES_PATHS, seriesQueryString } from "~/features/cmip6/seriesQuery";
import { formatNumber } from "~/lib/format";
import { medianLineSeries, WindowMeansTable } from "~/features/compare/WindowMeans";
import type { EntrySeriesData, MonthlyEntryData } from "./entry-data";

export interface EntrySeriesViewData {
  geos: Pick<Geo, "field_value" | "name" | "field_geotype" | "field_country">[];
  /** The indicator code and the chosen place, as the form sends them. */
  indicator: string;
  geo: string;
  /** The explorer draws this indicator (it shows indicators with annual values). */
  explorable: boolean;
  result?: EntrySeriesData;
}

const MONTH_TICKS = MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name.slice(0, 3) }));

function MonthlyTable({ data, decimals }: { data: MonthlyEntryData; decimals: number }) {
  return (
    <TableScroll label="Table of monthly means">
      <HTMLTable compact striped className="sacap-table">
        <caption>Mean of the ensemble median by calendar month and period</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {MONTH_TICKS.map((m) => (
              <th key={m.value} scope="col">
                <abbr title={MONTH_NAMES[m.value - 1]}>{m.label}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.months.map((value, i) => (
                <td key={i}>{formatNumber(value, decimals)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** Lines of the chart: each scenario over the years, or the baseline's and the chosen window's annual cycles. */
function chartSeries(result: EntrySeriesData): LineSeries[] {
  if (result.data.kind === "annual") return medianLineSeries(result.data.lines);
  const { window, rows } = result.data;
  return rows
    .filter((row) => row.scenario === "historical" || row.period.label === window.label)
    .map((row, i) => ({ label: row.label, color: LINE_COLORS[i % LINE_COLORS.length], points: row.months.map((v, m) => [m + 1, v]) }));
}

/**
 * The data of a catalogue entry backed by CMIP6 series: a place picker (a plain GET form), a chart drawn
 * on the server and the table of the same numbers, with links to the explorer and to the series API.
 */
export function EntrySeriesView({ data }: { data: EntrySeriesViewData }) {
  const { result } = data;
  const monthly = result?.data.kind === "monthly" ? result.data : undefined;
  const apiQuery = seriesQueryString({ indicator: data.indicator, geo: data.geo });
  const frequency = result?.frequency ?? "annual";
  return (
    <section className="sacap-card" aria-labelledby="entry-data">
      <h2 id="entry-data" className="sacap-card__title">
        {result ? `${result.indicator.chartTitle} (${result.indicator.units}), ${result.geo.name} ` : "Data "}
        {result && <SourceTag summary={result.origin} />}
      </h2>
      <PageForm method="get" className="sacap-inline-form" aria-label="Place and period">
        <label>
          Place
          <HTMLSelect name="geo" defaultValue={data.geo} className={LONG_SELECT}>
            <GeoOptions geos={data.geos} />
          </HTMLSelect>
        </label>
        {monthly && (
          <label>
            Projection window
            <HTMLSelect name="window" defaultValue={monthly.window.label} options={PROJECTION_WINDOWS.map((w) => w.label)} />
          </label>
        )}
        <Button type="submit" intent="primary" text="Show" />
      </PageForm>
      {!result && <p role="alert">The series store has no values of this indicator for this place.</p>}
      {result && (
        <>
          <LineChart
            title={result.indicator.chartTitle}
            yLabel={result.indicator.axisUnit}
            xLabel={monthly ? "calendar month" : "year"}
            xTicks={monthly ? MONTH_TICKS : undefined}
            series={chartSeries(result)}
          />
          <p className={Classes.TEXT_MUTED}>
            {monthly
              ? `Ensemble median of the ${result.indicator.aggregation === "mean" ? "monthly means" : "monthly values"} over ${BASELINE_PERIOD.label} and over ${monthly.window.label} in each scenario.`
              : "Ensemble median of the annual values, with the 10-90 % range of the models shaded."}
          </p>
          {result.data.kind === "annual" ? (
            <WindowMeansTable means={result.data} indicator={data.indicator} decimals={result.indicator.decimals} rowHeader="Scenario" />
          ) : (
            <MonthlyTable data={result.data} decimals={displayDecimalsOf(data.indicator)} />
          )}
          <ul className="sacap-entry__sources">
            {result.sources.map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </>
      )}
      <p className="sacap-entry__links">
        {data.explorable && <Link to={`/cmip6-data?${apiQuery}${monthly ? "&view=cycle" : ""}`}>Open this place in the CMIP6 data explorer</Link>}
        <a href={`/api/${SERIES_PATHS[frequency]}?${apiQuery}`}>Series as JSON (every model)</a>
      </p>
    </section>
  );
}
