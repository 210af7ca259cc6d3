import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { gzipSize, readManifest, routeScripts, stylesheetsOf } from "../support/route-weight";

/**
 * Compressed JavaScript and CSS each route loads before it is interactive (fonts excluded). Read from the
 * build output, not timed. The targets for slow links are home and static pages 200 KB, table pages
 * 250 KB, chart pages 500 KB, map pages 550 KB; the shared baseline (React, Remix, Blueprint's JS and its
 * 46 KB stylesheet, RTK Query) is about 260 KB today, so the ceilings below hold the current weight against
 * regressions until that baseline is cut (see bench/README.md).
 */
const KB = 1024;
const BUDGETS: { url: string; routeId: string; kind: string; budget: number }[] = [
  { url: "/", routeId: "routes/_index", kind: "home", budget: 270 * KB },
  { url: "/wiki", routeId: "routes/wiki", kind: "static", budget: 270 * KB },
  { url: "/user-guide", routeId: "routes/user-guide", kind: "static", budget: 270 * KB },
  { url: "/data/catalog", routeId: "routes/data.catalog", kind: "table", budget: 285 * KB },
  { url: "/catalog/climate", routeId: "routes/catalog.$topic", kind: "table", budget: 285 * KB },
  { url: "/cmip6-data", routeId: "routes/cmip6-data", kind: "chart", budget: 500 * KB },
  { url: "/cmip6-viewer", routeId: "routes/cmip6-viewer", kind: "map", budget: 550 * KB },
  { url: "/glofas", routeId: "routes/glofas", kind: "map", budget: 550 * KB },
  { url: "/isimip", routeId: "routes/isimip", kind: "map", budget: 550 * KB },
  { url: "/lhasa", routeId: "routes/lhasa", kind: "map", budget: 550 * KB },
  { url: "/second-page", routeId: "routes/second-page", kind: "map", budget: 550 * KB },
  { url: "/tools/gee", routeId: "routes/tools.gee", kind: "map", budget: 550 * KB },
  { url: "/catalog/explorer", routeId: "routes/catalog.explorer", kind: "map", budget: 550 * KB },
];

const manifest = readManifest();

for (const { url, routeId, kind, budget } of BUDGETS) {
  test(`${url} (${kind}) loads at most ${budget / KB} KB of compressed JS and CSS`, async ({ request }) => {
    const html = await (await request.get(url)).text();
    const files = [...routeScripts(manifest, routeId), ...stylesheetsOf(html).filter((href) => !href.includes("/fonts-"))];
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    test.info().annotations.push({ type: "weight", description: `${(total / KB).toFixed(1)} KB` });
    expect(total).toBeLessThanOrEqual(budget);
  });
}

test("the home page HTML is at most 30 KB compressed", async ({ request }) => {
  const html = await (await request.get("/")).body();
  expect(gzipSync(html, { level: 6 }).length).toBeLessThanOrEqual(30 * KB);
});

test("map and chart libraries load only where a map or chart is drawn", async () => {
  const heavy = /maplibre|mapbox-gl|vega-lite|vega-embed/;
  for (const routeId of ["routes/_index", "routes/wiki", "routes/data.catalog", "routes/catalog.$topic", "routes/user-guide"]) {
    for (const file of routeScripts(manifest, routeId)) {
      expect(file, routeId).not.toMatch(heavy);
    }
  }
});
