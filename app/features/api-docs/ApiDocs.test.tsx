import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../../server/api/openapi.server";
import { getSeeds } from "../../../server/seeds.server";
import { SampleSeriesStore } from "../../../server/series/sample/sample-store";
import { createSeriesService } from "../../../server/series/service.server";
import { createReferenceService } from "../../../server/services/reference.server";
import { ApiDocs } from "./ApiDocs";
import { apiDocsView, type ApiDocsView } from "./openapi";

describe("ApiDocs", () => {
  let view: ApiDocsView;
  let html: string;
  beforeAll(async () => {
    const seeds = getSeeds();
    view = apiDocsView(await buildOpenApiDocument({ reference: createReferenceService(seeds), series: createSeriesService(seeds, new SampleSeriesStore()) }));
    html = renderToString(<ApiDocs view={view} origin="https://sacap.example" />).replace(/<!-- -->/g, "");
  }, 60_000);

  it("renders every endpoint on the server, headings from h2, sections labelled by headings that exist, ids unique", () => {
    expect(html).not.toMatch(/<h1[\s>]/);
    for (const endpoint of view.endpoints) expect(html).toContain(`<code>GET, HEAD</code> <code>${endpoint.path}</code>`);
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][\w-]*$/);
    for (const [, label] of html.matchAll(/aria-labelledby="([^"]+)"/g)) expect(ids).toContain(label);
    for (const [, anchor] of html.matchAll(/href="#([^"]+)"/g)) expect(ids).toContain(anchor);
  });

  it("shows curl requests against the server's own address and links the description", () => {
    expect(html).toContain("curl -s &#x27;https://sacap.example/api/cmip6/annual?indicator=tas");
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain('BASE = &quot;https://sacap.example&quot;');
  });
});
