import { readdirSync } from "node:fs";
import path from "node:path";
import {
  GRID_INDICATORS,
  GRID_SCENARIOS,
  GRID_STATISTICS,
  gridWindowsOf,
  seasonLabel,
  seasonsOf,
  STATISTIC_LABELS,
  type GridIndicator,
  type GridScenario,
  type GridSeason,
  type GridStatistic,
} from "../../../app/features/grids/grid";
import type { ViewerLayer } from "../../../app/features/viewer/schema";
import { loadH5 } from "../../series/ingest/netcdf";
import { classOf, fieldScale, scaleClasses, type FieldScale, type ScaleClass } from "./scale";

/**
 * The gridded files (`${GRID_DIR}/${indicator}_${scenario}_${season}.nc`, layout in docs/grids.md) as OGC
 * WMS layers of MapServer: one layer per file, statistic and window, named
 * `tas_ssp245_annual_change_2040-2059` (a warming level `..._gwl2.0`), with the file's window as the
 * GDAL band. One layer per window rather than one per statistic with a WMS dimension, because the viewers
 * ask for a layer by name alone (their seed tiles have no dimension parameter) and filter layers by period.
 */

export class GridFileError extends Error {}

/** A file of the grid directory, recognised from its name. */
export interface GridFileName {
  file: string;
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
}

/** The gridded files of a directory (sorted), and the `.nc` files whose names are not of the layout. */
export function listGridFiles(dir: string): { files: GridFileName[]; skipped: string[] } {
  // the mapfile quotes the path inside DATA '...:"path":variable'
  if (/["'\n]/.test(path.resolve(dir))) throw new GridFileError(`${dir}: a folder whose path has quotes cannot be named in a mapfile`);
  const files: GridFileName[] = [];
  const skipped: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".nc")) continue;
    const [, indicator = "", scenario = "", season = ""] = /^([a-z0-9]+)_([a-z0-9]+)_([A-Za-z]+)\.nc$/.exec(name) ?? [];
    if (
      !(GRID_INDICATORS as readonly string[]).includes(indicator) ||
      !(GRID_SCENARIOS as readonly string[]).includes(scenario) ||
      !(seasonsOf(indicator as GridIndicator) as readonly string[]).includes(season)
    ) {
      skipped.push(name);
      continue;
    }
    files.push({ file: path.resolve(dir, name), indicator: indicator as GridIndicator, scenario: scenario as GridScenario, season: season as GridSeason });
  }
  return { files, skipped };
}

/** One served layer: where its values are and how they are drawn. */
export interface GridLayer {
  name: string;
  title: string;
  abstract: string;
  file: string;
  variable: GridStatistic;
  indicator: GridIndicator;
  scenario: GridScenario;
  season: GridSeason;
  /** Window code (`2040-2059`, `gwl:2.0`) and its GDAL band (index + 1). */
  window: string;
  band: number;
  units: string;
  /** Extent in degrees: west, south, east, north. */
  extent: [number, number, number, number];
  scale: FieldScale;
  classes: ScaleClass[];
  /** From the file's global attributes. */
  source: string;
  sample: boolean;
  version: string;
}

const SCENARIO_NAMES: Record<GridScenario, string> = { ssp245: "SSP2-4.5", ssp585: "SSP5-8.5" };

/** `2040-2059` as is, `gwl:2.0` as `gwl2.0`: a layer name without a colon. */
export const windowSlug = (code: string) => code.replace(":", "");

export const layerName = (f: Pick<GridLayer, "indicator" | "scenario" | "season" | "variable">, window: string) =>
  `${f.indicator}_${f.scenario}_${f.season}_${f.variable}_${windowSlug(window)}`;

type Attrs = Record<string, { value: unknown }>;
const text = (attrs: Attrs, name: string): string | undefined => {
  const v = attrs[name]?.value;
  if (v === undefined || v === null) return undefined;
  return Array.isArray(v) ? String(v[0]) : String(v);
};

