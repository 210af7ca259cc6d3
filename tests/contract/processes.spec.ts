import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * User-defined indices on demand through OGC API - Processes: the processes' documents, an execution
 * answered in the request and one as a job (its progress, its results in JSON and CSV), a job dismissed
 * while it runs, a repeated question answered from the kept results, and the admission rules (a malformed
 * polygon, a region over the size limit, too many jobs at once) refused with the rule named. Each test is
 * its own client (the address a trusted proxy names), so that their jobs are counted apart.
 */
// in order: the portal computes one job at a time, and the dismissal needs its job to be running
test.describe.configure({ mode: "default", timeout: 180_000 });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const as = (address: string) => ({ "X-Forwarded-For": address });

async function execute(request: APIRequestContext, client: string, process: string, inputs: unknown, headers: Record<string, string> = {}) {
  return request.post(`/api/processes/${process}/execution`, { headers: { ...as(client), "Content-Type": "application/json", ...headers }, data: { inputs } });
}

/** Polls a job until `done` holds of its status, returning every status seen. */
async function follow(request: APIRequestContext, client: string, location: string, done: (status: Json) => boolean): Promise<Json[]> {
  const seen: Json[] = [];
  for (let i = 0; i < 1200; i++) {
    const response = await request.get(location, { headers: as(client) });
    expect(response.status()).toBe(200);
    const status = (await response.json()) as Json;
    seen.push(status);
    if (done(status)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the job at ${location} never got there: ${JSON.stringify(seen.at(-1))}`);
}

test("lists a process per index and describes each one's inputs with their allowed values and ranges", async ({ request }) => {
  const list = await request.get("/api/processes");
  expect(list.status()).toBe(200);
  const { processes, links } = (await list.json()) as Json;
  expect(processes.map((p: Json) => p.id)).toEqual(expect.arrayContaining(["days-above", "wet-days", "dry-spell-longest", "growing-degree-days", "season-max"]));
  expect(processes).toHaveLength(14);
  expect(processes[0]).toMatchObject({ jobControlOptions: ["sync-execute", "async-execute", "dismiss"], outputTransmission: ["value"] });
  expect(links[0]).toMatchObject({ rel: "self" });

  const described = (await (await request.get("/api/processes/days-above")).json()) as Json;
  expect(described.inputs.threshold.schema).toEqual({ type: "number", minimum: -60, maximum: 60, default: 25 });
  expect(described.inputs.variable.schema).toEqual({ type: "string", enum: ["tasmax", "tasmin", "tas"], default: "tasmax" });
  expect(described.inputs.months.schema).toMatchObject({ items: { minimum: 1, maximum: 12 }, default: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
  expect(described.inputs.scenario.schema.enum).toEqual(["ssp245", "ssp585"]);
  expect(described.inputs.geo.schema.enum).toEqual(expect.arrayContaining(["NPL", "IN-UP", "ganges", "XD-B07"]));
  expect(described.inputs.window.schema.oneOf[1].enum).toEqual(["gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"]);
  expect(Object.keys(described.inputs)).toEqual(expect.arrayContaining(["cell", "polygon", "models", "baseline"]));
  expect(described.outputs.result.schema.oneOf.map((o: Json) => o.contentMediaType)).toEqual(["application/json", "text/csv", "application/x-netcdf"]);
  const gdd = (await (await request.get("/api/processes/growing-degree-days")).json()) as Json;
  expect(gdd.inputs.base.schema).toMatchObject({ minimum: -30, maximum: 50, default: 10 });
  expect((await request.get("/api/processes/frost-days")).status()).toBe(404);

  const document = (await (await request.get("/api/openapi.json")).json()) as Json;
  expect(Object.keys(document.paths["/api/processes/{id}/execution"])).toEqual(["post"]);
  expect(Object.keys(document.paths["/api/jobs/{id}"])).toEqual(["get", "head", "delete"]);
  const results = document.paths["/api/jobs/{id}/results"].get;
  expect(Object.keys(results.responses[200].content)).toEqual(["application/json", "text/csv", "application/x-netcdf"]);
  expect(results.parameters.find((p: Json) => p.name === "f").schema.enum).toEqual(["json", "csv", "netcdf"]);
});

test("answers a small question in the request, says its data are sample, and answers it again at once from the kept results", async ({ request }) => {
  const client = "198.51.100.11";
  const inputs = { cell: "27.7,85.3", models: ["MIROC6", "CanESM5"], threshold: 30, months: [3, 4, 5, 6] };
  const first = await execute(request, client, "days-above", inputs);
  expect(first.status()).toBe(200);
  expect(first.headers()["x-sample-data"]).toBe("true");
  const { result } = (await first.json()) as Json;
  expect(result).toMatchObject({ process: "days-above", sample: true, units: "days", region: { cells: 1, place: "NPL" } });
  expect(result.source).toMatch(/^Generated sample data, not model output/);
  expect(result.inputs).toMatchObject({ cell: "27.625,85.375", threshold: 30, variable: "tasmax", months: [3, 4, 5, 6], window: "2041-2060", baseline: "1995-2014", models: ["CanESM5", "MIROC6"] });
  expect(result.method.index).toContain("ETCCDI SU");
  expect(result.method.season).toContain("March, April, May, June");
  expect(result.method.ensemble).toContain("AR6");
  expect(result.models).toHaveLength(2);
  expect(result.years[0]).toBe(1995);
  expect(result.years.at(-1)).toBe(2060);
  expect(result.models[0].series).toHaveLength(result.years.length);
  expect(result.baseline.count).toBe(2);
  expect(typeof result.change.median).toBe("number");

  // the same question in other words (the months in another order, the defaults spelled out, another point of the cell)
  const again = await execute(request, client, "days-above", { ...inputs, cell: "27.72,85.33", months: [6, 5, 4, 3], variable: "tasmax", scenario: "ssp245" });
  expect(again.status()).toBe(200);
  const repeated = (await again.json()) as Json;
  expect(repeated.result.provenance).toEqual(result.provenance);
  // asked as a job, it is a successful job at once
  const job = await execute(request, client, "days-above", inputs, { Prefer: "respond-async" });
  expect(job.status()).toBe(201);
  expect((await job.json()) as Json).toMatchObject({ status: "successful", progress: 100, cached: true });
});

test("runs a job asked asynchronously: 201 with its Location, progress to 100, results in JSON, CSV and NetCDF, listed for its client only", async ({ request }) => {
  const client = "198.51.100.12";
  const models = ["ACCESS-CM2", "CanESM5", "GFDL-ESM4", "MIROC6", "MRI-ESM2-0"];
  const created = await execute(request, client, "wet-days", { geo: "NPL", models, threshold: 20, months: [6, 7, 8, 9], window: "gwl:2.0", scenario: "ssp585" }, { Prefer: "respond-async" });
  expect(created.status()).toBe(201);
  const location = created.headers()["location"];
  expect(location).toMatch(/\/api\/jobs\/[0-9a-f-]{36}$/);
  const accepted = (await created.json()) as Json;
  expect(accepted).toMatchObject({ type: "process", processID: "wet-days", status: expect.stringMatching(/^(accepted|running)$/), sample: true });

  const seen = await follow(request, client, location, (s) => s.status !== "accepted" && s.status !== "running");
  const last = seen.at(-1)!;
  expect(last.status).toBe("successful");
  expect(last.progress).toBe(100);
  const progress = seen.map((s) => s.progress);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  for (const p of progress) expect(p >= 0 && p <= 100).toBe(true);
  const results = last.links.find((l: Json) => l.type === "application/json" && l.href.endsWith("/results"));
  expect(results).toBeDefined();

  const { result } = (await (await request.get(results.href)).json()) as Json;
  expect(result.models.map((m: Json) => m.model)).toEqual(models.filter((m) => !(m in result.withoutWindow)));
  expect(result.method.window).toContain("+2 °C");
  for (const m of result.models) expect(m.window.end - m.window.start).toBe(19);
  expect(result.cells.lat.length).toBe(result.region.cells);

  const csv = await request.get(`${location}/results?f=csv`);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(csv.headers()["x-sample-data"]).toBe("true");
  const lines = (await csv.text()).trim().split("\n");
  expect(lines[1]).toMatch(/^# sample: true\. Generated sample data/);
  const header = lines.find((l) => l.startsWith("model,"))!;
  expect(header.split(",").slice(0, 5)).toEqual(["model", "baseline", "window", "change", String(result.years[0])]);
  expect(lines.filter((l) => models.some((m) => l.startsWith(`${m},`)))).toHaveLength(result.models.length);
  expect(lines.at(-3)).toMatch(/^ensemble median,/);
  expect((await request.get(`${location}/results`, { headers: { Accept: "text/csv" } })).headers()["content-type"]).toMatch(/^text\/csv/);

  // NetCDF: a classic file with the provenance in its global attributes (its values: server/ondemand/netcdf.test.ts)
  expect(last.links.find((l: Json) => l.type === "application/x-netcdf").href).toBe(`${location}/results?f=netcdf`);
  const netcdf = await request.get(`${location}/results?f=netcdf`);
  expect(netcdf.status()).toBe(200);
  expect(netcdf.headers()["content-type"]).toBe("application/x-netcdf");
  expect(netcdf.headers()["content-disposition"]).toMatch(/filename="wet-days-[0-9a-f]{12}\.nc"/);
  expect(netcdf.headers()["x-sample-data"]).toBe("true");
  const bytes = await netcdf.body();
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from("CDF\x01", "latin1"));
  expect(bytes.includes(Buffer.from(result.provenance.key))).toBe(true);
  expect((await request.get(`${location}/results`, { headers: { Accept: "application/x-netcdf" } })).headers()["content-type"]).toBe("application/x-netcdf");
  expect((await request.get(`${location}/results?f=xml`)).status()).toBe(400);

  const mine = (await (await request.get("/api/jobs", { headers: as(client) })).json()) as Json;
  expect(mine.jobs.map((j: Json) => j.jobID)).toContain(accepted.jobID);
  const theirs = (await (await request.get("/api/jobs", { headers: as("198.51.100.99") })).json()) as Json;
  expect(theirs.jobs.map((j: Json) => j.jobID)).not.toContain(accepted.jobID);
});

test("stops a job dismissed while it runs: dismissed, its progress no longer moves, no results", async ({ request }) => {
  const client = "198.51.100.13";
  // a state, every model, a season crossing the new year: some seconds of work
  const created = await execute(request, client, "warm-spell-count", { geo: "IN-UP", months: [11, 12, 1, 2, 3], threshold: 20, minDays: 3 }, { Prefer: "respond-async" });
  expect(created.status()).toBe(201);
  const location = created.headers()["location"];
  await follow(request, client, location, (s) => s.status === "running" && s.progress > 0);
  const dismissed = await request.delete(location, { headers: as(client) });
  expect(dismissed.status()).toBe(200);
  expect((await dismissed.json()) as Json).toMatchObject({ status: "dismissed" });
  const at = ((await (await request.get(location)).json()) as Json).progress as number;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const later = (await (await request.get(location)).json()) as Json;
  expect(later).toMatchObject({ status: "dismissed", progress: at });
  expect(at).toBeLessThan(100);
  expect((await request.get(`${location}/results`)).status()).toBe(404);
  expect((await request.get("/api/jobs/00000000-0000-0000-0000-000000000000")).status()).toBe(404);
});

test("computes a job in a worker thread: pages and health checks are answered while it runs", async ({ request }) => {
  const client = "198.51.100.15";
  // a state, every model, a season crossing the new year: seconds of work
  const created = await execute(request, client, "warm-spell-longest", { geo: "IN-UP", months: [11, 12, 1, 2, 3], threshold: 18 }, { Prefer: "respond-async" });
  expect(created.status()).toBe(201);
  const location = created.headers()["location"];
  await follow(request, client, location, (s) => s.status === "running" && s.progress > 0);
  const health = (await (await request.get("/healthz")).json()) as Json;
  expect(health.ondemand).toMatchObject({ threads: 1, started: 1, running: 1 });
  // a page and the job's status while the job runs, each well within a generous bound
  const asked = Date.now();
  const page = await request.get("/?while-a-job-runs", { headers: as("198.51.100.16") });
  expect(page.status()).toBe(200);
  expect(Date.now() - asked).toBeLessThan(15_000);
  const during = (await (await request.get(location, { headers: as(client) })).json()) as Json;
  expect(during).toMatchObject({ status: "running" });
  expect(during.progress).toBeLessThan(100);
  expect((await request.delete(location, { headers: as(client) })).status()).toBe(200);
});

test("refuses a malformed polygon, a region over the size limit and a third job at once, naming the rule", async ({ request }) => {
  const client = "198.51.100.14";
  const open = await execute(request, client, "season-mean", { polygon: { type: "Polygon", coordinates: [[[85, 27], [86, 27], [86, 28], [85, 28]]] } });
  expect(open.status()).toBe(400);
  expect(((await open.json()) as Json).error).toMatchObject({ message: expect.stringContaining("closed-rings"), details: { field: "polygon", rule: "closed-rings" } });
  const outside = await execute(request, client, "season-mean", { polygon: { type: "Polygon", coordinates: [[[120, 27], [121, 27], [121, 28], [120, 27]]] } });
  expect(((await outside.json()) as Json).error.details.rule).toBe("within-grid");
  const wrong = await execute(request, client, "days-above", { geo: "NPL", threshold: 75 });
  expect(((await wrong.json()) as Json).error.details).toMatchObject({ field: "threshold", allowed: { min: -60, max: 60 } });

  const huge = await execute(request, client, "season-mean", { geo: "IND" });
  expect(huge.status()).toBe(400);
  const { error } = (await huge.json()) as Json;
  expect(error.details).toMatchObject({ field: "region", rule: "max-cell-years", limit: 1_200_000 });
  expect(error.message).toContain("at most 1,200,000");
  expect(error.details.size).toBeGreaterThan(error.details.limit);

  // a client's jobs at once: the third waits for one of the first two
  const jobs: string[] = [];
  for (const geo of ["BTN", "LKA"]) {
    // every model: seconds of work each, the second waiting for the first
    const created = await execute(request, client, "season-max", { geo }, { Prefer: "respond-async" });
    expect(created.status()).toBe(201);
    jobs.push(created.headers()["location"]);
  }
  const third = await execute(request, client, "season-max", { geo: "NPL", models: ["MIROC6"] }, { Prefer: "respond-async" });
  expect(third.status()).toBe(429);
  expect(third.headers()["retry-after"]).toMatch(/^\d+$/);
  expect(((await third.json()) as Json).error.details).toMatchObject({ rule: "jobs-per-client", limit: 2 });
  for (const location of jobs) expect((await request.delete(location, { headers: as(client) })).status()).toBe(200);
  expect((await execute(request, client, "season-max", { geo: "NPL", models: ["MIROC6"] }, { Prefer: "respond-async" })).status()).toBe(201);
});
