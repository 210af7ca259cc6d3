import { expect, test } from "@playwright/test";
import { z } from "zod";
import { CATALOG_SECTORS, catalogEntryListSchema } from "../../app/features/catalog/schema";
import { API_LISTS, REFERENCE_CACHE_CONTROL, type ApiListName } from "../../app/store/contract";
import { apiErrorSchema } from "../../server/api/responses.server";
import { SEED_SCHEMAS } from "../../server/seeds.server";

/** Each list answers its seed, valid against the schema the server checks that seed with at start-up. */
const SCHEMAS: Record<ApiListName, z.ZodType> = Object.fromEntries(
  (Object.keys(API_LISTS) as ApiListName[]).map((name) => [name, SEED_SCHEMAS[API_LISTS[name].seed]]),
) as Record<ApiListName, z.ZodType>;

const errorSchema = apiErrorSchema;

for (const [name, { path, sample }] of Object.entries(API_LISTS) as [ApiListName, (typeof API_LISTS)[ApiListName]][]) {
  test.describe(`GET /api/${path}`, () => {
    test("answers the seed as JSON valid against its schema, cacheable", async ({ request }) => {
      const response = await request.get(`/api/${path}`);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(headers["cache-control"]).toBe(REFERENCE_CACHE_CONTROL);
      expect(headers["etag"]).toMatch(/^"[^"]+"$/);
      expect(headers["x-sample-data"]).toBe(sample ? "true" : undefined);
      const parsed = SCHEMAS[name].safeParse(await response.json());
      expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
    });

    test("revalidates with 304, answers HEAD, ignores query parameters", async ({ request }) => {
      const first = await request.get(`/api/${path}`);
      const etag = first.headers()["etag"];
      const again = await request.get(`/api/${path}`, { headers: { "If-None-Match": etag } });
      expect(again.status()).toBe(304);
      expect(again.headers()["etag"]).toBe(etag);
      expect(await again.body()).toHaveLength(0);
      const head = await request.head(`/api/${path}`);
      expect(head.status()).toBe(200);
      expect(head.headers()["etag"]).toBe(etag);
      expect(await head.body()).toHaveLength(0);
      const withQuery = await request.get(`/api/${path}?page=2&filter=<x>`);
      expect(withQuery.status()).toBe(200);
      expect(await withQuery.text()).toBe(await first.text());
    });

    test("refuses other methods with 405 and Allow", async ({ request }) => {
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const response = await request.fetch(`/api/${path}`, { method, data: method === "DELETE" ? undefined : "{}" });
        expect(response.status(), method).toBe(405);
        expect(response.headers()["allow"]).toBe("GET, HEAD");
        expect(errorSchema.safeParse(await response.json()).success).toBe(true);
      }
    });
  });
}

test("the warming-level list states the table's version and licence", async ({ request }) => {
  const table = (await (await request.get(`/api/${API_LISTS.getWarmingLevels.path}`)).json()) as { source: string; version: string; licence: string };
  expect(table.version).toBe("2025-11-07");
  expect(table.licence).toMatch(/^CC BY-SA 4\.0\b/);
  expect(table.source).toContain("doi:10.5281/zenodo.3591806");
});

test("compresses when the client accepts it", async ({ request }) => {
  for (const encoding of ["br", "gzip"]) {
    const response = await request.get("/api/catalog_data", { headers: { "Accept-Encoding": encoding } });
    expect(response.headers()["content-encoding"]).toBe(encoding);
    expect(catalogEntryListSchema.safeParse(await response.json()).success).toBe(true);
  }
});

