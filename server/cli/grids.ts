import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { GRID_SEASONS, GRID_STATISTICS, type GridSeason, type GridStatistic } from "../../app/features/grids/grid";
import { viewerLayerListSchema } from "../../app/features/viewer/schema";
import { GridFileError, gridLayers, layersByService, listGridFiles, mapserverConfig, renderMapfile, viewerLayerList } from "../grids/mapserver/mapfile";
import { UsageError } from "./options";
import { writeText } from "./terminal";

const USAGE = `Tools for the gridded change maps (CF-1.8 NetCDF files, one per indicator, scenario and season).

Usage: npm run grids -- mapfile [--dir DIR] [--out FILE.map | --out-dir DIR] [--url URL] [--layers FILE.json] [--config FILE]
                                [--statistics change,p10,...] [--list-statistics change] [--list-seasons annual]

mapfile   writes a MapServer 8 mapfile serving the files of DIR as OGC WMS layers, one per file, statistic
          and window, named {indicator}_{scenario}_{season}_{statistic}_{window} (tas_ssp245_annual_change_2040-2059,
          a warming level tas_ssp245_annual_change_gwl2.0), read with GDAL from NETCDF:"file":statistic with
          the window as band; data in EPSG:4326, served in EPSG:4326 and EPSG:3857; colour classes as the
          portal paints the field (a change diverging about zero and a value sequential, fitted to the
          field's 2nd-98th percentile; the agreement share 0-1); GetLegendGraphic on. See docs/grids.md.

  --dir DIR              the gridded files (default: GRID_DIR, else data/grids)
  --out FILE             one mapfile for every file (default: standard output); fine for a few files,
                         but MapServer reads the whole mapfile on each request: 4,608 layers (the full
                         set) take seconds per tile
  --out-dir DIR          one mapfile per file, DIR/{indicator}_{scenario}_{season}.map (48 layers each),
                         served at URL/{indicator}_{scenario}_{season}: the way to serve the full set
  --url URL              the service's public WMS address (https://maps.example.org/wms/grids), written
                         as wms_onlineresource; or the path of the service on WMS_BASE_URL's server
                         (/wms/grids, the default), which MapServer completes from each request
  --config FILE          also write MapServer 8's configuration file (MAPSERVER_CONFIG_FILE) serving
                         the mapfile of --out, or the mapfiles of --out-dir, and nothing else
  --layers FILE          also write the viewer's layer list for these layers (seeds/viewer-layers.json
                         format) for the portal's WMS_LAYERS_FILE setting; its tiles name --url
  --statistics LIST      statistics served (default: all of ${GRID_STATISTICS.join(", ")})
  --list-statistics LIST statistics in the layer list (default: change)
  --list-seasons LIST    seasons in the layer list (default: annual; "all" for every one)
`;

function list<T extends string>(value: string | undefined, allowed: readonly T[], option: string, fallback: readonly T[]): T[] {
  if (value === undefined) return [...fallback];
  const items = value.split(",").map((s) => s.trim()).filter(Boolean);
  if (items.length === 1 && items[0] === "all") return [...allowed];
  for (const item of items) if (!(allowed as readonly string[]).includes(item)) throw new UsageError(`--${option} takes ${allowed.join(", ")} or all, not "${item}"`);
  if (items.length === 0) throw new UsageError(`--${option} needs at least one of ${allowed.join(", ")}`);
  return items as T[];
}

export interface MapfileCommand {
  dir: string;
  out?: string;
  outDir?: string;
  url: string;
  layers?: string;
  config?: string;
  statistics: GridStatistic[];
  listStatistics: GridStatistic[];
  listSeasons: GridSeason[];
}

