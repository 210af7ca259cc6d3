import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSeeds } from "../seeds.server";
import { answerNetcdf, type AnswerDocument } from "./answer";
import { charArray, writeNetcdf3 } from "./netcdf3";
import { createOnDemandJobs } from "./service.server";

/**
 * On-demand results in NetCDF, read back by the netCDF library's own `ncdump` (Debian's netcdf-bin, which
 * .ci/run installs; the test fails, saying so, without it), and by xarray when Debian's python3-xarray is
 * there: every value equals the JSON answer's (missing values as NaN), with the provenance in the global
 * attributes.
 */

const ncdump = spawnSync("ncdump", [], { encoding: "utf8" }).error ? undefined : "ncdump";
const python = ["/usr/bin/python3", "python3"].find((p) => spawnSync(p, ["-c", "import xarray, netCDF4"], { stdio: "ignore" }).status === 0);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-ondemand-nc-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Value = number | null | string;

/** The header's global attributes and every variable's values, as ncdump prints them. */
function readWithNcdump(file: string): { attributes: Record<string, string>; data: Record<string, Value[]> } {
  if (!ncdump) throw new Error("ncdump is not installed: install Debian's netcdf-bin (.ci/run does)");
  const out = spawnSync(ncdump, ["-p", "17,17", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  expect(out.status, out.stderr).toBe(0);
  const [head, body] = out.stdout.split("\ndata:\n");
  const attributes: Record<string, string> = {};
  for (const m of head.matchAll(/^\t\t:(\w+) = "((?:[^"\\]|\\.)*)" ;$/gm)) attributes[m[1]] = m[2].replace(/\\(.)/g, "$1");
  const data: Record<string, Value[]> = {};
  for (const m of body.matchAll(/^ (\w+) =\s*([\s\S]*?) ;$/gm)) {
    const text = m[2].trim();
    data[m[1]] = text.startsWith('"')
      ? [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((s) => s[1])
      : text.split(/[,\s]+/).filter(Boolean).map((v) => (v === "_" || v === "NaN" || v === "nan" ? null : Number(v)));
  }
  return { attributes, data };
}

describe("on-demand results in NetCDF", () => {
  it("holds the JSON answer's values and its provenance, as ncdump reads them", async () => {
    const { jobs } = await createOnDemandJobs(getSeeds());
    const submitted = await jobs.submit("days-above", { geo: "BTN", models: ["ACCESS-CM2", "CanESM5", "MIROC6"], threshold: 25, months: [3, 4, 5] }, "a");
    if (submitted.kind !== "job") throw new Error(submitted.kind);
    const done = (await jobs.settled(submitted.job.id))!;
    const doc = (JSON.parse((await jobs.result(done))!.json) as { result: AnswerDocument }).result;
    const file = path.join(dir, "answer.nc");
    writeFileSync(file, answerNetcdf(doc));

    const { attributes, data } = readWithNcdump(file);
    expect(attributes).toMatchObject({
      Conventions: "CF-1.8",
      source: doc.source,
      sample: "true",
      references: doc.method.index,
      data_version: doc.provenance.dataVersion,
      key: doc.provenance.key,
      method_ensemble: doc.method.ensemble,
    });
    expect(attributes.references).toContain("ETCCDI SU");
    expect(JSON.parse(attributes.inputs)).toEqual(doc.inputs);
    expect(attributes.history).toContain(`process days-above, key ${doc.provenance.key}`);
    expect(data.model).toEqual(doc.models.map((m) => m.model));
    expect(data.year).toEqual(doc.years);
    expect(data.series).toEqual(doc.models.flatMap((m) => m.series));
    expect(data.baseline).toEqual(doc.models.map((m) => m.baseline));
    expect(data.window_mean).toEqual(doc.models.map((m) => m.windowMean));
    expect(data.change).toEqual(doc.models.map((m) => m.change));
    expect(data.window_start).toEqual(doc.models.map((m) => m.window.start));
    expect(data.ensemble_change).toEqual([doc.change!.median, doc.change!.p10, doc.change!.p90]);
    expect(data.ensemble_baseline).toEqual([doc.baseline.median, doc.baseline.p10, doc.baseline.p90]);
    expect(data.lat).toEqual(doc.cells.lat);
    expect(data.lon).toEqual(doc.cells.lon);
    expect(data.cell_weight).toEqual(doc.cells.weight);
    expect(data.cell_change).toEqual(doc.cells.change);
    expect(data.cell_agreement).toEqual(doc.cells.agreement);
    expect(doc.cells.lat.length).toBeGreaterThan(10);
  }, 120_000);

  it("writes missing values as NaN, integers, text and a scalar, and leaves out a dimension of no length", () => {
    const file = path.join(dir, "small.nc");
    writeFileSync(
      file,
      writeNetcdf3({
        dims: { x: 3, name: 2, strlen: 7, none: 0 },
        variables: [
          { name: "v", dims: ["x"], type: "double", data: Float64Array.of(1.25, Number.NaN, -3e-7), attributes: { units: "days", _FillValue: Number.NaN } },
          { name: "n", dims: ["x"], type: "int", data: Int32Array.of(1, -2, 3) },
          { name: "label", dims: ["name", "strlen"], type: "char", data: charArray(["MIROC6", "CanESM5"], 7) },
          { name: "s", dims: [], type: "double", data: Float64Array.of(42) },
          { name: "empty", dims: ["none"], type: "double", data: new Float64Array(0) },
        ],
        attributes: { title: 'a "quoted" title', count: Int32Array.of(7) },
      }),
    );
    const { attributes, data } = readWithNcdump(file);
    expect(attributes.title).toBe('a "quoted" title');
    expect(data).toEqual({ v: [1.25, null, -3e-7], n: [1, -2, 3], label: ["MIROC6", "CanESM5"], s: [42] });
  });

  it.skipIf(!python)("is read by xarray with the same values", async () => {
    const { jobs } = await createOnDemandJobs(getSeeds());
    const submitted = await jobs.submit("season-total", { cell: "27.7,85.3", models: ["MIROC6", "CanESM5"], months: [6, 7, 8, 9] }, "a");
    if (submitted.kind !== "job") throw new Error(submitted.kind);
    const doc = (JSON.parse((await jobs.result((await jobs.settled(submitted.job.id))!))!.json) as { result: AnswerDocument }).result;
    const file = path.join(dir, "xarray.nc");
    writeFileSync(file, answerNetcdf(doc));
    const script = `
import json, sys, math
import xarray as xr
ds = xr.open_dataset(sys.argv[1])
clean = lambda a: [None if isinstance(x, float) and math.isnan(x) else x for x in a]
print(json.dumps({"series": clean(ds.series.values.ravel().tolist()), "sample": ds.attrs["sample"], "inputs": ds.attrs["inputs"], "models": [str(m) for m in ds.model.values]}))
`;
    const out = spawnSync(python!, ["-c", script, file], { encoding: "utf8" });
    expect(out.status, out.stderr).toBe(0);
    const read = JSON.parse(out.stdout) as { series: (number | null)[]; sample: string; inputs: string; models: string[] };
    expect(read.series).toEqual(doc.models.flatMap((m) => m.series));
    expect(read.sample).toBe("true");
    expect(JSON.parse(read.inputs)).toEqual(doc.inputs);
    expect(read.models).toEqual(doc.models.map((m) => m.model));
  }, 120_000);
});
