import { forwardRef } from "react";
import { SampleTag } from "~/components/SampleTag";
import { Chart } from "../cmip6/charts/Chart";
import { bandChartSpec, windowSpans } from "../cmip6/charts/specs";
import { CellMap } from "./CellMap";
import type { ResultView } from "./result";
import { ResultTable } from "./ResultTable";

interface ResultPanelProps {
  view: ResultView;
  /** The job the results are of: their downloads. */
  job: string;
}

/**
 * A finished job's results: what was computed and over what, whether its data are sample data, the
 * downloads (the API's CSV, JSON and NetCDF), the table of the models and the ensemble, the chart of each season
 * year, the map of the cells' change for a region of more than one cell, and the method with its standard
 * reference, as the API's answer gives them.
 */
export const ResultPanel = forwardRef<HTMLHeadingElement, ResultPanelProps>(function ResultPanel({ view, job }, heading) {
  const results = `/api/jobs/${job}/results`;
  // the API's name of the CSV (its Content-Disposition), and the same for the JSON
  const file = `${view.process}-${view.provenance.key.slice(0, 12)}`;
  const years = view.windowPeriod.startsWith("gwl:") ? [] : [{ start: Number(view.windowPeriod.slice(0, 4)), end: Number(view.windowPeriod.slice(5)), label: view.windowPeriod }];
  const spec = bandChartSpec({
    labels: { title: `${view.title}, ${view.region.label}`, axis: `${view.title} (${view.units})`, units: view.units, sample: view.sample, note: `Ensemble median and 10-90 % range of ${view.rows.length} models` },
    band: view.band,
    x: { title: "Season year", type: "year" },
    spans: windowSpans([{ start: 1995, end: 2014, label: view.baselinePeriod }, ...years]),
  });
  return (
    <section className="sacap-card sacap-od-result" aria-labelledby="od-result-title">
      <h2 id="od-result-title" className="sacap-card__title" tabIndex={-1} ref={heading}>
        {view.title} ({view.units}), {view.region.label} {view.sample && <SampleTag />}
      </h2>
      <p>
        {view.scenario}, window {view.windowPeriod} against {view.baselinePeriod}; {view.region.cells} grid cell{view.region.cells === 1 ? "" : "s"}; {view.rows.length} models.
      </p>
      {view.sample && <p className="sacap-od-sample">{view.source}</p>}
      <p className="sacap-od-downloads">
        Download the results:{" "}
        <a href={`${results}?f=csv`} download>
          CSV
        </a>{" "}
        ·{" "}
        <a href={`${results}?f=json`} download={`${file}.json`}>
          JSON
        </a>{" "}
        ·{" "}
        <a href={`${results}?f=netcdf`} download={`${file}.nc`}>
          NetCDF
        </a>
      </p>
      <ResultTable view={view} />
      {(view.withoutVariable.length > 0 || view.withoutWindow.length > 0) && (
        <ul className="sacap-od-hint" aria-label="Models without a value">
          {view.withoutVariable.length > 0 && <li>Without the index&apos;s daily variable: {view.withoutVariable.join(", ")}.</li>}
          {view.withoutWindow.map(([model, why]) => (
            <li key={model}>
              {model}: {why}.
            </li>
          ))}
        </ul>
      )}
      {view.band.length > 0 && (
        <Chart
          label={`${view.title}, ${view.region.label}: each season year, ensemble median and 10-90 % range`}
          spec={spec}
          fileName={file}
          summary={`${view.title} (${view.units}) each season year of the baseline ${view.baselinePeriod} and of the window ${view.windowPeriod}: the median of the models and their 10-90 % range.`}
        />
      )}
      {view.cellMap && (
        <>
          <h3 className="sacap-od-subtitle">Change in each cell</h3>
          <CellMap map={view.cellMap} units={view.units} label={`${view.title}, ${view.region.label}`} />
        </>
      )}
      <h3 className="sacap-od-subtitle">How it is computed</h3>
      <dl className="sacap-od-method">
        {view.method.map(({ name, text }) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{text}</dd>
          </div>
        ))}
        <div>
          <dt>Data</dt>
          <dd>
            {view.source} Data version {view.provenance.dataVersion}, computed {view.provenance.computed.slice(0, 16).replace("T", " ")} UTC. See the{" "}
            <a href="/api-docs">data API</a> for the processes behind this page.
          </dd>
        </div>
      </dl>
    </section>
  );
});