/**
 * The layers of one file for the given statistics: metadata from its attributes, each window's scale fitted
 * to its values. A file that breaks the layout (a missing variable, windows that are not its scenario's) is
 * a GridFileError naming the file and what is wrong.
 */
export async function gridFileLayers(f: GridFileName, statistics: readonly GridStatistic[]): Promise<GridLayer[]> {
  const h5 = await loadH5();
  const where = path.basename(f.file);
  let file: InstanceType<typeof h5.File>;
  try {
    file = new h5.File(f.file, "r");
  } catch (error) {
    throw new GridFileError(`${where}: cannot open as NetCDF-4/HDF5 (${error instanceof Error ? error.message : error})`);
  }
  try {
    const attrs = file.attrs as Attrs;
    const dataset = (name: string) => {
      const d = file.get(name);
      if (!d || !(d instanceof h5.Dataset)) throw new GridFileError(`${where}: no variable ${name}`);
      return d;
    };
    // the bands' windows: the window coordinate's codes, in the scenario's order
    const windows = gridWindowsOf(f.scenario).map((w) => w.code);
    const codes = text(dataset("window").attrs as Attrs, "codes");
    if (codes?.split(/\s+/).filter(Boolean).join(" ") !== windows.join(" ")) {
      throw new GridFileError(`${where}: window:codes is "${codes ?? ""}", expected "${windows.join(" ")}"`);
    }
    const lat = Float64Array.from(dataset("lat").value as ArrayLike<number>);
    const lon = Float64Array.from(dataset("lon").value as ArrayLike<number>);
    if (lat.length < 2 || lon.length < 2) throw new GridFileError(`${where}: lat and lon need two values or more`);
    const [dlat, dlon] = [lat[1] - lat[0], lon[1] - lon[0]];
    if (!(dlat > 0) || !(dlon > 0)) throw new GridFileError(`${where}: lat must run south to north and lon west to east`);
    const extent: GridLayer["extent"] = [lon[0] - dlon / 2, lat[0] - dlat / 2, lon[lon.length - 1] + dlon / 2, lat[lat.length - 1] + dlat / 2];
    const cells = lat.length * lon.length;
    const title = text(attrs, "title") ?? `${f.indicator} ${f.scenario} ${f.season}`;
    const method = text(attrs, "method") ?? "";
    const rule = text(attrs, "agreement_rule") ?? "";
    const references = text(attrs, "references") ?? "IPCC AR6 WGI Atlas; CF Conventions 1.8";
    const source = [text(attrs, "institution"), text(attrs, "source")].filter(Boolean).join(": ") || "SACAP";
    const sample = text(attrs, "sample") === "true";
    const version = text(attrs, "sacap_version") ?? "";
    const layers: GridLayer[] = [];
    for (const variable of statistics) {
      const ds = dataset(variable);
      const shape = ds.shape ?? [];
      if (shape.join("x") !== [windows.length, lat.length, lon.length].join("x")) {
        throw new GridFileError(`${where}: ${variable} has shape ${shape.join("x")}, expected ${windows.length}x${lat.length}x${lon.length} (window, lat, lon)`);
      }
      const vattrs = ds.attrs as Attrs;
      const units = text(vattrs, "units") ?? "";
      // the title names the indicator, also for a statistic whose long_name does not (the agreement)
      const indicatorName = text(attrs, "indicator_name") ?? f.indicator;
      const ownName = text(vattrs, "long_name") ?? STATISTIC_LABELS[variable];
      const longName = ownName.toLowerCase().startsWith(indicatorName.toLowerCase()) ? ownName : `${indicatorName}: ${ownName}`;
      windows.forEach((window, w) => {
        const values = ds.slice([[w, w + 1], [], []]) as ArrayLike<number>;
        if (values.length !== cells) throw new GridFileError(`${where}: ${variable} window ${window} has ${values.length} values, expected ${cells}`);
        const scale = fieldScale(variable, f.indicator, values);
        const choice = gridWindowsOf(f.scenario)[w];
        const when = choice.kind === "gwl" ? `global warming ${choice.label} (each model's 20 years)` : choice.label;
        layers.push({
          name: layerName({ ...f, variable }, window),
          title: `${longName}, ${when}, ${SCENARIO_NAMES[f.scenario]}, ${seasonLabel(f.season)}${sample ? " (sample data)" : ""}`,
          abstract: [
            `${STATISTIC_LABELS[variable]} of ${title}.`,
            `Baseline ${text(attrs, "baseline_period") ?? "1995-2014"}; window ${choice.label}; models: ${text(attrs, "models") ?? ""}.`,
            method && `Method: ${method}.`,
            rule && `Agreement: ${rule}.`,
            `Colour scale: ${scale.min} to ${scale.max} ${units}${variable === "agreement" ? "" : ", fitted to the field's 2nd-98th percentile"}.`,
            `References: ${references}.`,
            sample ? "Sample data, not for analysis." : "",
          ]
            .filter(Boolean)
            .join(" "),
          file: f.file,
          variable,
          indicator: f.indicator,
          scenario: f.scenario,
          season: f.season,
          window,
          band: w + 1,
          units,
          extent,
          scale,
          classes: scaleClasses(scale),
          source,
          sample,
          version,
        });
      });
    }
    return layers;
  } finally {
    file.close();
  }
}

