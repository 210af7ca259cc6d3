import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AGREEMENT_RULE } from "~/features/cmip6/windows";
import { GRID_BASELINE, type GridFieldSet, type GridStatistic } from "~/features/grids/grid";
import { fieldWindow, statisticUnits } from "~server/grids/answers";
import { writeGridNetcdf } from "~server/grids/files/netcdf";
import { GRID_REFERENCES } from "~server/grids/method";

/*
 * Under app/ and named .server so that the browser build leaves it out: the route modules of the grid API
 * reach this file, and the NetCDF writer reaches h5wasm, which has no browser build.
 */

/**
 * A field as a CF-1.8 NetCDF-4 download: every statistic of its one window over lat and lon (the ensemble
 * median, p10 and p90 of the change, the baseline and window medians, the agreement share and counts), with
 * the method, the models and the provenance in its attributes. Written through the store's own writer.
 */
export async function fieldNetcdf(field: GridFieldSet): Promise<Uint8Array<ArrayBuffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-grid-"));
  const file = path.join(dir, "field.nc");
  try {
    const window = fieldWindow(field);
    const season = field.query.season;
    const what = `${field.indicator.name} (${field.indicator.code}), ${field.query.scenario}, ${season}, ${window.label}`;
    const nan = Float32Array.of(NaN);
    const units = field.indicator.units;
    const stat = (name: GridStatistic, long: string, method: string) => ({
      name,
      dims: ["lat", "lon"],
      data: field[name],
      attributes: { _FillValue: nan, units: statisticUnits(field, name), long_name: `${long} (${season})`, cell_methods: `area: mean time: mean (${method} of the models)` },
    });
    await writeGridNetcdf(file, {
      axes: field.axes,
      variables: [
        stat("change", `${field.indicator.name}: change from ${GRID_BASELINE.start}-${GRID_BASELINE.end}, ensemble median`, "median"),
        stat("p10", `${field.indicator.name}: change, 10th percentile of the models`, "10th percentile"),
        stat("p90", `${field.indicator.name}: change, 90th percentile of the models`, "90th percentile"),
        stat("baseline", `${field.indicator.name}: ${GRID_BASELINE.start}-${GRID_BASELINE.end} mean, ensemble median`, "median"),
        stat("future", `${field.indicator.name}: ${window.label} mean, ensemble median`, "median"),
        stat("agreement", "share of models agreeing on the sign of the change (IPCC AR6 simple approach, robust at 0.8)", "share"),
        { name: "model_count", dims: ["lat", "lon"], data: field.count, attributes: { long_name: "models with a change", units: "1" } },
        { name: "agree_count", dims: ["lat", "lon"], data: field.agree, attributes: { long_name: "models with the majority sign", units: "1" } },
        { name: "sign", dims: ["lat", "lon"], data: field.sign, attributes: { long_name: "sign of the change most models have (1, -1, 0)", units: "1" } },
      ],
      attributes: {
        Conventions: "CF-1.8",
        title: `${what}: change from ${GRID_BASELINE.start}-${GRID_BASELINE.end} per grid cell, CMIP6 ensemble${field.sample ? " (generated sample data)" : ""}`,
        institution: "SACAP",
        source: field.source,
        history: `${new Date().toISOString()}: downloaded from the SACAP grid API`,
        references: GRID_REFERENCES,
        comment: field.sample ? "Generated sample data, not model output: for trying the portal, not for analysis." : "",
        indicator: field.indicator.code,
        indicator_name: field.indicator.name,
        units,
        scenario: field.query.scenario,
        season,
        window: field.query.window,
        window_label: window.label,
        ...(window.windows ? { model_windows: Object.entries(window.windows).map(([m, w]) => `${m}: ${w.start}-${w.end}`).join("; ") } : {}),
        baseline_period: `${GRID_BASELINE.start}-${GRID_BASELINE.end}`,
        models: field.models.join(" "),
        excluded: field.excluded.map((e) => `${e.model} (${e.reason})`).join("; "),
        agreement_rule: AGREEMENT_RULE,
        method: field.method,
        sample: String(field.sample),
        sacap_version: field.version,
      },
    });
    const bytes = readFileSync(file);
    return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
