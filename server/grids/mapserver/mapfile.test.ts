import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridBounds } from "../../../app/features/grids/grid";
import { viewerLayerListSchema } from "../../../app/features/viewer/schema";
import { FIXTURE_AXES, writeFixtureGridFiles } from "../../../tests/support/grid-files";
import { parseMapfileOptions } from "../../cli/grids";
import { UsageError } from "../../cli/options";
import { loadSeeds, SeedError, withViewerLayersFile } from "../../seeds.server";
import { parseCgiOutput } from "../../testing/mapserver";
import { writeTestGridFile } from "../testing/write-grid-file";
import {
  GridFileError,
  gridFileLayers,
  gridLayers,
  layersByService,
  listGridFiles,
  mapserverConfig,
  readFieldWindow,
  renderMapfile,
  viewerLayerList,
  type GridLayer,
} from "./mapfile";
import { classOf, fieldScale } from "./scale";
import { fieldRange, gridColorScale, scaleLevel, scalePalette } from "../../../app/features/grids/scale";
import { PAINT_LEVELS } from "../paint/paint";

let dir: string;
let layers: GridLayer[];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-mapfile-"));
  await writeFixtureGridFiles(dir);
  writeFileSync(path.join(dir, "su_ssp245_JJA.nc"), "");
  writeFileSync(path.join(dir, "notes.nc"), "");
  layers = await gridLayers(listGridFiles(dir).files);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const layer = (name: string) => layers.find((l) => l.name === name)!;