/** The values of one statistic and window of a file (row-major from the south-west), and its axes. */
export async function readFieldWindow(file: string, variable: GridStatistic, band: number): Promise<{ values: Float32Array; lat: Float64Array; lon: Float64Array }> {
  const h5 = await loadH5();
  const f = new h5.File(file, "r");
  try {
    const get = (name: string) => f.get(name) as InstanceType<typeof h5.Dataset>;
    return {
      values: Float32Array.from(get(variable).slice([[band - 1, band], [], []]) as ArrayLike<number>),
      lat: Float64Array.from(get("lat").value as ArrayLike<number>),
      lon: Float64Array.from(get("lon").value as ArrayLike<number>),
    };
  } finally {
    f.close();
  }
}

/** The layers of every file, in file, statistic and window order. */
export async function gridLayers(files: readonly GridFileName[], statistics: readonly GridStatistic[] = GRID_STATISTICS): Promise<GridLayer[]> {
  const out: GridLayer[] = [];
  for (const f of files) out.push(...(await gridFileLayers(f, statistics)));
  return out;
}

/** A mapfile string: double quotes inside are escaped. */
const q = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(" ");
const fmt = (v: number) => String(Number(v.toPrecision(6)));
/** A class bound in the legend: two decimals at most. */
const shown = (v: number) => String(Math.round(v * 100) / 100 || 0);

export interface MapfileOptions {
  /** The public address of the service (wms_onlineresource); absent: MapServer takes it from the request. */
  url?: string;
  /** Text of the service's title. */
  title?: string;
}

/** Where the mapfile's projections come from: PROJ's EPSG database. */
const EPSG_4326 = '"init=epsg:4326"';

