import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { viewerLayerListSchema } from "../../app/features/viewer/schema";
import { mapserverSkipReason, startMapServer } from "../../server/testing/mapserver";
import { gridFilesFor } from "../support/grid-files";
import { startPortal } from "../support/portal";
import { expect, hydrated, test } from "./fixtures";

/**
 * An operator's MapServer in the CMIP6 viewer: the files' mapfile and layer list (`npm run grids -- mapfile
 * --layers`), mapserv behind a local HTTP server, and a portal of its own started with WMS_BASE_URL naming
 * that server and WMS_LAYERS_FILE the list. The layer is in the viewer's list, switching it on fetches its
 * tiles from the map server, and the map server's legend of it shows.
 */

const skip = mapserverSkipReason();

test("the CMIP6 viewer shows the gridded layers MapServer serves, with their tiles and legend", async ({ page }) => {
  test.skip(Boolean(skip), skip);
  // files, a map server, a second portal and software WebGL on a busy machine
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-grid-wms-e2e-"));
  const grids = path.join(dir, "grids");
  const layersFile = path.join(dir, "layers.json");
  await gridFilesFor(grids);
  // one mapfile per file, as docs/deployment.md serves the full set
  const maps = path.join(dir, "maps");
  const run = spawnSync(process.execPath, ["build/server/grids.js", "mapfile", "--dir", grids, "--out-dir", maps, "--url", "/wms/grids", "--layers", layersFile], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  const list = viewerLayerListSchema.parse(JSON.parse(readFileSync(layersFile, "utf8")));
  const entry = list.find((l) => l.tiles[0].layers === "tas_ssp245_annual_change_2040-2059")!;
  const title = entry.tiles[0].name;
  const server = await startMapServer({ dir: maps, path: "/wms/grids" });
  const portal = await startPortal({ WMS_BASE_URL: server.origin, WMS_LAYERS_FILE: layersFile });
  try {
    await page.goto(`${portal.url}/cmip6-viewer?source=sacap&variable=tas&period=2040-2059`);
    await hydrated(page);
    const item = page.locator("[data-layer-position]").filter({ hasText: title });
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-layer-state", "ok");
    await item.getByRole("checkbox").check({ force: true });

    // the map asks the map server for the layer's tiles, in EPSG:3857
    const getMaps = () => server.requests.filter((r) => /REQUEST=GetMap/i.test(r) && r.includes(`LAYERS=${encodeURIComponent(entry.tiles[0].layers)}`));
    await expect.poll(() => getMaps().length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(getMaps()[0]).toMatch(/^\/wms\/grids\/tas_ssp245_annual\?/);
    expect(getMaps()[0]).toContain("CRS=EPSG%3A3857");
    await expect(item).toHaveAttribute("data-layer-state", "ok");

    // and the legend the map server draws for it
    const legend = page.locator(".sacap-viewer__wms-legend").filter({ hasText: title });
    await expect(legend).toBeVisible();
    await expect(legend).toHaveAttribute("data-legend-state", "ok");
    const image = legend.getByRole("img", { name: `Legend of ${title}: its colours and the values they stand for` });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(50);
    expect(server.requests.some((r) => /REQUEST=GetLegendGraphic/.test(r) && r.includes(`LAYER=${encodeURIComponent(entry.tiles[0].layers)}`))).toBe(true);
  } finally {
    portal.process.kill();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