export function parseMapfileOptions(argv: string[], env: Record<string, string | undefined> = process.env): MapfileCommand | "help" {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      dir: { type: "string" },
      out: { type: "string" },
      "out-dir": { type: "string" },
      url: { type: "string" },
      layers: { type: "string" },
      config: { type: "string" },
      statistics: { type: "string" },
      "list-statistics": { type: "string" },
      "list-seasons": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const url = values.url ?? "/wms/grids";
  if (!/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(url)) throw new UsageError(`--url must be an http(s) URL or a path such as /wms/grids, not "${url}"`);
  if (values.out && values["out-dir"]) throw new UsageError("--out and --out-dir: give one of them");
  if (values.config && !values.out && !values["out-dir"]) throw new UsageError("--config needs --out or --out-dir: the configuration names the mapfiles");
  if (values.layers && url.startsWith("http://")) {
    throw new UsageError("--layers: the viewer takes an https URL or a path on WMS_BASE_URL's server; give --url as https://... or as a path");
  }
  return {
    dir: values.dir ?? env.GRID_DIR ?? "data/grids",
    out: values.out,
    outDir: values["out-dir"],
    url,
    layers: values.layers,
    config: values.config,
    statistics: list(values.statistics, GRID_STATISTICS, "statistics", GRID_STATISTICS),
    listStatistics: list(values["list-statistics"], GRID_STATISTICS, "list-statistics", ["change"]),
    listSeasons: list(values["list-seasons"], GRID_SEASONS, "list-seasons", ["annual"]),
  };
}

/** Writes the mapfile (and the layer list); the lines to report. */
export async function mapfileCommand(command: MapfileCommand): Promise<string[]> {
  const { files, skipped } = listGridFiles(command.dir);
  if (files.length === 0) throw new UsageError(`--dir ${command.dir}: no gridded files ({indicator}_{scenario}_{season}.nc)`);
  const listStatistics = command.listStatistics.filter((s) => command.statistics.includes(s));
  const layers = await gridLayers(files, command.statistics);
  const onlineResource = (service?: string) => (/^https?:/.test(command.url) ? `${command.url.replace(/\/$/, "")}${service ? `/${service}` : ""}` : undefined);
  const report = [`${files.length} file(s), ${layers.length} layer(s)${command.out ? ` in ${command.out}` : command.outDir ? ` in ${command.outDir}` : ""}`];
  for (const name of skipped) report.push(`  skipped ${name}: not {indicator}_{scenario}_{season}.nc of the portal's indicators, scenarios and seasons`);
  if (command.outDir) {
    mkdirSync(command.outDir, { recursive: true });
    for (const [service, own] of layersByService(layers)) writeFileSync(path.join(command.outDir, `${service}.map`), renderMapfile(own, { url: onlineResource(service), title: `SACAP gridded climate change maps: ${service}` }));
  } else {
    const mapfile = renderMapfile(layers, { url: onlineResource() });
    if (command.out) {
      mkdirSync(path.dirname(path.resolve(command.out)), { recursive: true });
      writeFileSync(command.out, mapfile);
    } else {
      process.stdout.write(mapfile);
    }
  }
  if (command.config && (command.out || command.outDir)) {
    mkdirSync(path.dirname(path.resolve(command.config)), { recursive: true });
    writeFileSync(command.config, mapserverConfig(command.outDir ? { dir: path.resolve(command.outDir) } : { mapfile: path.resolve(command.out!) }));
    report.push(`MapServer configuration in ${command.config} (MAPSERVER_CONFIG_FILE)`);
  }
  if (command.layers) {
    const entries = viewerLayerListSchema.parse(viewerLayerList(layers, { url: command.url, perFile: Boolean(command.outDir), statistics: listStatistics, seasons: command.listSeasons }));
    mkdirSync(path.dirname(path.resolve(command.layers)), { recursive: true });
    writeFileSync(command.layers, `${JSON.stringify(entries, null, 2)}\n`);
    report.push(`${entries.length} viewer layer(s) in ${command.layers} (set WMS_LAYERS_FILE=${path.resolve(command.layers)} and WMS_BASE_URL to the map server)`);
  }
  return report;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    writeText(process.stdout, USAGE);
    return;
  }
  if (command !== "mapfile") {
    writeText(process.stderr, `unknown command "${command}"\n\n${USAGE}`);
    process.exit(2);
  }
  let options: ReturnType<typeof parseMapfileOptions>;
  try {
    options = parseMapfileOptions(rest);
  } catch (error) {
    writeText(process.stderr, `${error instanceof Error ? error.message : error}\n`);
    process.exit(2);
  }
  if (options === "help") {
    writeText(process.stdout, USAGE);
    return;
  }
  try {
    for (const line of await mapfileCommand(options)) writeText(process.stderr, `${line}\n`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof GridFileError) {
      writeText(process.stderr, `${error.message}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    throw error;
  }
}

if (process.argv[1] && /grids\.[jt]s$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    writeText(process.stderr, `\n${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exit(1);
  });
}