describe("the gridded files as WMS layers", () => {
  it("takes the files named as the layout says and lists the others", () => {
    const { files, skipped } = listGridFiles(dir);
    expect(files.map((f) => path.basename(f.file))).toEqual(["pr_ssp585_annual.nc", "tas_ssp245_annual.nc"]);
    // su has no seasons; notes.nc is no grid file
    expect(skipped).toEqual(["notes.nc", "su_ssp245_JJA.nc"]);
  });

  it("has a layer per file, statistic and window, the window as the band", () => {
    expect(layers).toHaveLength(2 * 6 * 8);
    const l = layer("tas_ssp245_annual_change_2040-2059");
    expect(l).toMatchObject({ variable: "change", window: "2040-2059", band: 2, units: "°C", sample: true, version: "test-1" });
    expect(layer("pr_ssp585_annual_agreement_gwl2.0")).toMatchObject({ window: "gwl:2.0", band: 6 });
    const b = gridBounds(FIXTURE_AXES);
    expect(l.extent).toEqual([b.west, b.south, b.east, b.north]);
    expect(l.title).toBe("Mean temperature, change from 1995-2014 (ensemble median), 2040-2059, SSP2-4.5, Annual (sample data)");
    expect(l.abstract).toMatch(/IPCC AR6/);
    expect(l.abstract).toMatch(/2nd-98th percentile/);
  });

  it("uses the portal's scale fitted to the field: the painter's levels and colours", async () => {
    for (const name of ["tas_ssp245_annual_change_2080-2099", "pr_ssp585_annual_p10_2020-2039", "pr_ssp585_annual_baseline_gwl3.0"]) {
      const l = layer(name);
      const { values } = await readFieldWindow(l.file, l.variable, l.band);
      expect(l.scale).toEqual(gridColorScale(l.indicator, l.variable, fieldRange(values)));
      // every cell's class is the painted image's level, in its colour
      const palette = scalePalette(l.scale);
      for (const v of Array.from(values).filter(Number.isFinite)) {
        const level = scaleLevel(l.scale, v);
        expect(classOf(l.classes, v)?.color).toBe(`#${palette[level].map((c) => c.toString(16).padStart(2, "0")).join("")}`);
      }
    }
    expect(layer("pr_ssp585_annual_change_2040-2059").scale.ramp).toBe("precipitationChange");
    expect(layer("tas_ssp245_annual_change_2040-2059").scale.ramp).toBe("temperatureChange");
    expect(layer("tas_ssp245_annual_agreement_2040-2059").scale).toMatchObject({ min: 0, max: 1 });
    expect(fieldScale("change", "tas", Float32Array.of(NaN, NaN))).toMatchObject({ min: -1, max: 1 });
  });

  it("tiles the line with its classes: below the scale the first, above it the last, zero in the middle of a change", () => {
    for (const l of [layer("tas_ssp245_annual_change_2040-2059"), layer("pr_ssp585_annual_future_2060-2079")]) {
      expect(l.classes).toHaveLength(PAINT_LEVELS);
      expect(classOf(l.classes, l.scale.min - 100)).toBe(l.classes[0]);
      expect(classOf(l.classes, l.scale.max + 100)).toBe(l.classes[PAINT_LEVELS - 1]);
      expect(classOf(l.classes, NaN)).toBeUndefined();
    }
    const change = layer("tas_ssp245_annual_change_2040-2059");
    expect(classOf(change.classes, 1e-9)).toBe(change.classes[PAINT_LEVELS / 2]);
    expect(classOf(change.classes, -1e-9)).toBe(change.classes[PAINT_LEVELS / 2 - 1]);
    // the agreement: the legend's five classes, robust from 0.8 in a colour of its own
    const agreement = layer("tas_ssp245_annual_agreement_2040-2059");
    expect(agreement.classes.map((c) => [c.from, c.to])).toEqual([[0, 0.2], [0.2, 0.4], [0.4, 0.6], [0.6, 0.8], [0.8, 1]]);
    expect(classOf(agreement.classes, 0.8)).toBe(agreement.classes[4]);
    expect(classOf(agreement.classes, 0.79)?.color).not.toBe(classOf(agreement.classes, 0.8)?.color);
  });

  it("writes the mapfile MapServer reads: NETCDF data, the band, both projections, the classes", () => {
    const text = renderMapfile(layers, { url: "https://maps.example.org/wms/grids" });
    const l = layer("tas_ssp245_annual_change_2040-2059");
    const block = text.slice(text.indexOf(`NAME "${l.name}"`), text.indexOf("  END\n  LAYER", text.indexOf(`NAME "${l.name}"`)));
    expect(block).toContain(`DATA 'NETCDF:"${l.file}":change'`);
    expect(block).toContain('PROCESSING "BANDS=2"');
    expect(block).toContain('"wms_srs" "EPSG:4326 EPSG:3857"');
    expect(block.match(/CLASS\n/g)).toHaveLength(PAINT_LEVELS);
    expect(block).toContain(`EXPRESSION ([pixel] >= ${l.classes[5].from} AND [pixel] < ${l.classes[5].to})`);
    expect(text).toContain('"wms_onlineresource" "https://maps.example.org/wms/grids?"');
    expect(text).toContain('"wms_enable_request" "GetCapabilities GetMap GetLegendGraphic GetFeatureInfo"');
    expect(renderMapfile(layers)).not.toContain("wms_onlineresource");
  });

  it("lists the layers for the viewer in the seed's format, which the portal takes with its rules", () => {
    const list = viewerLayerList(layers, { url: "/wms/grids", statistics: ["change"], seasons: ["annual"] });
    expect(list).toHaveLength(2 * 8);
    expect(viewerLayerListSchema.safeParse(list).success).toBe(true);
    const gwl = list.find((l) => l.tiles[0].layers === "pr_ssp585_annual_change_gwl2.0")!;
    expect(gwl.id).toBe("sacap-pr-ssp585-annual-change-gwl2-0");
    expect(gwl.filter).toMatchObject({ source: "sacap", type: "projection", variable: "pr", model: "ensemble", scenario: "ssp585", period: "gwl:2.0", category: "precipitation" });
    expect(gwl.tiles[0]).toMatchObject({ url: "/wms/grids", styles: "", format: "image/png", tms: false });
    const file = path.join(dir, "layers.json");
    writeFileSync(file, JSON.stringify(list));
    const seeds = loadSeeds();
    const merged = withViewerLayersFile(seeds, file);
    expect(merged.viewerLayers).toHaveLength(seeds.viewerLayers.length + list.length);
    expect(merged.viewerLayers.slice(-list.length)).toEqual(list);
    expect(withViewerLayersFile(seeds, undefined)).toBe(seeds);
    // one service per file: the tile names the file's own service
    const perFile = viewerLayerList(layers, { url: "/wms/grids/", perFile: true, statistics: ["change"], seasons: ["annual"] });
    expect(perFile.find((l) => l.tiles[0].layers === "tas_ssp245_annual_change_2040-2059")!.tiles[0].url).toBe("/wms/grids/tas_ssp245_annual");
  });

  it("configures MapServer to serve the generated mapfiles only", () => {
    expect(mapserverConfig({ mapfile: "/srv/grids.map" })).toBe('CONFIG\n  ENV\n    MS_MAP_NO_PATH "1"\n    MS_MAPFILE "/srv/grids.map"\n  END\nEND\n');
    const config = mapserverConfig({ dir: "/srv/sacap.maps" });
    expect(config).toContain('MS_MAP_PATTERN "^/srv/sacap[.]maps/[a-z0-9]+_[a-z0-9]+_[A-Za-z]+[.]map$"');
    const pattern = new RegExp(/MS_MAP_PATTERN "(.*)"/.exec(config)![1]);
    expect(pattern.test("/srv/sacap.maps/tas_ssp245_annual.map")).toBe(true);
    expect(pattern.test("/srv/sacap.maps/../etc/x.map")).toBe(false);
    expect(pattern.test("/srv/sacapxmaps/tas_ssp245_annual.map")).toBe(false);
    expect([...layersByService(layers).keys()]).toEqual(["pr_ssp585_annual", "tas_ssp245_annual"]);
  });

  it("refuses a layer file that breaks the seed's rules, naming the file and the place", () => {
    const list = viewerLayerList(layers, { url: "/wms/grids", statistics: ["change"] });
    const file = path.join(dir, "bad-layers.json");
    writeFileSync(file, JSON.stringify([list[0], { ...list[1], filter: { ...list[1].filter, model: "NoSuchModel" } }]));
    expect(() => withViewerLayersFile(loadSeeds(), file)).toThrowError(SeedError);
    try {
      withViewerLayersFile(loadSeeds(), file);
    } catch (error) {
      expect((error as SeedError).path).toBe("$[1].filter.model");
      expect((error as SeedError).file).toContain("bad-layers.json");
    }
    writeFileSync(file, JSON.stringify([{ ...list[0], tiles: [{ ...list[0].tiles[0], url: "http://maps.example.org/wms" }] }]));
    expect(() => withViewerLayersFile(loadSeeds(), file)).toThrowError(/\$\[0\]\.tiles\[0\]\.url/);
    expect(() => withViewerLayersFile(loadSeeds(), path.join(dir, "absent.json"))).toThrowError(/cannot read the file \(ENOENT\)/);
  });

  it("refuses a file whose windows are not its scenario's", async () => {
    const file = path.join(dir, "odd", "tas_ssp245_annual.nc");
    await writeFixtureGridFiles(path.dirname(file));
    await writeTestGridFile({
      path: file,
      indicator: "tas",
      scenario: "ssp245",
      season: "annual",
      axes: FIXTURE_AXES,
      units: "°C",
      longName: "Mean temperature",
      models: ["A"],
      baseline: () => 1,
      future: () => 2,
      windowCodes: "2020-2039 2040-2059",
    });
    await expect(gridFileLayers({ file, indicator: "tas", scenario: "ssp245", season: "annual" }, ["change"])).rejects.toThrowError(GridFileError);
    await expect(gridFileLayers({ file, indicator: "tas", scenario: "ssp245", season: "annual" }, ["change"])).rejects.toThrowError(/window:codes is "2020-2039 2040-2059"/);
  });
});

