import { LONG_SELECT } from "~/components/long-select";
import { placeSlugs } from "~/features/places/places";
import { Button, HTMLSelect, Radio } from "@blueprintjs/core";
import { Link, useSubmit } from "@remix-run/react";
import { profilePath } from "~/features/profile/profile";
import { PageForm } from "~/components/PageForm";
import { LineChart } from "~/components/LineChart";
import { SourceTag } from "~/features/cmip6/SourceTag";
import type { SourceSummary } from "~/features/cmip6/sources";
import { GeoOptions } from "~/features/cmip6/GeoOptions";
import type { Geo } from "~/features/cmip6/schema";
import { seriesQueryString } from "~/features/cmip6/seriesQuery";
import type { CompareLine, WindowMeans } from "./compare";
import { FUTURE_SCENARIOS, MAX_PLACES, type CompareSelection, type PeriodMode } from "./selection";
import { medianLineSeries, WindowMeansTable } from "./WindowMeans";
import { openOnWideScreen } from "~/components/RoutePage";

export interface CompareViewData {
  selection: CompareSelection;
  indicators: { code: string; name: string }[];
  geos: Pick<Geo, "field_value" | "name" | "field_geotype" | "field_country">[];
  result?: WindowMeans & {
    indicator: { name: string; units: string; axisUnit: string; chartTitle: string; decimals: number };
    lines: CompareLine[];
    origin: SourceSummary;
  };
}

/**
 * The comparison's selection, a GET form. On a phone the indicator and the chart come first: what is
 * compared (places or scenarios, the places, the projection) and the table's columns are folded
 * (`sacap-fold`, decision 028); the chart and the table say what they show.
 */
function Selector({ data }: { data: CompareViewData }) {
  const { selection } = data;
  const slots = selection.mode === "places" ? MAX_PLACES : 1;
  const submit = useSubmit();
  return (
    <PageForm method="get" className="sacap-inline-form" aria-label="Comparison">
      <label>
        Indicator
        <HTMLSelect name="indicator" defaultValue={selection.indicator} options={data.indicators.map((i) => ({ value: i.code, label: i.name }))} />
      </label>
      <details className="sacap-fold sacap-inline-form__fold" ref={openOnWideScreen}>
        <summary>Places, projection and columns</summary>
        <div className="sacap-inline-form">
          <label>
            Compare
            <HTMLSelect name="compare" defaultValue={selection.mode} options={[{ value: "places", label: "Places" }, { value: "scenarios", label: "Scenarios of one place" }]} />
          </label>
          {Array.from({ length: slots }, (_, i) => (
            <label key={i}>
              {slots > 1 ? `Place ${i + 1}` : "Place"}
              <HTMLSelect name="geo" defaultValue={selection.geos[i] ?? ""} className={LONG_SELECT}>
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
          <fieldset className="sacap-inline-fieldset">
            <legend>Columns</legend>
            {PERIOD_CHOICES.map((choice) => (
              <Radio
                key={choice.value}
                inline
                name="periods"
                value={choice.value}
                label={choice.label}
                defaultChecked={selection.periods === choice.value}
                // with scripts, choosing the columns applies the form at once; without, the Compare button does
                onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { preventScrollReset: true })}
              />
            ))}
          </fieldset>
        </div>
      </details>
      <Button type="submit" intent="primary" text="Compare" />
    </PageForm>
  );
}

const PERIOD_CHOICES: { value: PeriodMode; label: string }[] = [
  { value: "years", label: "20-year windows" },
  { value: "gwl", label: "Warming levels" },
];

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
              series={medianLineSeries(result.lines)}
            />
          </section>
          <WindowMeansTable
            means={result}
            indicator={selection.indicator}
            decimals={result.indicator.decimals}
            rowHeader={selection.mode === "places" ? "Place" : "Scenario"}
            units={result.indicator.units}
            download={{
              file: `sacap-compare-${selection.indicator}-${selection.geos.join("-")}${selection.periods === "gwl" ? "-gwl" : ""}`,
              indicator: `${selection.indicator} (annual)`,
              units: result.indicator.units,
              rowHeader: selection.mode === "places" ? "Place" : "Scenario",
              geo: selection.geos.join(" "),
              scenarios: selection.mode === "places" ? ["historical", selection.scenario] : ["historical", "ssp245", "ssp585"],
              sample: result.origin.kind !== "ingested",
              sources: result.origin.text,
            }}
            action={(_, i) => {
              const code = selection.mode === "places" ? selection.geos[i] : selection.geos[0];
              const name = data.geos.find((g) => g.field_value === code)?.name ?? code;
              return (
                <>
                  <Link to={`/cmip6-data?${seriesQueryString({ indicator: selection.indicator, geo: code })}`}>Explore</Link> ·{" "}
                  <Link to={profilePath({ slug: placeSlugs(data.geos).get(code) ?? code })} aria-label={`${name} climate profile`}>
                    Profile
                  </Link>
                </>
              );
            }}
          />
        </>
      )}
    </div>
  );
}
