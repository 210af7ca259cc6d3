import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { buildLivestockView } from "../../app/features/analytics/livestockView";
import { livestockQueries } from "../../app/features/analytics/livestock";
import { WATER_VARIABLES, windowQueries } from "../../app/features/analytics/queries";
import { parseAnalysisSelection } from "../../app/features/analytics/selection";
import { livestockViewSchema, waterViewSchema } from "../../app/features/analytics/waterLivestockSchema";
import { buildWaterView } from "../../app/features/analytics/waterView";
import { seriesRequestUrl } from "../../app/features/cmip6/seriesApi";
import type { WarmingLevels } from "../../app/features/cmip6/warmingLevels";
import { getSeries } from "../support/series";

/**
 * The water-balance and livestock heat-stress pages ship their views (decision 026): a light document whose
 * one primed entry is the view `/api/views/analytics/…` answers, with the numbers the series give.
 */

const WATER = "/api/views/analytics/climate-water";
const LIVESTOCK = "/api/views/analytics/climate-livestock";

/** The loader data of a page's route, from the document. */
async function primed(request: APIRequestContext, url: string): Promise<{ html: string; entries: { endpointName: string; arg: unknown; value: unknown }[] }> {
  const html = await (await request.get(url)).text();
  const context = /window\.__remixContext = (\{.*?\});<\/script>/s.exec(html)?.[1];
  expect(context, "the document carries its loader data").toBeDefined();
  const loaderData = (JSON.parse(context!) as { state: { loaderData: Record<string, { apiCache?: { endpointName: string; arg: unknown; value: unknown }[] } | null> } }).state.loaderData;
  return { html, entries: Object.values(loaderData).flatMap((d) => d?.apiCache ?? []) };
}

const PAGES = [
  "/analytics/climate-water",
  "/analytics/climate-water?geo=BGD&scenario=ssp585&window=gwl:2.0",
  "/analytics/climate-livestock",
  "/analytics/climate-livestock?geo=PAK&window=gwl:1.5&species=cattle&thi=max",
];

for (const url of PAGES) {
  test(`${url}: at most 200 KB, 50 KB with gzip, the view primed and no series`, async ({ request }) => {
    const { html, entries } = await primed(request, url);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(200 * 1024);
    expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(50 * 1024);
    const names = entries.map((e) => e.endpointName);
    expect(names.filter((n) => n.endsWith("View"))).toEqual(["getAnalysisView"]);
    expect(names.filter((n) => n.endsWith("Series"))).toEqual([]);
    expect(names).not.toContain("getWarmingLevels");
    // the later navigation's request answers what the first load primed, byte for byte
    const view = entries.find((e) => e.endpointName.endsWith("View"))!;
    const arg = view.arg as { page: string; query: string };
    expect(arg.page).toBe(url.includes("water") ? "climate-water" : "climate-livestock");
    const answer = await request.get(`${url.includes("water") ? WATER : LIVESTOCK}?${arg.query}`);
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toBe(JSON.stringify(view.value));
  });
}

/**
 * Where two views differ but for numbers within `relative` of each other (or 0.06 apart: a mean of day
 * counts sent to 0.1 day), as "path: actual vs expected" lines.
 */
function differences(actual: unknown, expected: unknown, relative: number, path = "view", out: string[] = []): string[] {
  if (typeof actual === "number" && typeof expected === "number") {
    if (Math.abs(actual - expected) > Math.max(0.06, relative * Math.abs(expected))) out.push(`${path}: ${actual} vs ${expected}`);
  } else if (Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length) {
    actual.forEach((a, i) => differences(a, expected[i], relative, `${path}[${i}]`, out));
  } else if (actual && expected && typeof actual === "object" && typeof expected === "object" && !Array.isArray(actual) && !Array.isArray(expected)) {
    const keys = [...new Set([...Object.keys(actual), ...Object.keys(expected)])];
    for (const k of keys) differences((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], relative, `${path}.${k}`, out);
  } else if (JSON.stringify(actual) !== JSON.stringify(expected)) out.push(`${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
  return out;
}

test("the views are the numbers of the series: built again from the series endpoints' answers, they are equal within the rounding of the values sent", async ({ request }) => {
  test.slow();
  const levels = (await (await request.get("/api/cmip6/list/warming-levels")).json()) as WarmingLevels;
  const geos = [{ field_value: "BGD" }, { field_value: "PAK" }];
  const answersOf = (queries: ReturnType<typeof windowQueries>) => Promise.all(queries.map((q) => getSeries(request, `/api/${seriesRequestUrl(q.frequency, q.query)}`)));
  // the server computes its views from the unrounded series (and rounds what it shows); the endpoints send
  // the values rounded, so a view built from them differs in the last digits
  const json = (view: unknown) => JSON.parse(JSON.stringify(view));

  const water = parseAnalysisSelection(new URLSearchParams("geo=BGD&scenario=ssp585&window=gwl:3.0"), geos);
  const waterView = waterViewSchema.parse(await (await request.get(`${WATER}?geo=BGD&scenario=ssp585&window=gwl:3.0`)).json());
  // monthly totals of values sent to 0.001 (rain) and 0.01 mm/day (PET): within half a percent
  expect(differences(waterView, json(buildWaterView(water, levels, await answersOf(windowQueries(water, WATER_VARIABLES, levels)))), 0.005)).toEqual([]);
  expect(waterView.level?.counts[0].label).toBe("Precipitation");

  const livestock = parseAnalysisSelection(new URLSearchParams("geo=PAK&species=cattle&thi=max&baseline=1961-1990"), geos);
  const livestockView = livestockViewSchema.parse(await (await request.get(`${LIVESTOCK}?geo=PAK&species=cattle&thi=max&baseline=1961-1990`)).json());
  expect(differences(livestockView, json(buildLivestockView(livestock, levels, await answersOf(livestockQueries(livestock, levels)))), 0.005)).toEqual([]);
  expect(livestockView.tables.map((t) => t.threshold)).toEqual([75, 79, 84]);
});

test("a view says sample data, revalidates with its ETag and refuses other methods", async ({ request }) => {
  const url = `${LIVESTOCK}?geo=NPL&scenario=ssp585`;
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["x-sample-data"]).toBe("true");
  expect((await response.json()).sample).toBe(true);
  const etag = response.headers()["etag"];
  expect((await request.get(url, { headers: { "If-None-Match": etag } })).status()).toBe(304);
  const refused = await request.post(url, { data: "{}" });
  expect(refused.status()).toBe(405);
  expect(refused.headers()["allow"]).toBe("GET, HEAD");
});

const ERRORS: [url: string, status: number, field: string][] = [
  [`${WATER}?geo=BGD&scenario=ssp126`, 400, "scenario"],
  [`${WATER}?geo=BGD&window=2031-2050`, 400, "window"],
  [`${WATER}?geo=BGD&species=cattle`, 400, "species"],
  [`${WATER}?scenario=ssp585`, 400, "geo"],
  [`${WATER}?geo=atlantis`, 404, "geo"],
  [`${LIVESTOCK}?geo=PAK&thi=hourly`, 400, "thi"],
  [`${LIVESTOCK}?geo=PAK&window=gwl:2.0&baseline=1961-1990`, 400, "baseline"],
  [`${LIVESTOCK}?geo=atlantis&species=cattle`, 404, "geo"],
];
for (const [url, status, field] of ERRORS) {
  test(`${url} is a ${status} naming ${field}`, async ({ request }) => {
    const response = await request.get(url);
    expect(response.status()).toBe(status);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect((await response.json()).error).toMatchObject({ status, details: { field } });
  });
}