/** The mapfile of the layers: EPSG:4326 data served in EPSG:4326 and EPSG:3857, GetLegendGraphic on. */
export function renderMapfile(layers: readonly GridLayer[], options: MapfileOptions = {}): string {
  const extent = layers.reduce<[number, number, number, number]>(
    (e, l) => [Math.min(e[0], l.extent[0]), Math.min(e[1], l.extent[1]), Math.max(e[2], l.extent[2]), Math.max(e[3], l.extent[3])],
    layers.length ? [...layers[0].extent] : [60, 5, 100, 40],
  );
  const lines: string[] = [
    "# Generated by `npm run grids -- mapfile`; do not edit (run it again when the files change).",
    `# ${layers.length} layers; data versions: ${[...new Set(layers.map((l) => l.version))].join(" ") || "none"}`,
    "MAP",
    '  NAME "sacap_grids"',
    `  EXTENT ${extent.map(fmt).join(" ")}`,
    "  SIZE 256 256",
    "  MAXSIZE 4096",
    "  UNITS DD",
    '  IMAGETYPE "png"',
    `  PROJECTION ${EPSG_4326} END`,
    '  CONFIG "MS_ERRORFILE" "stderr"',
    "  OUTPUTFORMAT",
    '    NAME "png"',
    '    DRIVER "AGG/PNG"',
    '    MIMETYPE "image/png"',
    '    IMAGEMODE RGBA',
    '    EXTENSION "png"',
    '    TRANSPARENT ON',
    "  END",
    "  WEB",
    "    METADATA",
    `      "wms_title" ${q(options.title ?? "SACAP gridded climate change maps")}`,
    `      "wms_abstract" ${q("Per grid cell, the CMIP6 ensemble's change from 1995-2014 (median, 10th and 90th percentiles), the baseline and period means and the share of models agreeing on the sign of the change, for 20-year windows and global warming levels, as in the IPCC AR6 WGI Interactive Atlas. CF-1.8 NetCDF files of the South Asia Climate and Agriculture Portal.")}`,
    ...(options.url ? [`      "wms_onlineresource" ${q(options.url.endsWith("?") ? options.url : `${options.url}?`)}`] : []),
    '      "wms_srs" "EPSG:4326 EPSG:3857"',
    '      "wms_enable_request" "GetCapabilities GetMap GetLegendGraphic GetFeatureInfo"',
    '      "wms_feature_info_mime_type" "text/plain"',
    '      "wms_encoding" "UTF-8"',
    '      "wms_keywordlist" "climate,CMIP6,change,IPCC AR6,South Asia"',
    "    END",
    "  END",
    "  LEGEND",
    "    KEYSIZE 24 14",
    "    LABEL",
    "      TYPE BITMAP",
    "      SIZE MEDIUM",
    "      COLOR 30 30 30",
    "    END",
    "  END",
  ];
  for (const layer of layers) {
    lines.push(
      "  LAYER",
      `    NAME ${q(layer.name)}`,
      `    GROUP ${q(`${layer.indicator}_${layer.scenario}_${layer.season}_${layer.variable}`)}`,
      "    TYPE RASTER",
      "    STATUS ON",
      `    DATA ${"'"}NETCDF:${q(layer.file)}:${layer.variable}${"'"}`,
      `    PROCESSING "BANDS=${layer.band}"`,
      '    PROCESSING "NODATA=nan"',
      '    PROCESSING "RESAMPLE=NEAREST"',
      `    EXTENT ${layer.extent.map(fmt).join(" ")}`,
      `    PROJECTION ${EPSG_4326} END`,
      "    TEMPLATE \"getfeatureinfo\"",
      "    METADATA",
      `      "wms_title" ${q(layer.title)}`,
      `      "wms_abstract" ${q(layer.abstract)}`,
      '      "wms_srs" "EPSG:4326 EPSG:3857"',
      `      "wms_extent" "${layer.extent.map(fmt).join(" ")}"`,
      '      "wms_include_items" "all"',
      `      "sacap_units" ${q(layer.units)}`,
      `      "sacap_window" ${q(layer.window)}`,
      `      "sacap_scale" "${fmt(layer.scale.min)},${fmt(layer.scale.max)}"`,
      `      "wms_attribution_title" ${q(layer.source)}`,
      "    END",
    );
    for (const c of layer.classes) {
      const lower = c.openBelow ? "" : `[pixel] >= ${fmt(c.from)}`;
      const upper = c.openAbove ? "" : `[pixel] < ${fmt(c.to)}`;
      const expression = [lower, upper].filter(Boolean).join(" AND ") || "[pixel] = [pixel]";
      const unit = layer.units && layer.units !== "1" ? ` ${layer.units}` : "";
      const label = c.openBelow ? `below ${shown(c.to)}${unit}` : c.openAbove ? `${shown(c.from)}${unit} and above` : `${shown(c.from)} to ${shown(c.to)}${unit}`;
      lines.push("    CLASS", `      NAME ${q(label)}`, `      EXPRESSION (${expression})`, `      STYLE COLOR ${rgb(c.color)} END`, "    END");
    }
    lines.push("  END");
  }
  lines.push("END", "");
  return lines.join("\n");
}

