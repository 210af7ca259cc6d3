import { readdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { exampleRequest, readOnlyPaths, resolveRef, type OpenApiDocument } from "../../app/features/api-docs/openapi";

/**
 * `/api/openapi.json`: a valid OpenAPI 3.1 document that describes every `/api` resource route, and whose
 * response schemas (and header schemas) the real answers of every endpoint follow: 200s from the
 * description's own example requests, 304s, 400s, 404s and 405s. A new `app/routes/api.*.ts` without a
 * description fails here.
 */

type Json = Record<string, unknown>;
const MEDIA_TYPE = "application/openapi+json;version=3.1";

let cached: OpenApiDocument | undefined;
async function description(request: APIRequestContext): Promise<OpenApiDocument> {
  cached ??= (await (await request.get("/api/openapi.json")).json()) as OpenApiDocument;
  return cached;
}

/** The `/api` paths of the resource routes (`api.geo.$name.ts` is `/api/geo/{name}`), less the pass-through. */
function routePaths(): string[] {
  return readdirSync("app/routes")
    .filter((file) => /^api\..+\.tsx?$/.test(file) && file !== "api.$.ts")
    .map((file) => {
      const segments = file.replace(/\.tsx?$/, "").replaceAll("[.]", "\u0000").split(".");
      return "/" + segments.map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s).replaceAll("\u0000", ".")).join("/");
    });
}

/** A JSON pointer as a URI fragment: each part escaped, then percent-encoded (`{name}`). */
const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

/** Where a node's content is: the target of its `$ref`, or the node itself. */
const placeOf = (node: unknown, at: string) => (node as { $ref?: string })?.$ref?.slice(1) ?? at;

/** Validators of the document's schemas, by JSON pointer (references resolve inside the document). */
function schemaValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as unknown as Json, "openapi.json");
  return (at: string, value: unknown): string[] => {
    const validate = ajv.compile({ $ref: `openapi.json#${at}` });
    return validate(value) ? [] : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
}

/**
 * Checks a real answer against what the description says for its path and status: the status is
 * described, the body follows the schema of its media type, each described header follows its schema and
 * the required ones are there.
 */
async function checkAnswer(document: OpenApiDocument, path: string, response: APIResponse, method: "get" | "head" = "get") {
  const validate = schemaValidator(document);
  const status = String(response.status());
  const operation = document.paths[path]?.[method];
  expect(operation, `${method} ${path} is described`).toBeDefined();
  const raw = operation!.responses[status];
  expect(raw, `${path} describes ${status}`).toBeDefined();
  const described = resolveRef<Json>(document, raw);
  const base = placeOf(raw, pointer("", "paths", path, method, "responses", status));
  for (const [name, header] of Object.entries((described.headers ?? {}) as Record<string, Json>)) {
    const resolved = resolveRef<Json>(document, header);
    const value = response.headers()[name.toLowerCase()];
    if (resolved.required) expect(value, `${path} ${status}: header ${name}`).toBeDefined();
    const at = placeOf(header, `${base}/headers/${pointer(name)}`);
    if (value !== undefined) expect(validate(`${at}/schema`, value), `${path} ${status}: header ${name}: ${value}`).toEqual([]);
  }
  const content = described.content as Record<string, Json> | undefined;
  if (!content || method === "head" || status === "304") {
    expect(await response.body(), `${path} ${status} has no body`).toHaveLength(0);
    return;
  }
  const type = Object.keys(content)[0];
  expect(response.headers()["content-type"]?.split(";")[0], `${path} ${status}: Content-Type`).toBe(type.split(";")[0]);
  // an image or a file: its bytes are the format's to check (the grid API's own contract tests do)
  if (!/json/.test(type)) {
    expect((await response.body()).length, `${path} ${status} has a body`).toBeGreaterThan(0);
    return;
  }
  const errors = validate(`${base}/content/${pointer(type)}/schema`, await response.json());
  expect(errors, `${path} ${status}: body against its schema`).toEqual([]);
}