test("the facts of the seeds", async ({ request }) => {
  const get = async (name: ApiListName) => (await request.get(`/api/${API_LISTS[name].path}`)).json();

  const geos = await get("getGeos");
  const countries = geos.filter((g: { field_geotype: string }) => g.field_geotype === "Country");
  const basins = geos.filter((g: { field_geotype: string }) => g.field_geotype === "Basin");
  expect(countries.map((c: { field_value: string }) => c.field_value).sort()).toEqual(
    ["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"],
  );
  expect(basins.map((b: { name: string }) => b.name).sort()).toEqual(
    ["Amu Darya", "Brahmaputra", "Cauvery", "Ganges", "Godavari", "Harirud-Murghab", "Helmand", "Indus", "Kabul",
      "Krishna", "Mahanadi", "Mahaweli", "Meghna", "Narmada", "Pennar", "Tapi"],
  );

  const models: { name: string; field_grid: string; field_variant: string }[] = await get("getCmip6Models");
  expect(models).toHaveLength(35);
  const grids = Object.fromEntries(["gn", "gr", "gr1", "gr2"].map((g) => [g, models.filter((m) => m.field_grid === g).length]));
  expect(grids).toEqual({ gn: 23, gr: 6, gr1: 5, gr2: 1 });
  expect(models.find((m) => m.name === "CESM2")?.field_variant).toBe("r4i1p1f1");
  expect(models.find((m) => m.name === "GFDL-CM4_gr2")?.field_grid).toBe("gr2");

  const scenarios = await get("getScenarios");
  expect(scenarios.map((s: { field_value: string }) => s.field_value)).toEqual(["historical", "ssp245", "ssp585"]);

  const modules: { id: string; child: { id: string }[] }[] = await get("getAezModules");
  expect(modules.map((m) => m.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
  expect(modules[2].child.map((c) => c.id)).toEqual(["3.1", "3.2", "3.3", "3.4", "3.5", "3.2"]);
  expect(modules[5].child).toEqual([]);

  expect(await get("getMenuCategories")).toEqual([
    { name: "Indicator", value: "indic" },
    { name: "Geo", value: "geo" },
    { name: "Administrative Level", value: "level" },
    { name: "Area Name", value: "district" },
    { name: "Period", value: "period" },
    { name: "Source", value: "source" },
    { name: "Year Range", value: "year_range" },
  ]);
  expect(await get("getMenuFacets")).toEqual([]);

  const lookups = await get("getClimateMetadata");
  const values = (key: string) => lookups[key].map((o: { value: string }) => o.value);
  expect(values("source")).toEqual(["MSWEP", "ERA5", "APHRODITE", "CRU", "CHIRPS", "GPCC", "ERA5_land", "IMD", "MODIS", "custom"]);
  expect(values("indic")).toEqual(["rainfall", "tmin", "tmax", "tavg", "hurs", "rsds", "sfcWind", "sfcWindDir", "area_snowcover", "soil_loss"]);
  expect(values("period")).toEqual(["annual", "monthly", "seasonal"]);
  expect(values("level")).toEqual(["1", "2"]);
  expect(values("geo").sort()).toEqual(["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"]);

  const catalog: { data_sector: string }[] = await get("getCatalogData");
  expect(catalog.length).toBeGreaterThan(200);
  expect(new Set(catalog.map((e) => e.data_sector))).toEqual(new Set(CATALOG_SECTORS));

  const indicators: { field_value: string; field_category: string }[] = await get("getIndicators");
  expect(indicators.length).toBeGreaterThanOrEqual(45);
  const indices = indicators.filter((i) => i.field_category === "1001").map((i) => i.field_value);
  for (const code of ["fd", "su", "id", "tr", "gsl", "txx", "tnx", "txn", "tnn", "tn10p", "tx10p", "tn90p", "tx90p", "wsdi",
    "csdi", "dtr", "rx1day", "rx5day", "sdii", "r10mm", "r20mm", "rnnmm", "cdd", "cwd", "r95ptot", "r99ptot", "prcptot", "spi", "spei"]) {
    expect(indices).toContain(code);
  }

  const layers: { id: string; filter: { source: string } }[] = await get("getViewerLayers");
  expect(new Set(layers.map((l) => l.filter.source))).toEqual(new Set(["wb", "mswep", "chirps", "era5_land", "rimes"]));
  expect(new Set(layers.map((l) => l.id)).size).toBeLessThan(layers.length);
});

test("unknown /api paths are JSON 404s without an upstream", async ({ request }) => {
  for (const path of ["/api/nope", "/api/cmip6/list/unknown", "/api"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect(errorSchema.safeParse(await response.json()).success).toBe(true);
  }
});