describe("npm run grids -- mapfile options", () => {
  it("has defaults and checks the lists and the address", () => {
    expect(parseMapfileOptions([], {})).toMatchObject({ dir: "data/grids", url: "/wms/grids", listStatistics: ["change"], listSeasons: ["annual"] });
    expect(parseMapfileOptions([], { GRID_DIR: "/srv/grids" })).toMatchObject({ dir: "/srv/grids" });
    expect(parseMapfileOptions(["--list-seasons", "all", "--statistics", "change,agreement"], {})).toMatchObject({
      listSeasons: ["annual", "DJF", "MAM", "JJA", "SON"],
      statistics: ["change", "agreement"],
    });
    expect(() => parseMapfileOptions(["--statistics", "mean"], {})).toThrowError(UsageError);
    expect(() => parseMapfileOptions(["--url", "maps.example.org"], {})).toThrowError(/--url/);
    expect(() => parseMapfileOptions(["--url", "http://maps.example.org/wms", "--layers", "x.json"], {})).toThrowError(/https/);
    expect(() => parseMapfileOptions(["--config", "ms.conf"], {})).toThrowError(/--out/);
    expect(() => parseMapfileOptions(["--out", "a.map", "--out-dir", "maps"], {})).toThrowError(/one of them/);
    expect(parseMapfileOptions(["--out-dir", "maps", "--config", "ms.conf"], {})).toMatchObject({ outDir: "maps", config: "ms.conf" });
  });
});

describe("the test map server's CGI answers", () => {
  it("become the status, headers and body", () => {
    const answer = parseCgiOutput(Buffer.from("Status: 404 Not Found\r\nContent-Type: text/plain\r\n\r\nnone"));
    expect(answer).toMatchObject({ status: 404, headers: [["Content-Type", "text/plain"]] });
    expect(answer.body.toString()).toBe("none");
    expect(parseCgiOutput(Buffer.from("Content-Type: image/png\n\n\x89PNG")).status).toBe(200);
    expect(() => parseCgiOutput(Buffer.from("no headers"))).toThrowError(/without CGI headers/);
  });
});
