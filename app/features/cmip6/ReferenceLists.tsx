import { Classes, HTMLTable } from "@blueprintjs/core";
import { Link, useSearchParams } from "@remix-run/react";
import { QueryState } from "~/components/QueryState";
import {
  useGetCmip6ModelsQuery,
  useGetGeosQuery,
  useGetIndicatorsQuery,
  useGetScenariosQuery,
} from "~/store/reference";
import { INDICATOR_CATEGORY_TITLES } from "./categories";
import type { Cmip6Model, Geo, Indicator } from "./schema";
import { openOnWideScreen } from "~/components/RoutePage";
import { TableScroll } from "~/components/TableScroll";

const CATEGORY_TITLES = INDICATOR_CATEGORY_TITLES;
const CATEGORIES = Object.keys(CATEGORY_TITLES) as Indicator["field_category"][];

/**
 * The URL parameter that shows the indicators' definitions (`indicators=all`). The list is long (a tenth of
 * the page's document) and below the explorer, so a document carries it only when asked for: its link works
 * without JavaScript (the server renders the list), and in the browser it shows the list from the page's
 * store at once.
 */
export const INDICATOR_LIST_PARAM = "indicators";
const INDICATOR_LIST_ID = "reference-indicators";

/** The indicators by category: each with its code, name, unit and definition, or a link that shows them. */
function IndicatorList({ indicators }: { indicators: Indicator[] }) {
  const [params] = useSearchParams();
  const counts = CATEGORIES.map((category) => `${CATEGORY_TITLES[category]} (${indicators.filter((i) => i.field_category === category).length})`);
  const heading = <h3 id={INDICATOR_LIST_ID}>Indicators ({indicators.length})</h3>;
  if (params.get(INDICATOR_LIST_PARAM) === "all") {
    return (
      <>
        {heading}
        <IndicatorTable indicators={indicators} />
      </>
    );
  }
  const shown = new URLSearchParams(params);
  shown.set(INDICATOR_LIST_PARAM, "all");
  return (
    <>
      {heading}
      <p>
        {counts.join(", ")}.{" "}
        <Link to={`?${shown}#${INDICATOR_LIST_ID}`} preventScrollReset>
          Show every indicator with its code, unit and definition
        </Link>
      </p>
    </>
  );
}

function IndicatorTable({ indicators }: { indicators: Indicator[] }) {
  return (
    <>
      {CATEGORIES.map((category) => {
        const rows = indicators.filter((indicator) => indicator.field_category === category);
        return (
          <TableScroll key={category} label={`Indicator table: ${CATEGORY_TITLES[category]}`}>
            <HTMLTable compact striped className="sacap-table">
              <caption>
                {CATEGORY_TITLES[category]} ({rows.length})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Indicator</th>
                  <th scope="col">Unit</th>
                  <th scope="col">Definition</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((indicator) => (
                  <tr key={indicator.tid}>
                    <td>
                      <code>{indicator.field_value}</code>
                    </td>
                    <td>{indicator.name}</td>
                    <td>{indicator.field_var_unit}</td>
                    <td className={Classes.TEXT_MUTED}>{indicator.field_description}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        );
      })}
    </>
  );
}

function PlaceList({ geos, type }: { geos: Geo[]; type: Geo["field_geotype"] }) {
  const places = geos.filter((geo) => geo.field_geotype === type);
  return (
    <div>
      <h3>
        {type === "Country" ? "Countries" : "River basins"} ({places.length})
      </h3>
      <ul className="sacap-columns">
        {places.map((geo) => (
          <li key={geo.tid}>
            {geo.name} {type === "Country" && <code>{geo.field_value}</code>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ModelTable({ models }: { models: Cmip6Model[] }) {
  return (
    <TableScroll label="Table of models">
      <HTMLTable compact striped className="sacap-table">
        <caption>NEX-GDDP-CMIP6 models ({models.length})</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Variant</th>
            <th scope="col">Grid</th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.tid}>
              <td>{model.name}</td>
              <td>
                <code>{model.field_variant}</code>
              </td>
              <td>
                <code>{model.field_grid}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/**
 * What the CMIP6 archive of the portal holds: indicators, places, scenarios and models. On a phone the lists
 * are folded under the heading (decision 028): at the end of the explorer, they came near the screen once
 * its tables were folded.
 */
export function ReferenceLists() {
  const indicators = useGetIndicatorsQuery();
  const geos = useGetGeosQuery();
  const scenarios = useGetScenariosQuery();
  const models = useGetCmip6ModelsQuery();
  return (
    <section className="sacap-card sacap-reference" aria-labelledby="reference-title">
      <h2 id="reference-title">Indicators, places, scenarios and models</h2>
      <details className="sacap-fold" ref={openOnWideScreen}>
        <summary>Show the lists</summary>
        <div className="sacap-reference__grid">
          <div>
            <QueryState what="places" data={geos.data} isError={geos.isError}>
              {(data) => (
                <>
                  <PlaceList geos={data} type="Country" />
                  <PlaceList geos={data} type="Basin" />
                </>
              )}
            </QueryState>
            <h3>Scenarios</h3>
            <QueryState what="scenarios" data={scenarios.data} isError={scenarios.isError}>
              {(data) => (
                <dl className="sacap-deflist">
                  {data.map((scenario) => (
                    <div key={scenario.tid}>
                      <dt>
                        <code>{scenario.field_value}</code>
                      </dt>
                      <dd>
                        {scenario.name}
                        {scenario.field_period && `, ${scenario.field_period}`}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </QueryState>
          </div>
          <QueryState what="models" data={models.data} isError={models.isError}>
            {(data) => <ModelTable models={data} />}
          </QueryState>
        </div>
        <QueryState what="indicators" data={indicators.data} isError={indicators.isError}>
          {(data) => <IndicatorList indicators={data} />}
        </QueryState>
      </details>
    </section>
  );
}
