import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cellBounds, type GridAxes } from "../../app/features/grids/grid";
import { viewerLayerListSchema, type ViewerLayer } from "../../app/features/viewer/schema";
import { gridLayers, layerColor, listGridFiles, readFieldWindow, type GridLayer } from "../../server/grids/mapserver/mapfile";
import { mapserverSkipReason, startMapServer, type MapServerHarness } from "../../server/testing/mapserver";
import { writeFixtureGridFiles } from "../support/grid-files";
import { decodePng } from "../support/png";

/**
 * The gridded files served by MapServer: `npm run grids -- mapfile` (build/server/grids.js) writes the
 * mapfile and the viewer's layer list from the files, and Debian's mapserv answers WMS GetCapabilities,
 * GetMap (each cell in its class's colour, in the viewers' EPSG:3857 too) and GetLegendGraphic. The
 * files are the test writer's (`writeFixtureGridFiles`), whose cells the checks name.
 */

const skip = mapserverSkipReason();
/** Text as MapServer escapes it in XML. */
const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const hex = (rgba: number[]) => `#${rgba.slice(0, 3).map((v) => v.toString(16).padStart(2, "0")).join("")}`;
const mercator = (lon: number, lat: number) => [(lon * Math.PI * 6378137) / 180, 6378137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];

