import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ServerDrawingProvider } from "~/lib/server-drawing";
import { buildOpenApiDocument } from "~server/api/openapi.server";
import { getSeeds } from "~server/seeds.server";
import { SampleSeriesStore } from "~server/series/sample/sample-store";
import { createSeriesService } from "~server/series/service.server";
import { createReferenceService } from "~server/services/reference.server";
import { ApiDocs } from "./ApiDocs";
import { apiDocsIntro, type ApiDocsView, type OpenApiDocument } from "./openapi";
import { keepOperations, operationsMarkup } from "./operations.server";

const ORIGIN = "https://sacap.example";
const plain = (html: string) => html.replace(/<!-- -->/g, "");

describe("ApiDocs", () => {
  let document: OpenApiDocument;
  let view: ApiDocsView;
  let key: string;
  /** The page as the server renders it: the index, and the endpoints drawn from the kept description. */
  let html: string;
  beforeAll(async () => {
    const seeds = getSeeds();
    document = await buildOpenApiDocument({ reference: createReferenceService(seeds), series: createSeriesService(seeds, new SampleSeriesStore()) });
    ({ key, view } = keepOperations(document, '"test-etag"', ORIGIN));
    html = plain(
      renderToString(
        <ServerDrawingProvider drawings={{ apiOperations: operationsMarkup }}>
          <ApiDocs view={apiDocsIntro(view)} operations={key} origin={ORIGIN} />
        </ServerDrawingProvider>,
      ),
    );
  }, 60_000);

  it("renders every endpoint on the server, headings from h2, sections labelled by headings that exist, ids unique", () => {
    expect(html).not.toMatch(/<h1[\s>]/);
    for (const endpoint of view.endpoints) expect(html).toContain(`<code>${endpoint.methods}</code> <code>${endpoint.path}</code>`);
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][\w-]*$/);
    for (const [, label] of html.matchAll(/aria-labelledby="([^"]+)"/g)) expect(ids).toContain(label);
    for (const [, anchor] of html.matchAll(/href="#([^"]+)"/g)) expect(ids).toContain(anchor);
  });

  it("shows curl requests against the server's own address and links the description", () => {
    // code is escaped as element content needs (& < >), its quotes left as they are
    expect(html).toContain("curl -s 'https://sacap.example/api/cmip6/annual?indicator=tas&amp;geo=NPL");
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain('BASE = "https://sacap.example"');
    expect(html).not.toMatch(/<pre[^>]*><code>[^<]*&quot;/);
  });

  it("draws the same endpoint sections as the page renders from the description after a client navigation", () => {
    const browser = plain(renderToString(<ApiDocs view={apiDocsIntro(view)} endpoints={view.endpoints} origin={ORIGIN} />));
    const sections = (page: string) => page.slice(page.indexOf('<section aria-labelledby="api-tag-'), page.indexOf('<section aria-labelledby="api-examples"'));
    expect(sections(browser).length).toBeGreaterThan(10_000);
    expect(sections(html)).toContain(sections(browser));
  });

  it("primes the index only: no endpoint's parameters, examples or statuses", () => {
    const intro = JSON.stringify(apiDocsIntro(view));
    expect(intro.length).toBeLessThan(JSON.stringify(view).length / 5);
    expect(intro).not.toContain("Parameters");
    expect(apiDocsIntro(view).index.map((e) => e.path)).toEqual(Object.keys(document.paths));
  });

  it("says so, with a link to the description, when no endpoints are kept under the key", () => {
    const missing = renderToString(
      <ServerDrawingProvider drawings={{ apiOperations: operationsMarkup }}>
        <ApiDocs view={apiDocsIntro(view)} operations="unknown" origin={ORIGIN} />
      </ServerDrawingProvider>,
    );
    expect(missing).toContain("Could not load the endpoints");
    expect(missing).not.toContain('data-testid="api-getAnnualSeries"');
  });
});