test.describe("GET /api/openapi.json", () => {
  test.describe.configure({ timeout: 120_000 });

  test(`is a valid OpenAPI 3.1 document, served as ${MEDIA_TYPE} with an ETag, 304, HEAD and 405`, async ({ request }) => {
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe(MEDIA_TYPE);
    const etag = response.headers()["etag"];
    expect(etag).toMatch(/^"[^"]+"$/);
    const result = await new Validator().validate((await response.json()) as Json);
    expect(result.errors ?? [], "OpenAPI schema validation").toEqual([]);
    expect(result.valid).toBe(true);

    const again = await request.get("/api/openapi.json", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    const head = await request.head("/api/openapi.json");
    expect(head.status()).toBe(200);
    expect(head.headers()["etag"]).toBe(etag);
    for (const method of ["POST", "PUT", "DELETE"]) {
      const refused = await request.fetch("/api/openapi.json", { method, data: method === "DELETE" ? undefined : "{}" });
      expect(refused.status(), method).toBe(405);
      expect(refused.headers()["allow"]).toBe("GET, HEAD");
    }
  });

  test("describes every /api resource route", async ({ request }) => {
    const document = await description(request);
    const routes = routePaths();
    expect(routes.length).toBeGreaterThanOrEqual(17);
    expect(routes.filter((path) => !(path in document.paths))).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => !routes.includes(path))).toEqual([]);
  });

  test("its examples follow its own schemas", async ({ request }) => {
    const document = await description(request);
    const validate = schemaValidator(document);
    let checked = 0;
    for (const [path, item] of readOnlyPaths(document)) {
      for (const [status, raw] of Object.entries(item.get.responses)) {
        const content = (resolveRef<Json>(document, raw).content ?? {}) as Record<string, Json>;
        for (const [type, media] of Object.entries(content)) {
          if (media.example === undefined) continue;
          const at = placeOf(raw, pointer("", "paths", path, "get", "responses", status));
          expect(validate(`${at}/content/${pointer(type)}/schema`, media.example), `${path} ${status} example`).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

test.describe("real answers follow the description", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every endpoint's example request: 200, then 304 for its ETag, HEAD without a body, 405 for POST", async ({ request }) => {
    const document = await description(request);
    // the processes' jobs are state per client, checked in processes.spec.ts
    for (const [path, item] of readOnlyPaths(document)) {
      const url = exampleRequest(path, item.get.parameters);
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      await checkAnswer(document, path, response);
      const etag = response.headers()["etag"];
      await checkAnswer(document, path, await request.get(url, { headers: { "If-None-Match": etag } }));
      await checkAnswer(document, path, await request.head(url), "head");
      const refused = await request.post(url, { data: "{}" });
      expect(refused.status(), `POST ${url}`).toBe(405);
      await checkAnswer(document, path, refused);
    }
  });

  const ERRORS: [path: string, url: string, status: number][] = [
    ["/api/cmip6/annual", "/api/cmip6/annual?indicator=tas&geo=atlantis", 400],
    ["/api/cmip6/annual", "/api/cmip6/annual?indicator=tas&geo=NPL&models=MIROC6", 400],
    ["/api/cmip6/v1/monthly", "/api/cmip6/v1/monthly?indicator=tas&geo=NPL&season=monsoon", 400],
    ["/api/cmip6/v1/monthly", "/api/cmip6/v1/monthly?indicator=fd&geo=NPL", 404],
    ["/api/cmip6/annual", "/api/cmip6/annual?indicator=tas&geo=NPL&scenario=historical&start=2050&end=2060", 404],
    ["/api/viewer/choropleth", "/api/viewer/choropleth?indicator=tas&scenario=ssp999&window=2040-2059", 400],
    ["/api/viewer/choropleth", "/api/viewer/choropleth?indicator=tas&scenario=ssp245&window=2040-2059&colour=red", 400],
    ["/api/geo/{name}", "/api/geo/rivers", 404],
    ["/api/views/analytics/climate-variability", "/api/views/analytics/climate-variability?geo=NPL&scale=2", 400],
    ["/api/views/analytics/climate-crop", "/api/views/analytics/climate-crop?geo=NPL&colour=red", 400],
    ["/api/views/analytics/climate-crop", "/api/views/analytics/climate-crop?geo=atlantis", 404],
    ["/api/views/cmip6-viewer", "/api/views/cmip6-viewer?indicator=tas", 400],
    ["/api/views/pyaez", "/api/views/pyaez?module=9", 400],
    ["/api/cmip6/grid", "/api/cmip6/grid?indicator=tas&window=2030-2049", 400],
    ["/api/cmip6/grid/point", "/api/cmip6/grid/point?indicator=tas&lat=60&lon=85", 400],
    ["/api/cmip6/grid/image.png", "/api/cmip6/grid/image.png?indicator=tas&region=atlantis", 400],
  ];
  for (const [path, url, status] of ERRORS) {
    test(`${url} is a ${status} as described`, async ({ request }) => {
      const document = await description(request);
      const response = await request.get(url);
      expect(response.status()).toBe(status);
      await checkAnswer(document, path, response);
      if (status === 400) expect((await response.json()).error.details.field).toEqual(expect.any(String));
    });
  }
});