test.describe("gridded files over WMS", () => {
  test.skip(Boolean(skip), skip);
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let dir: string;
  let server: MapServerHarness;
  let layers: GridLayer[];
  let list: ViewerLayer[];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(path.join(tmpdir(), "sacap-grid-wms-"));
    const grids = path.join(dir, "grids");
    await writeFixtureGridFiles(grids);
    const run = spawnSync(
      process.execPath,
      ["build/server/grids.js", "mapfile", "--dir", grids, "--out", path.join(dir, "grids.map"), "--layers", path.join(dir, "layers.json"), "--config", path.join(dir, "mapserver.conf")],
      { encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/2 file\(s\), 96 layer\(s\)/);
    layers = await gridLayers(listGridFiles(grids).files);
    list = viewerLayerListSchema.parse(JSON.parse(readFileSync(path.join(dir, "layers.json"), "utf8")));
    server = await startMapServer({ mapfile: path.join(dir, "grids.map") });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const wms = (params: Record<string, string>) => `${server.url}?${new URLSearchParams({ SERVICE: "WMS", VERSION: "1.3.0", ...params })}`;

  test("GetCapabilities lists every layer with its title, in both projections", async ({ request }) => {
    const response = await request.get(wms({ REQUEST: "GetCapabilities" }));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain("<Title>SACAP gridded climate change maps</Title>");
    expect(xml).toContain("<CRS>EPSG:3857</CRS>");
    expect(xml).toContain("GetLegendGraphic");
    for (const l of layers) {
      const at = xml.indexOf(`<Name>${l.name}</Name>`);
      expect(at, l.name).toBeGreaterThan(0);
      expect(xml.slice(at, at + 2000)).toContain(`<Title>${xmlText(l.title)}</Title>`);
    }
    // the layer list names served layers with their titles
    expect(list).toHaveLength(16);
    for (const entry of list) expect(xml).toContain(`<Name>${entry.tiles[0].layers}</Name>`);
  });

  for (const name of ["tas_ssp245_annual_change_2040-2059", "pr_ssp585_annual_change_gwl3.0", "pr_ssp585_annual_baseline_2080-2099", "pr_ssp585_annual_agreement_2040-2059"]) {
    test(`GetMap draws each cell of ${name} in its class's colour`, async ({ request }) => {
      const layer = layers.find((l) => l.name === name)!;
      const { values, lat, lon } = await readFieldWindow(layer.file, layer.variable, layer.band);
      const axes: GridAxes = { lat0: lat[0], lon0: lon[0], dlat: lat[1] - lat[0], dlon: lon[1] - lon[0], rows: lat.length, columns: lon.length };
      const [west, south, east, north] = layer.extent;
      const k = 4;
      // EPSG:4326 in WMS 1.3.0: latitude first
      const response = await request.get(
        wms({ REQUEST: "GetMap", LAYERS: name, STYLES: "", CRS: "EPSG:4326", BBOX: [south, west, north, east].join(","), WIDTH: String(axes.columns * k), HEIGHT: String(axes.rows * k), FORMAT: "image/png", TRANSPARENT: "TRUE" }),
      );
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = decodePng(await response.body());
      expect([png.width, png.height]).toEqual([axes.columns * k, axes.rows * k]);
      let checked = 0;
      for (let row = 0; row < axes.rows; row += 3) {
        for (let column = 0; column < axes.columns; column += 5) {
          const value = values[row * axes.columns + column];
          const pixel = png.pixel(column * k + k / 2, (axes.rows - 1 - row) * k + k / 2);
          const expected = layerColor(layer, value);
          if (expected === undefined) expect(pixel[3], `cell ${row},${column} has no value: transparent`).toBe(0);
          else {
            expect(pixel[3]).toBe(255);
            expect(colours(layer, value), `cell ${row},${column} = ${value}`).toContain(hex(pixel));
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(30);
    });
  }

  test("GetMap in the viewers' EPSG:3857 puts a cell where it belongs, and a cell without a value is transparent", async ({ request }) => {
    const layer = layers.find((l) => l.name === "tas_ssp245_annual_change_2080-2099")!;
    const { values, lat, lon } = await readFieldWindow(layer.file, layer.variable, layer.band);
    const axes: GridAxes = { lat0: lat[0], lon0: lon[0], dlat: lat[1] - lat[0], dlon: lon[1] - lon[0], rows: lat.length, columns: lon.length };
    const [minX, minY] = mercator(layer.extent[0], layer.extent[1]);
    const [maxX, maxY] = mercator(layer.extent[2], layer.extent[3]);
    const size = 512;
    const response = await request.get(
      wms({ REQUEST: "GetMap", LAYERS: layer.name, STYLES: "", CRS: "EPSG:3857", BBOX: [minX, minY, maxX, maxY].join(","), WIDTH: String(size), HEIGHT: String(size), FORMAT: "image/png", TRANSPARENT: "TRUE" }),
    );
    expect(response.status()).toBe(200);
    const png = decodePng(await response.body());
    const at = (row: number, column: number) => {
      const { lat: y, lon: x } = cellBounds(axes, row, column);
      const [mx, my] = mercator(x, y);
      return png.pixel(Math.floor(((mx - minX) / (maxX - minX)) * size), Math.floor(((maxY - my) / (maxY - minY)) * size));
    };
    for (const [row, column] of [[3, 2], [8, 16], [14, 30], [10, 25]]) {
      expect(colours(layer, values[row * axes.columns + column]), `cell ${row},${column}`).toContain(hex(at(row, column)));
    }
    // the fixture's south-east corner has no values
    expect(Number.isNaN(values[0 * axes.columns + axes.columns - 1])).toBe(true);
    expect(at(0, axes.columns - 1)[3]).toBe(0);
  });

  test("GetLegendGraphic draws the classes", async ({ request }) => {
    const layer = layers.find((l) => l.name === "tas_ssp245_annual_change_2040-2059")!;
    const response = await request.get(wms({ REQUEST: "GetLegendGraphic", LAYER: layer.name, STYLE: "", FORMAT: "image/png", SLD_VERSION: "1.1.0" }));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = decodePng(await response.body());
    expect(png.height).toBeGreaterThan(11 * 12);
    const colours = new Set<string>();
    for (let y = 0; y < png.height; y++) for (let x = 0; x < Math.min(png.width, 30); x++) colours.add(hex(png.pixel(x, y)));
    for (const c of layer.classes) expect(colours, c.color).toContain(c.color);
  });

  test("GetFeatureInfo answers a cell's value", async ({ request }) => {
    const layer = layers.find((l) => l.name === "pr_ssp585_annual_baseline_2060-2079")!;
    const { values } = await readFieldWindow(layer.file, layer.variable, layer.band);
    const [west, south, east, north] = layer.extent;
    // one pixel per cell: row 9, column 21 (the baseline changes with both)
    const response = await request.get(
      wms({ REQUEST: "GetFeatureInfo", LAYERS: layer.name, QUERY_LAYERS: layer.name, STYLES: "", CRS: "EPSG:4326", BBOX: [south, west, north, east].join(","), WIDTH: "32", HEIGHT: "16", I: "21", J: String(16 - 1 - 9), INFO_FORMAT: "text/plain" }),
    );
    expect(response.status()).toBe(200);
    const value = Number(/value_0 = '([^']+)'/.exec(await response.text())?.[1]);
    expect(value).toBeCloseTo(values[9 * 32 + 21], 3);
  });

  test("an unknown layer is a WMS exception, not an image", async ({ request }) => {
    const response = await request.get(wms({ REQUEST: "GetMap", LAYERS: "no_such_layer", STYLES: "", CRS: "EPSG:4326", BBOX: "26,80,30,88", WIDTH: "64", HEIGHT: "64", FORMAT: "image/png" }));
    expect(await response.text()).toMatch(/ServiceException/);
  });
});

test.describe("gridded files over WMS, one service per file (--out-dir)", () => {
  test.skip(Boolean(skip), skip);
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let dir: string;
  let server: MapServerHarness;
  let layers: GridLayer[];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(path.join(tmpdir(), "sacap-grid-wms-split-"));
    const grids = path.join(dir, "grids");
    await writeFixtureGridFiles(grids);
    const maps = path.join(dir, "maps");
    const run = spawnSync(
      process.execPath,
      ["build/server/grids.js", "mapfile", "--dir", grids, "--out-dir", maps, "--url", "/wms/grids", "--layers", path.join(dir, "layers.json"), "--config", path.join(dir, "mapserver.conf")],
      { encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(path.join(dir, "mapserver.conf"), "utf8")).toContain("MS_MAP_PATTERN");
    layers = await gridLayers(listGridFiles(grids).files);
    server = await startMapServer({ dir: maps, path: "/wms/grids" });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("each file's service lists its own layers, draws them, and the layer list names it", async ({ request }) => {
    const caps = await (await request.get(`${server.url}/tas_ssp245_annual?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetCapabilities`)).text();
    const own = layers.filter((l) => l.file.endsWith("tas_ssp245_annual.nc"));
    expect(own).toHaveLength(48);
    for (const l of own) expect(caps).toContain(`<Name>${l.name}</Name>`);
    expect(caps).not.toContain("<Name>pr_ssp585_annual_change_2040-2059</Name>");
    expect(caps).toContain(`${server.url}/tas_ssp245_annual?`);

    const layer = own.find((l) => l.name === "tas_ssp245_annual_future_gwl2.0")!;
    const { values } = await readFieldWindow(layer.file, layer.variable, layer.band);
    const [west, south, east, north] = layer.extent;
    const png = decodePng(
      await (
        await request.get(
          `${server.url}/tas_ssp245_annual?${new URLSearchParams({ SERVICE: "WMS", VERSION: "1.3.0", REQUEST: "GetMap", LAYERS: layer.name, STYLES: "", CRS: "EPSG:4326", BBOX: [south, west, north, east].join(","), WIDTH: "64", HEIGHT: "32", FORMAT: "image/png", TRANSPARENT: "TRUE" })}`,
        )
      ).body(),
    );
    // 2 px per cell: row 8, column 10
    expect(hex(png.pixel(21, (16 - 1 - 8) * 2 + 1))).toBe(layerColor(layer, values[8 * 32 + 10]));

    const list = viewerLayerListSchema.parse(JSON.parse(readFileSync(path.join(dir, "layers.json"), "utf8")));
    expect(new Set(list.map((l) => l.tiles[0].url))).toEqual(new Set(["/wms/grids/tas_ssp245_annual", "/wms/grids/pr_ssp585_annual"]));
    // a name that is no generated mapfile is not served
    expect((await request.get(`${server.url}/etc_passwd_x?SERVICE=WMS&REQUEST=GetCapabilities`)).status()).toBe(404);
  });
});

/**
 * The colours a cell may have: its class's, and on a class boundary also the class below. MapServer sorts a
 * floating-point raster into its classes through a table of value buckets, so a value exactly on a boundary
 * (the fixture's round numbers often are) may land on either side.
 */
function colours(layer: GridLayer, value: number): string[] {
  const own = layerColor(layer, value);
  const edge = layer.classes.find((c) => !c.openBelow && Math.abs(value - c.from) <= 1e-6 * Math.max(1, Math.abs(value)));
  const below = edge ? layerColor(layer, value - 1e-3 * (edge.to - edge.from)) : undefined;
  return [own, below].filter((c): c is string => c !== undefined);
}
