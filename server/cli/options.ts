import { parseArgs } from "node:util";
import { FORM_KINDS, type FormKind } from "../../app/features/forms/forms";
import { readElevationGrid, type ElevationGrid } from "../series/ingest/elevation";
import { observationDataset, OBSERVED_FLAGS, type ObservationDataset } from "../../app/features/observations/datasets";

/** A database URL without its password, for messages. */
export const redactUrl = (url: string) => url.replace(/^(\w+:\/\/[^:/@]+):[^@]*@/, "$1:***@");

/** A wrong option: the message names it. */
export class UsageError extends Error {}

export function parseDate(text: string, name: string): number {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(time)) throw new UsageError(`--${name} must be a date such as 2026-01-01, not "${text}"`);
  return time;
}

export interface ExportOptions {
  help: boolean;
  since?: number;
  until?: number;
  kind?: FormKind;
  format: "csv" | "json";
}

export function parseOptions(argv: string[]): ExportOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      since: { type: "string" },
      until: { type: "string" },
      kind: { type: "string" },
      format: { type: "string", default: "csv" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.kind !== undefined && !FORM_KINDS.includes(values.kind as FormKind)) {
    throw new UsageError(`--kind must be contact or data-share, not "${values.kind}"`);
  }
  if (values.format !== "csv" && values.format !== "json") throw new UsageError(`--format must be csv or json, not "${values.format}"`);
  return {
    help: values.help ?? false,
    since: values.since === undefined ? undefined : parseDate(values.since, "since"),
    until: values.until === undefined ? undefined : parseDate(values.until, "until"),
    kind: values.kind as FormKind | undefined,
    format: values.format as "csv" | "json",
  };
}

/**
 * `npm run ingest -- --elevation FILE.nc`: the elevation grid PET reads (./series/ingest/elevation.ts). A
 * missing or unreadable file, one without an elevation variable in metres or on no regular grid is a
 * UsageError naming the option, the file and what is wrong.
 */
export async function loadElevationOption(file: string | undefined): Promise<ElevationGrid | undefined> {
  if (file === undefined) return undefined;
  if (file.trim() === "") throw new UsageError("--elevation needs a NetCDF file with an orography or elevation variable in metres");
  try {
    return await readElevationGrid(file);
  } catch (error) {
    if ((error as { code?: string }).code === "elevation-file") throw new UsageError(`--elevation ${file}: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * `npm run ingest -- --observed NAME`: the observational dataset every file is taken as (chirps, era5,
 * era5-land, imd, or a dataset id such as chirps-v2.0). An unknown name stops the run, listing the known ones.
 */
export function parseObservedOption(value: string | undefined): ObservationDataset | undefined {
  if (value === undefined) return undefined;
  const dataset = observationDataset(value);
  if (!dataset) throw new UsageError(`--observed must be one of ${OBSERVED_FLAGS.join(", ")}, not "${value}"`);
  return dataset;
}
