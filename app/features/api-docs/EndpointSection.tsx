import { Classes } from "@blueprintjs/core";
import { CodeBlock, Inline } from "./CodeText";
import type { EndpointView, SampleFlag } from "./openapi";
import { TableScroll } from "~/components/TableScroll";

const TABLE_CLASS = `${Classes.HTML_TABLE} ${Classes.HTML_TABLE_STRIPED} ${Classes.COMPACT}`;

const SAMPLE_TEXT: Record<SampleFlag, string> = {
  always: "always `X-Sample-Data: true`: the content is illustrative sample data.",
  never: "none: reference data.",
  "when-generated": '`X-Sample-Data: true` and `"sample": true` when any value is generated sample data; `sources` and `provenance` say which.',
};

/** The test id of an endpoint's section. */
export const endpointSectionId = (endpoint: Pick<EndpointView, "id">) => `api-${endpoint.id}`;

/** One endpoint: method and path, what it answers, its parameters, an example, its statuses and caching. */
export function EndpointSection({ endpoint, origin }: { endpoint: EndpointView; origin: string }) {
  const id = endpointSectionId(endpoint);
  return (
    <section aria-labelledby={id} className="sacap-api-endpoint" data-testid={id}>
      <h3 id={id}>
        <code>{endpoint.methods}</code> <code>{endpoint.path}</code>
      </h3>
      <p>
        <strong>{endpoint.summary}.</strong> <Inline text={endpoint.description} />
      </p>
      {endpoint.parameters.length > 0 ? (
        <TableScroll label={`Parameters of ${endpoint.path}`}>
          <table className={TABLE_CLASS}>
            <caption>Parameters of {endpoint.path}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Values</th>
                <th scope="col">Default</th>
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {endpoint.parameters.map((p) => (
                <tr key={p.name}>
                  <th scope="row">
                    <code>{p.name}</code>
                    {p.required ? " (required)" : ""}
                  </th>
                  <td>{p.in}</td>
                  <td className="sacap-api-values">
                    {p.values}
                    {p.choices && (
                      <details>
                        <summary>All {p.choices.length}</summary>
                        {p.choices.join(", ")}
                      </details>
                    )}
                  </td>
                  <td>{p.default === undefined ? "" : <code>{p.default}</code>}</td>
                  <td>
                    <Inline text={p.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>No parameters{endpoint.tag === "Reference lists" ? " (any given are ignored)" : ""}.</p>
      )}
      <h4>Example request</h4>
      <CodeBlock>
        {endpoint.body === undefined
          ? `curl -s '${origin}${endpoint.request}'`
          : `curl -s -X POST -H 'Content-Type: application/json' -d '${endpoint.body}' '${origin}${endpoint.request}'`}
      </CodeBlock>
      {endpoint.answer !== undefined && (
        <details>
          <summary>
            Example answer (<code>{endpoint.contentType}</code>, trimmed)
          </summary>
          <CodeBlock>{endpoint.answer}</CodeBlock>
        </details>
      )}
      <h4>Answers</h4>
      {/* two columns whose text wraps: no scroll box (the examples' code blocks scroll on their own) */}
      <table className={TABLE_CLASS}>
        <caption>Status codes of {endpoint.path}</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {endpoint.statuses.map((s) => (
            <tr key={s.status}>
              <th scope="row">{s.status}</th>
              <td>
                <Inline text={s.description} />
                {s.example && (
                  <details>
                    <summary>Example</summary>
                    <CodeBlock>{s.example}</CodeBlock>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {/* what a strong ETag and Vary mean is said once, in the conventions above */}
        <strong>Caching:</strong> <code>Cache-Control: {endpoint.cacheControl}</code>
        {endpoint.etag ? (
          <>
            , strong <code>ETag</code>
          </>
        ) : null}
        {endpoint.vary ? ", brotli or gzip (Vary: Accept-Encoding)" : ""}. <strong>Sample flag:</strong>{" "}
        <Inline text={SAMPLE_TEXT[endpoint.sample]} />
      </p>
    </section>
  );
}
