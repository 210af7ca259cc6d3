import { Button, HTMLSelect, HTMLTable } from "@blueprintjs/core";
import { Form, Link } from "@remix-run/react";
import { LINE_COLORS, LineChart } from "~/components/LineChart";
import { SourceTag } from "~/features/cmip6/SourceTag";
import type { SourceSummary } from "~/features/cmip6/sources";
import { GeoOptions } from "~/features/cmip6/GeoOptions";
import type { Geo } from "~/features/cmip6/schema";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { seriesQueryString } from "~/features/cmip6/seriesQuery";
import { formatChange as change, formatValue as format, type CompareLine } from "./compare";
import { FUTURE_SCENARIOS, MAX_PLACES, type CompareSelection } from "./selection";


export interface CompareViewData {
  selection: CompareSelection;
  indicators: { code: string; name: string }[];
  geos: Pick<Geo, "field_value" | "name" | "field_geotype">[];
  result?: {
    indicator: { name: string; units: string; axisUnit: string; chartTitle: string; decimals: number };
    lines: CompareLine[];
    windowLabels: string[];
    windows: { label: string; baseline: number | null; values: (number | null)[] }[];
    sample: boolean;
    origin: SourceSummary;
  };
}


function Selector({ data }: { data: CompareViewData }) {
  const { selection } = data;
  const slots = selection.mode === "places" ? MAX_PLACES : 1;
  return (
    <Form method="get" className="sacap-inline-form" aria-label="Comparison">
      <label>
        Indicator
        <HTMLSelect name="indicator" defaultValue={selection.indicator} options={data.indicators.map((i) => ({ value: i.code, label: i.name }))} />
      </label>
      <label>
        Compare
        <HTMLSelect name="compare" defaultValue={selection.mode} options={[{ value: "places", label: "Places" }, { value: "scenarios", label: "Scenarios of one place" }]} />
      </label>
      {Array.from({ length: slots }, (_, i) => (
        <label key={i}>
          {slots > 1 ? `Place ${i + 1}` : "Place"}
          <HTMLSelect name="geo" defaultValue={selection.geos[i] ?? ""}>
            <option value="">—</option>
            <GeoOptions geos={data.geos} />
          </HTMLSelect>
        </label>
      ))}
      {selection.mode === "places" && (
        <label>
          Projection
          <HTMLSelect name="scenario" defaultValue={selection.scenario} options={FUTURE_SCENARIOS.map((s) => ({ value: s, label: s === "ssp245" ? "SSP2-4.5" : "SSP5-8.5" }))} />
        </label>
      )}
      <Button type="submit" intent="primary" text="Compare" />
    </Form>
  );
}

/** Up to four places, or the scenarios of one place, side by side for one indicator. */
export function CompareView({ data }: { data: CompareViewData }) {
  const { result, selection } = data;
  return (
    <div className="sacap-compare">
      <Selector data={data} />
      {!result && <p role="alert">No series for this selection.</p>}
      {result && (
        <>
          <section className="sacap-card" aria-labelledby="compare-chart">
            <h2 id="compare-chart" className="sacap-card__title">
              {`${result.indicator.chartTitle} (${result.indicator.units}), ensemble median and 10-90 % range `}
              <SourceTag summary={result.origin} />
            </h2>
            <LineChart
              title={result.indicator.chartTitle}
              yLabel={result.indicator.axisUnit}
              series={result.lines.map((line, i) => ({
                label: line.label,
                color: LINE_COLORS[i % LINE_COLORS.length],
                points: line.years.map((year, j) => [year, line.median[j]]),
                band: line.years.map((year, j) => [year, line.p10[j], line.p90[j]]),
              }))}
            />
          </section>
          <HTMLTable compact striped className="sacap-table">
            <caption>{`Mean of the ensemble median by period (${result.indicator.units}); change from ${BASELINE_PERIOD.start}-${BASELINE_PERIOD.end} in brackets`}</caption>
            <thead>
              <tr>
                <th scope="col">{selection.mode === "places" ? "Place" : "Scenario"}</th>
                <th scope="col">{`${BASELINE_PERIOD.start}-${BASELINE_PERIOD.end}`}</th>
                {result.windowLabels.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
                <th scope="col">
                  <span className="sacap-visually-hidden">Explore</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.windows.map((row, i) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{format(row.baseline, result.indicator.decimals)}</td>
                  {row.values.map((value, j) => (
                    <td key={j}>{value === null ? "—" : `${format(value, result.indicator.decimals)} (${change(value, row.baseline, result.indicator.decimals)})`}</td>
                  ))}
                  <td>
                    <Link
                      to={`/cmip6-data?${seriesQueryString({ indicator: selection.indicator, geo: selection.mode === "places" ? selection.geos[i] : selection.geos[0] })}`}
                    >
                      Explore
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </div>
  );
}
