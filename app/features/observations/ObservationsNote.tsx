import { Link, useRouteLoaderData } from "@remix-run/react";
import { useGetAnnualSeriesQuery } from "../cmip6/seriesApi";
import { SERIES_PATHS, seriesQueryString, type SeriesQuery } from "../cmip6/seriesQuery";
import { OBSERVED } from "./ids";

/** Variables the observational datasets provide (CHIRPS, ERA5, ERA5-Land, IMD: `datasets.ts`). */
export const OBSERVED_VARIABLES: readonly string[] = ["pr", "tas", "tasmax", "tasmin"];

/** The annual series of every ingested observational dataset for an indicator and place. */
export const observationsQuery = (indicator: string, geo: string): SeriesQuery => ({ indicator, geo, scenario: [OBSERVED] });

/**
 * The explorer's list of the observations ingested for its indicator and place (decision 021): each dataset
 * with its years and source, the series API's answer and the ENSO page that composites them. Observations
 * are never drawn into the models' ensemble; nothing shows where none were ingested (the API's 404).
 */
export function ObservationsNote({ indicator, geo, place }: { indicator: string; geo: string; place: string }) {
  // the portal says at start whether any observations were ingested; without, nothing is asked
  const deployment = useRouteLoaderData("root") as { observations?: boolean } | undefined;
  const observable = deployment?.observations === true && OBSERVED_VARIABLES.includes(indicator);
  const query = observationsQuery(indicator, geo);
  const answer = useGetAnnualSeriesQuery(query, { skip: !observable });
  const block = answer.data?.series[0];
  if (!observable || !answer.data || !block) return null;
  const datasets = Object.keys(block.values).map((id) => {
    const values = block.values[id];
    const years = block.years.filter((_, i) => values[i] !== null);
    const source = answer.data!.provenance[block.sources[id]]?.source ?? id;
    return { id, source, span: years.length > 0 ? `${years[0]}-${years[years.length - 1]}` : "no complete year" };
  });
  if (datasets.length === 0) return null;
  return (
    <section className="sacap-source-note" aria-label="Observations" data-testid="observations-note">
      <strong>{`Observations of ${indicator} for ${place}`}</strong> (ingested; apart from the models, never in their ensemble):{" "}
      {datasets.map((d, i) => (
        <span key={d.id}>
          {`${i > 0 ? "; " : ""}${d.id}, ${d.span}: ${d.source}`}
        </span>
      ))}
      . <a href={`/api/${SERIES_PATHS.annual}?${seriesQueryString(query)}`}>Annual series (JSON)</a>
      {indicator === "pr" || indicator === "tas" ? (
        <>
          {" · "}
          <Link to={`/analytics/climate-crop/enso-crops?geo=${encodeURIComponent(geo)}`}>ENSO composites of the observed seasons</Link>
        </>
      ) : null}
    </section>
  );
}