/**
 * MapServer 8's configuration file (MAPSERVER_CONFIG_FILE) for the mapfile: it serves that mapfile only
 * (MS_MAPFILE; `map=` parameters are refused).
 */
export function mapserverConfig(target: { mapfile: string } | { dir: string }): string {
  const env =
    "mapfile" in target
      ? [`    MS_MAPFILE ${q(target.mapfile)}`]
      : // the web server names each request's mapfile (MS_MAPFILE); only the generated ones are accepted
        [`    MS_MAP_PATTERN ${q(`^${target.dir.replace(/\./g, "[.]")}/[a-z0-9]+_[a-z0-9]+_[A-Za-z]+[.]map$`)}`];
  return ["CONFIG", "  ENV", '    MS_MAP_NO_PATH "1"', ...env, "  END", "END", ""].join("\n");
}

/** The service of a file when each file has its own mapfile (`--out-dir`): `tas_ssp245_annual`. */
export const serviceName = (l: Pick<GridLayer, "indicator" | "scenario" | "season">) => `${l.indicator}_${l.scenario}_${l.season}`;

/** The layers by service (file), in order: one mapfile each. */
export function layersByService(layers: readonly GridLayer[]): Map<string, GridLayer[]> {
  const out = new Map<string, GridLayer[]>();
  for (const l of layers) out.set(serviceName(l), [...(out.get(serviceName(l)) ?? []), l]);
  return out;
}

/** The colour MapServer gives a value of a layer (undefined: transparent). */
export const layerColor = (layer: GridLayer, value: number) => classOf(layer.classes, value)?.color;

export interface LayerListOptions {
  /** The WMS endpoint as the viewer's seed tiles name it: an https URL, or a path on WMS_BASE_URL's server. */
  url: string;
  /** Each file is its own service at `${url}/${indicator}_${scenario}_${season}` (`--out-dir`). */
  perFile?: boolean;
  /** Only these statistics and seasons (default: every one the layers have). */
  statistics?: readonly GridStatistic[];
  seasons?: readonly GridSeason[];
}

const CATEGORY: Partial<Record<GridIndicator, string>> = { pr: "precipitation", rx1day: "precipitation", rx5day: "precipitation", cdd: "precipitation", cwd: "precipitation", r20mm: "precipitation", prcptot: "precipitation", r95ptot: "precipitation" };

/** The seed layers (`seeds/viewer-layers.json` format) of the served layers, for WMS_LAYERS_FILE. */
export function viewerLayerList(layers: readonly GridLayer[], options: LayerListOptions): ViewerLayer[] {
  return layers
    .filter((l) => (!options.statistics || options.statistics.includes(l.variable)) && (!options.seasons || options.seasons.includes(l.season)))
    .map((l) => ({
      id: `sacap-${l.name.replace(/[^a-z0-9]+/gi, "-")}`.toLowerCase().replace(/-+$/, ""),
      tiles: [
        {
          url: options.perFile ? `${options.url.replace(/\/$/, "")}/${serviceName(l)}` : options.url,
          visible: false,
          format: "image/png",
          layers: l.name,
          styles: "",
          transparent: true,
          colorscalerange: `${fmt(l.scale.min)},${fmt(l.scale.max)}`,
          attribution: `${l.source}${l.sample ? " (sample data)" : ""}; method after the IPCC AR6 WGI Atlas`,
          name: l.title,
          tms: false,
        },
      ],
      filter: {
        source: "sacap",
        category: CATEGORY[l.indicator] ?? "temperature",
        collection: "sacap-grids",
        type: "projection",
        variable: l.indicator,
        model: "ensemble",
        scenario: l.scenario,
        sector: "climate",
        period: l.window,
        aggregation: l.season === "annual" ? "annual" : "seasonal",
      },
    }));
}
