import { Classes } from "@blueprintjs/core";
import { EndpointSection, endpointSectionId } from "./EndpointSection";
import { codeExamples } from "./examples";
import { CodeBlock, Inline } from "./CodeText";
import type { ApiDocsView } from "./openapi";

const tagId = (name: string) => `api-tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** Where the machine-readable description is served. */
export const OPENAPI_JSON_PATH = "/api/openapi.json";

/** The API page: conventions, every endpoint from the OpenAPI description, and worked examples. */
export function ApiDocs({ view, origin }: { view: ApiDocsView; origin: string }) {
  return (
    <div className={`${Classes.RUNNING_TEXT} sacap-api`}>
      <section aria-labelledby="api-conventions">
        <h2 id="api-conventions">How the API works</h2>
        <p>
          {view.summary} The machine-readable description is <a href={OPENAPI_JSON_PATH}>{OPENAPI_JSON_PATH}</a> (OpenAPI{" "}
          3.1, API version {view.version}): load it into any OpenAPI tool to generate a client or try the endpoints.
        </p>
        <ul>
          {view.conventions.map((text) => (
            <li key={text}>
              <Inline text={text} />
            </li>
          ))}
        </ul>
        <nav aria-label="Endpoints">
          <ul className="sacap-api-index">
            {view.endpoints.map((e) => (
              <li key={e.id}>
                <a href={`#${endpointSectionId(e)}`}>
                  <code>{e.path}</code>
                </a>{" "}
                {e.summary}
              </li>
            ))}
          </ul>
        </nav>
      </section>

      {view.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={tagId(tag.name)}>
          <h2 id={tagId(tag.name)}>{tag.name}</h2>
          <p>{tag.description}</p>
          {view.endpoints
            .filter((e) => e.tag === tag.name)
            .map((e) => (
              <EndpointSection key={e.id} endpoint={e} origin={origin} />
            ))}
        </section>
      ))}

      <section aria-labelledby="api-examples">
        <h2 id="api-examples">Examples: every model of a series, plotted</h2>
        <p>
          Annual mean temperature over Nepal under SSP5-8.5, 2015-2100, for every model (35) with the ensemble median and the 10th-90th
          percentile band. <code>series</code> has one block per scenario; in each, <code>values</code> maps each model to one value per
          year of <code>years</code> (<code>null</code> where a model has none), and <code>stats</code> holds the ensemble statistics per year.
        </p>
        {codeExamples(origin).map((example) => (
          <section key={example.id} aria-labelledby={`api-example-${example.id}`}>
            <h3 id={`api-example-${example.id}`}>{example.label}</h3>
            <CodeBlock>{example.code}</CodeBlock>
          </section>
        ))}
      </section>
    </div>
  );
}
