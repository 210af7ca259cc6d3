import { Callout, Classes } from "@blueprintjs/core";
import type { ServerDrawings } from "~/lib/drawings.server";
import { DrawingBox, useServerDrawing } from "~/lib/server-drawing";
import { endpointSectionId } from "./EndpointSection";
import { codeExamples } from "./examples";
import { CodeBlock, Inline } from "./CodeText";
import type { ApiDocsIntro, EndpointView } from "./openapi";
import { Operations } from "./Operations";
import { OPENAPI_JSON_PATH } from "./paths";

interface ApiDocsProps {
  view: ApiDocsIntro;
  /** The endpoints, when the page was built in the browser from the description (a client navigation). */
  endpoints?: EndpointView[];
  /** The key of the endpoint sections the server draws into the document (`operations.server.tsx`). */
  operations?: string;
  origin: string;
}

/** The API page: conventions, every endpoint from the OpenAPI description, and worked examples. */
export function ApiDocs({ view, endpoints, operations, origin }: ApiDocsProps) {
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
            {view.index.map((e) => (
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

      <EndpointSections view={view} endpoints={endpoints} operations={operations} origin={origin} />

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

/**
 * The endpoints' sections: drawn by the server into the document (and taken from it while hydrating), or
 * rendered from the description the browser loaded after a client navigation.
 */
function EndpointSections({ view, endpoints, operations, origin }: ApiDocsProps) {
  const drawing = useServerDrawing<ServerDrawings>((draw) => (operations ? draw.apiOperations(operations) : null));
  if (endpoints) return <Operations tags={view.tags} endpoints={endpoints} origin={origin} />;
  if (drawing.html !== null) return <DrawingBox drawing={drawing} />;
  return (
    <Callout intent="warning" title="Could not load the endpoints">
      The description of the endpoints did not load. Reload the page, or read it at <a href={OPENAPI_JSON_PATH}>{OPENAPI_JSON_PATH}</a>.
    </Callout>
  );
}
