import { expect, test } from "@playwright/test";
import { z } from "zod";

/**
 * Observations in the series API (docs/methods.md, Observations; decision 021): `scenario=observed` is
 * asked alone, models are dataset ids, and without ingested files (this server has SERIES_DB=none) the
 * answer is a 404: the sample generator never makes observations. Ingested answers are checked at service
 * level (server/series/ingest/observed.test.ts).
 */

const errorSchema = z.strictObject({
  error: z.strictObject({ status: z.number().int(), message: z.string().min(1), details: z.record(z.string(), z.unknown()).optional() }),
});

test("scenario=observed without ingested observations is a 404 naming the scenario and how to load them", async ({ request }) => {
  for (const url of ["/api/cmip6/v1/monthly?indicator=pr&geo=NPL&scenario=observed&season=JJAS", "/api/cmip6/annual?indicator=tas&geo=IND&scenario=observed&model=era5"]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(response.headers()["x-sample-data"]).toBeUndefined();
    const body = errorSchema.parse(await response.json());
    expect(body.error.message).toMatch(/No observations of (pr|tas) for (NPL|IND) have been ingested \(npm run ingest -- --observed NAME FILES/);
    expect(body.error.details).toMatchObject({ field: "scenario", value: "observed" });
  }
});

test("observations never join a model ensemble: mixed scenarios, models with observed and datasets with models are 400s", async ({ request }) => {
  const cases: [string, string][] = [
    ["scenario=observed,historical", "scenario"],
    ["scenario=observed&model=ACCESS-CM2", "model"],
    ["scenario=observed&model=ensemble", "model"],
    ["scenario=historical&model=chirps-v2.0", "model"],
    ["model=imd", "model"],
    ["scenario=observed&window=2040-2059", "window"],
  ];
  for (const [query, field] of cases) {
    const response = await request.get(`/api/cmip6/annual?indicator=pr&geo=NPL&${query}`);
    expect(response.status(), query).toBe(400);
    const body = errorSchema.parse(await response.json());
    expect(body.error.details?.field, query).toBe(field);
  }
});

test("the OpenAPI description lists observed and the dataset ids", async ({ request }) => {
  const doc = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, { get: { parameters: { name: string; schema: { items?: { enum?: string[] } } }[] } }> };
  const params = doc.paths["/api/cmip6/annual"].get.parameters;
  expect(params.find((p) => p.name === "scenario")!.schema.items!.enum).toContain("observed");
  expect(params.find((p) => p.name === "model")!.schema.items!.enum).toEqual(expect.arrayContaining(["chirps-v2.0", "era5", "era5-land", "imd"]));
});
