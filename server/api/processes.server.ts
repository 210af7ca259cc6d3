import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { WARMING_LEVELS, levelCode } from "../../app/features/cmip6/warmingLevels";
import { INDEX_CODES, MONTHS_PARAMETER, ONDEMAND_INDICES, type IndexCode, type ParameterDefinition } from "../ondemand/indices";
import { answerNetcdf, type AnswerDocument } from "../ondemand/answer";
import type { Job, OnDemandService } from "../ondemand/jobs.server";
import { MAX_POLYGON_VERTICES, type RequestCatalog } from "../ondemand/request";
import { errorAnswer, JSON_CONTENT_TYPE, toResponse, type PlainAnswer } from "./responses.server";

/**
 * User-defined climate indices computed on demand, through OGC API - Processes - Part 1: Core under /api:
 *
 * - `GET /api/processes`: one process per index of the catalogue (`ONDEMAND_INDICES`), as process summaries;
 * - `GET /api/processes/{id}`: its description, every input with its schema (allowed values, ranges,
 *   defaults) and its output;
 * - `POST /api/processes/{id}/execution` with `{ "inputs": { ... } }`: a small question is answered in the
 *   request (200 with the results), a larger one, or any with `Prefer: respond-async`, is a job (201, its
 *   status and `Location`); a question answered before is answered at once;
 * - `GET /api/jobs` (the client's own), `GET /api/jobs/{id}` (status and progress), `GET
 *   /api/jobs/{id}/results` (JSON, CSV with `?f=csv` or `Accept: text/csv`, NetCDF with `?f=netcdf`), `DELETE
 *   /api/jobs/{id}`.
 *
 * Answers follow the standard's shapes (processSummary, process, statusInfo, results) and the portal's one
 * error shape (a 400 names the input and the rule broken; a 429 says the limit with Retry-After). Every
 * result says whether its data are sample data, in the body and in `X-Sample-Data`.
 */

export const PROCESSES_PATH = "/api/processes";
export const JOBS_PATH = "/api/jobs";
const NO_STORE = "no-store";
/** A finished job's results do not change. */
export const RESULTS_CACHE_CONTROL = "private, max-age=3600";
const PROCESS_CACHE_CONTROL = "public, max-age=300";
const OGC_REL = "http://www.opengis.net/def/rel/ogc/1.0";

const json = (status: number, body: unknown, headers: Record<string, string> = {}): PlainAnswer => ({
  status,
  headers: { "Content-Type": JSON_CONTENT_TYPE, "Cache-Control": NO_STORE, ...headers },
  body: JSON.stringify(body),
});

function parameterSchema(p: ParameterDefinition) {
  if (p.kind === "choice") return { type: "string", enum: [...p.values], default: p.default };
  return { type: p.kind, minimum: p.min, maximum: p.max, default: p.default };
}

/** The process of an index: its summary (OGC processSummary). */
export function processSummary(code: IndexCode, origin: string) {
  const d = ONDEMAND_INDICES[code];
  return {
    id: code,
    title: d.name,
    description: `${d.description} ${d.standard}`,
    version: "1.0.0",
    keywords: ["climate index", "CMIP6", "NEX-GDDP-CMIP6", "on demand"],
    jobControlOptions: ["sync-execute", "async-execute", "dismiss"],
    outputTransmission: ["value"],
    links: [
      { href: `${origin}${PROCESSES_PATH}/${code}`, rel: "self", type: "application/json", title: "The process's description" },
      { href: `${origin}${PROCESSES_PATH}/${code}/execution`, rel: `${OGC_REL}/execute`, type: "application/json", title: "Execute it" },
    ],
  };
}

/** The process of an index with its inputs and output (OGC process description). */
export function processDescription(code: IndexCode, origin: string, catalog: RequestCatalog) {
  const d = ONDEMAND_INDICES[code];
  const input = (title: string, description: string, schema: unknown, minOccurs = 0) => ({ title, description, schema, minOccurs, maxOccurs: 1 });
  const inputs: Record<string, unknown> = {};
  for (const p of d.parameters) inputs[p.name] = input(p.name, `${p.description}${p.kind === "choice" ? "" : ` (${p.units})`} Default ${p.default}.`, parameterSchema(p));
  inputs.months = input("months", MONTHS_PARAMETER.description, { type: "array", items: { type: "integer", minimum: 1, maximum: 12 }, minItems: 1, maxItems: 12, uniqueItems: true, default: [...MONTHS_PARAMETER.default] });
  inputs.scenario = input("scenario", "The scenario of the window's years.", { type: "string", enum: [...catalog.scenarios], default: "ssp245" });
  inputs.baseline = input("baseline", "The baseline the change is taken from: the portal's 1995-2014.", { type: "string", enum: ["1995-2014"], default: "1995-2014" });
  inputs.window = input(
    "window",
    `Years of the window ("2040-2059", at most 30 years within ${catalog.years.start}-${catalog.years.end}), or a warming level ("gwl:2.0": each model's own 20-year window when it first reaches that warming, under ssp245 or ssp585). Default 2041-2060.`,
    { oneOf: [{ type: "string", pattern: "^\\d{4}-\\d{4}$" }, { type: "string", enum: WARMING_LEVELS.map(levelCode) }], default: "2041-2060" },
  );
  inputs.models = input("models", "The models of the ensemble; default all of them.", { type: "array", items: { type: "string", enum: catalog.models.map((m) => m.code) }, minItems: 1, uniqueItems: true });
  inputs.geo = input("geo", "The region as a place: a country, basin, state, province or disputed area (codes of /api/cmip6/list/geos). Exactly one of geo, cell and polygon.", { type: "string", enum: [...catalog.places] });
  inputs.cell = input("cell", 'The region as the grid cell (0.25°) holding a point, "lat,lon" in degrees.', { type: "string", pattern: "^-?\\d+(\\.\\d+)?,-?\\d+(\\.\\d+)?$" });
  inputs.polygon = input(
    "polygon",
    `The region as a GeoJSON Polygon or MultiPolygon in longitude and latitude: closed rings of at least four positions, at most ${MAX_POLYGON_VERTICES} positions in all, within the grid, enclosing an area. Each cell counts by its area inside it.`,
    { type: "object", contentMediaType: "application/geo+json", required: ["type", "coordinates"], properties: { type: { type: "string", enum: ["Polygon", "MultiPolygon"] }, coordinates: { type: "array" } } },
  );
  return {
    ...processSummary(code, origin),
    inputs,
    outputs: {
      result: {
        title: "The index over the region",
        description:
          "Per model the region's value each season year, its baseline and window means and change; across models the median, 10th and 90th percentiles and the sign agreement; each cell's ensemble change; with the method, the provenance and whether the data are sample data. JSON, CSV (`?f=csv` on the results, or `Accept: text/csv`) or NetCDF (`?f=netcdf`, or `Accept: application/x-netcdf`: a CF-1.8 classic file with the provenance in its global attributes).",
        schema: { oneOf: [{ type: "object", contentMediaType: "application/json" }, { type: "string", contentMediaType: "text/csv" }, { type: "string", contentMediaType: NETCDF_TYPE, contentEncoding: "binary" }] },
      },
    },
  };
}

/** A job's status (OGC statusInfo), with links to itself and, when successful, to its results. */
export function statusInfo(job: Job, origin: string) {
  const self = `${origin}${JOBS_PATH}/${job.id}`;
  const links: { href: string; rel: string; type: string; title: string }[] = [{ href: self, rel: "self", type: "application/json", title: "This job's status" }];
  if (job.status === "successful") {
    links.push({ href: `${self}/results`, rel: `${OGC_REL}/results`, type: "application/json", title: "The results, JSON" });
    links.push({ href: `${self}/results?f=csv`, rel: `${OGC_REL}/results`, type: "text/csv", title: "The results, CSV" });
    links.push({ href: `${self}/results?f=netcdf`, rel: `${OGC_REL}/results`, type: NETCDF_TYPE, title: "The results, NetCDF (CF-1.8, classic format)" });
  }
  links.push({ href: `${origin}${PROCESSES_PATH}/${job.process}`, rel: "up", type: "application/json", title: "The process" });
  return {
    processID: job.process,
    type: "process",
    jobID: job.id,
    status: job.status,
    message: job.message,
    created: job.created.toISOString(),
    ...(job.started ? { started: job.started.toISOString() } : {}),
    ...(job.finished ? { finished: job.finished.toISOString() } : {}),
    updated: job.updated.toISOString(),
    progress: job.progress,
    cached: job.cached,
    sample: job.sample,
    inputs: job.inputs,
    links,
  };
}

type Format = "json" | "csv" | "netcdf";
export const NETCDF_TYPE = "application/x-netcdf";
const FORMATS = ["json", "csv", "netcdf"] as const;
/** `f` when given; else the Accept header's CSV or NetCDF when it does not also take JSON. */
function formatOf(query: string | undefined, accept = ""): Format {
  if (query !== undefined) return query as Format;
  if (/application\/json/.test(accept)) return "json";
  return /text\/csv/.test(accept) ? "csv" : accept.includes(NETCDF_TYPE) ? "netcdf" : "json";
}

async function resultAnswer(jobs: OnDemandService, job: Job, format: Format): Promise<PlainAnswer> {
  if (job.status === "failed") return errorAnswer(500, `The job failed: ${job.message}`, { details: { status: job.status } });
  if (job.status !== "successful") return errorAnswer(404, `The job's results are not ready: it is ${job.status}`, { details: { status: job.status, progress: job.progress } });
  const kept = await jobs.result(job);
  if (!kept) return errorAnswer(404, "The job's results are no longer kept; execute the process again", { details: { status: job.status } });
  const headers: Record<string, string> = { "Cache-Control": RESULTS_CACHE_CONTROL, ...(kept.sample ? { [SAMPLE_DATA_HEADER]: "true" } : {}) };
  const name = `${job.process}-${job.key.slice(0, 12)}`;
  if (format === "csv") return { status: 200, headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}.csv"` }, body: kept.csv };
  if (format === "netcdf") {
    const bytes = answerNetcdf((JSON.parse(kept.json) as { result: AnswerDocument }).result);
    return { status: 200, headers: { ...headers, "Content-Type": NETCDF_TYPE, "Content-Disposition": `attachment; filename="${name}.nc"` }, body: new Uint8Array(bytes) };
  }
  return { status: 200, headers: { ...headers, "Content-Type": JSON_CONTENT_TYPE }, body: kept.json };
}

const numberText = (n: number) => n.toLocaleString("en-US");

/** The largest execution request read: a polygon of the most positions allowed, with room. */
const MAX_BODY_BYTES = 256 * 1024;

/** What the handlers need of the load context. */
type Context = Pick<AppLoadContext, "ondemand" | "clientAddress" | "origin" | "originVary">;
type Args = { request: Request; context: Context; params: LoaderFunctionArgs["params"] };

const ok = (answer: PlainAnswer) => toResponse(answer);
const notAllowed = (allow: string) => ({ request }: { request: Request }) => ok(errorAnswer(405, `Method ${request.method} is not allowed here`, { headers: { Allow: allow } }));
const isIndex = (id: string | undefined): id is IndexCode => (INDEX_CODES as readonly string[]).includes(id ?? "");
const noProcess = (id: string | undefined) => errorAnswer(404, `No process "${id ?? ""}"`, { details: { field: "process", allowed: INDEX_CODES } });
const noJob = (id: string | undefined) => errorAnswer(404, `No job "${id ?? ""}" (a finished job is kept a day)`);
/** A public answer that names the portal's address varies with the headers the address was taken from. */
const publicHeaders = (context: Context) => ({ "Cache-Control": PROCESS_CACHE_CONTROL, ...(context.originVary ? { Vary: context.originVary } : {}) });

/** `GET /api/processes`: a summary of every process. */
export function processListLoader({ context }: Args) {
  const body = {
    processes: INDEX_CODES.map((code) => processSummary(code, context.origin)),
    links: [{ href: `${context.origin}${PROCESSES_PATH}`, rel: "self", type: "application/json", title: "The processes" }],
  };
  return ok(json(200, body, publicHeaders(context)));
}

/** `GET /api/processes/{id}`: the process's description. */
export function processLoader({ context, params }: Args) {
  if (!isIndex(params.id)) return ok(noProcess(params.id));
  return ok(json(200, processDescription(params.id, context.origin, context.ondemand.catalog), publicHeaders(context)));
}

/**
 * `POST /api/processes/{id}/execution`: a job, answered in the request when it is small (or was answered
 * before) and the client did not ask `Prefer: respond-async`; else 201 with its status and `Location`.
 */
export async function executionAction({ request, context, params }: Args) {
  if (request.method !== "POST") return notAllowed("POST")({ request });
  if (!isIndex(params.id)) return ok(noProcess(params.id));
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return ok(errorAnswer(415, 'Send the execution request as application/json: { "inputs": { ... } }'));
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return ok(errorAnswer(413, `The execution request is larger than ${MAX_BODY_BYTES / 1024} KB`));
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return ok(errorAnswer(413, `The execution request is larger than ${MAX_BODY_BYTES / 1024} KB`));
  let inputs: unknown;
  try {
    const parsed = JSON.parse(text) as unknown;
    inputs = typeof parsed === "object" && parsed !== null ? ((parsed as { inputs?: unknown }).inputs ?? {}) : undefined;
  } catch {
    return ok(errorAnswer(400, "The execution request is not valid JSON", { details: { field: "inputs", rule: "json" } }));
  }
  const { jobs } = context.ondemand;
  const submitted = await jobs.submit(params.id, inputs, context.clientAddress);
  if (submitted.kind === "invalid") {
    const [first] = submitted.errors;
    return ok(errorAnswer(400, first.rule ? `${first.message} (rule: ${first.rule})` : first.message, { details: { ...first, problems: submitted.errors } }));
  }
  if (submitted.kind === "too-large") {
    const { size, limit, cells, models } = submitted;
    return ok(
      errorAnswer(400, `The job would read ${numberText(size)} cell-years over its models (${numberText(cells)} cells, ${models} models); a job may read at most ${numberText(limit)} (rule: max-cell-years): ask for a smaller region, fewer models or a shorter window`, {
        details: { field: "region", rule: "max-cell-years", size, limit, cells, models },
      }),
    );
  }
  if (submitted.kind === "busy") {
    return ok(errorAnswer(429, `You have ${submitted.limit} jobs accepted or running, the most one client may have at once (rule: jobs-per-client); ask again when one has finished`, { headers: { "Retry-After": String(submitted.retryAfter) }, details: { rule: "jobs-per-client", limit: submitted.limit } }));
  }
  const { job, size } = submitted;
  const async = /\brespond-async\b/i.test(request.headers.get("prefer") ?? "");
  const location = `${context.origin}${JOBS_PATH}/${job.id}`;
  if (async || (job.status !== "successful" && size > jobs.limits.syncSize)) {
    return ok(json(201, statusInfo(job, context.origin), { Location: location, ...(async ? { "Preference-Applied": "respond-async" } : {}) }));
  }
  const settled = (await jobs.settled(job.id)) ?? job;
  const answer = await resultAnswer(jobs, settled, formatOf(undefined, request.headers.get("accept") ?? undefined));
  answer.headers.Link = `<${location}>; rel="monitor"`;
  return ok(answer);
}

/** `GET /api/jobs`: the client's jobs, newest first. */
export async function jobListLoader({ context }: Args) {
  const body = {
    jobs: (await context.ondemand.jobs.list(context.clientAddress)).map((job) => statusInfo(job, context.origin)),
    links: [{ href: `${context.origin}${JOBS_PATH}`, rel: "self", type: "application/json", title: "Your jobs" }],
  };
  return ok(json(200, body));
}

/** `GET /api/jobs/{id}`: the job's status and progress. */
export async function jobLoader({ context, params }: Args) {
  const job = await context.ondemand.jobs.get(params.id ?? "");
  return ok(job ? json(200, statusInfo(job, context.origin)) : noJob(params.id));
}

/** `DELETE /api/jobs/{id}`: dismisses the job (a running one stops at its next block). */
export async function jobAction({ request, context, params }: Args) {
  if (request.method !== "DELETE") return notAllowed("GET, HEAD, DELETE")({ request });
  const job = await context.ondemand.jobs.get(params.id ?? "");
  if (!job) return ok(noJob(params.id));
  return ok(json(200, statusInfo(await context.ondemand.jobs.dismiss(job), context.origin)));
}

/** `GET /api/jobs/{id}/results`: JSON, CSV (`?f=csv`, `Accept: text/csv`) or NetCDF (`?f=netcdf`, `Accept: application/x-netcdf`). */
export async function resultsLoader({ request, context, params }: Args) {
  const job = await context.ondemand.jobs.get(params.id ?? "");
  if (!job) return ok(noJob(params.id));
  const f = new URL(request.url).searchParams.get("f") ?? undefined;
  if (f !== undefined && !(FORMATS as readonly string[]).includes(f)) return ok(errorAnswer(400, `Invalid f "${f}"`, { details: { field: "f", allowed: FORMATS } }));
  return ok(await resultAnswer(context.ondemand.jobs, job, formatOf(f, request.headers.get("accept") ?? undefined)));
}

export const getOnly = notAllowed("GET, HEAD");

/** The processes and jobs in the API's OpenAPI description: path items and the schemas they name. */
export function processesOpenApi(tag: string) {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const link = { type: "object", required: ["href", "rel"], properties: { href: { type: "string" }, rel: { type: "string" }, type: { type: "string" }, title: { type: "string" } } };
  const links = { type: "array", items: link };
  const summary = {
    type: "object",
    required: ["id", "version", "jobControlOptions", "links"],
    properties: {
      id: { type: "string", enum: [...INDEX_CODES] },
      title: { type: "string" },
      description: { type: "string" },
      version: { type: "string" },
      keywords: { type: "array", items: { type: "string" } },
      jobControlOptions: { type: "array", items: { type: "string", enum: ["sync-execute", "async-execute", "dismiss"] } },
      outputTransmission: { type: "array", items: { type: "string", enum: ["value", "reference"] } },
      links,
    },
  };
  const schemas = {
    ProcessSummary: summary,
    ProcessList: { type: "object", required: ["processes", "links"], properties: { processes: { type: "array", items: ref("ProcessSummary") }, links } },
    Process: {
      allOf: [ref("ProcessSummary")],
      type: "object",
      required: ["inputs", "outputs"],
      properties: {
        inputs: { type: "object", additionalProperties: { type: "object", required: ["schema"], properties: { title: { type: "string" }, description: { type: "string" }, schema: {}, minOccurs: { type: "integer" }, maxOccurs: { type: "integer" } } } },
        outputs: { type: "object", additionalProperties: { type: "object", required: ["schema"], properties: { title: { type: "string" }, description: { type: "string" }, schema: {} } } },
      },
    },
    Execute: {
      type: "object",
      properties: { inputs: { type: "object", description: "The inputs by name, as the process's description gives them: the index's parameters, `months`, `scenario`, `baseline`, `window`, `models` and exactly one of `geo`, `cell` and `polygon`." } },
    },
    StatusInfo: {
      type: "object",
      required: ["jobID", "status", "type", "progress", "links"],
      properties: {
        processID: { type: "string" },
        type: { type: "string", enum: ["process"] },
        jobID: { type: "string" },
        status: { type: "string", enum: ["accepted", "running", "successful", "failed", "dismissed"] },
        message: { type: "string" },
        created: { type: "string", format: "date-time" },
        started: { type: "string", format: "date-time" },
        finished: { type: "string", format: "date-time" },
        updated: { type: "string", format: "date-time" },
        progress: { type: "integer", minimum: 0, maximum: 100 },
        cached: { type: "boolean", description: "Answered from the results of the same question asked before." },
        sample: { type: "boolean", description: "Its data are generated sample data." },
        inputs: { type: "object", description: "The inputs in canonical form: every default filled in." },
        links,
      },
    },
    JobList: { type: "object", required: ["jobs", "links"], properties: { jobs: { type: "array", items: ref("StatusInfo") }, links } },
    Results: {
      type: "object",
      required: ["result"],
      properties: {
        result: {
          type: "object",
          required: ["process", "inputs", "sample", "source", "units", "method", "provenance", "baseline", "window", "change", "years", "models", "cells"],
          properties: {
            sample: { type: "boolean", description: "Whether the days are generated sample data (`source` says where they come from)." },
            source: { type: "string" },
            method: { type: "object", description: "The index's standard, the season rule, the region's weighting, the ensemble's rules and the window." },
            provenance: { type: "object", description: "The data version, the key the results are kept by, when they were computed, the sources." },
          },
        },
      },
    },
  };
  const error = (description: string, retry = false) => ({
    description,
    headers: { "Cache-Control": { $ref: "#/components/headers/NoStore" }, ...(retry ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } : {}) },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const cacheControl = (value: string) => ({ "Cache-Control": { description: "How long the answer may be reused.", required: true, schema: { type: "string", const: value } } });
  const jsonBody = (description: string, schema: string, headers: Record<string, unknown> = cacheControl(NO_STORE)) => ({ description, headers, content: { "application/json": { schema: ref(schema) } } });
  const idParameter = (name: string, description: string, schema: unknown = { type: "string" }) => ({ name, in: "path", required: true, description, schema });
  const processId = idParameter("id", "The process: an index code.", { type: "string", enum: [...INDEX_CODES] });
  const jobId = idParameter("id", "The job's id, from its `Location`.");
  const withHead = (get: Record<string, unknown>) => ({ get, head: { ...get, operationId: `${String(get.operationId)}Head`, summary: `Headers of: ${String(get.summary)}` } });
  const sampleHeader = { [SAMPLE_DATA_HEADER]: { description: "`true` when the data are generated sample data.", schema: { type: "string", const: "true" } } };
  const resultsDescription =
    "The results: per model the region's value each season year, its baseline and window means and change; the ensemble's median, 10th and 90th percentiles and sign agreement; each cell's ensemble change; the method, the provenance and `sample`. In NetCDF (CF-1.8, classic format) the same values, missing ones NaN, with the provenance (`source`, `sample`, `references`: the index's definition and standard, `inputs`, `data_version`, `history`) as global attributes.";
  const resultsContent = { "application/json": { schema: ref("Results") }, "text/csv": { schema: { type: "string" } }, [NETCDF_TYPE]: { schema: { type: "string", format: "binary" } } };
  const paths = {
    [PROCESSES_PATH]: withHead({
      operationId: "getProcesses",
      tags: [tag],
      summary: "The processes: one per user-defined index",
      description: "OGC API - Processes - Part 1: Core. One process per index of the on-demand catalogue, each executed over a region (a place, a grid cell or a polygon) for the ensemble of models.",
      parameters: [],
      responses: { 200: jsonBody("The process summaries.", "ProcessList", cacheControl(PROCESS_CACHE_CONTROL)), 405: { $ref: "#/components/responses/MethodNotAllowed" } },
    }),
    [`${PROCESSES_PATH}/{id}`]: withHead({
      operationId: "getProcess",
      tags: [tag],
      summary: "A process's description",
      description: "Every input with its schema (allowed values, ranges, defaults) and the output.",
      parameters: [processId],
      responses: { 200: jsonBody("The process's description.", "Process", cacheControl(PROCESS_CACHE_CONTROL)), 404: error("No such process."), 405: { $ref: "#/components/responses/MethodNotAllowed" } },
    }),
    [`${PROCESSES_PATH}/{id}/execution`]: {
      post: {
        operationId: "execute",
        "x-sample-data": "when-generated",
        tags: [tag],
        summary: "Execute a process: compute the index",
        description:
          "A small question is answered in the request (200 with the results; a question asked before, at once); a larger one, or any with `Prefer: respond-async`, is a job: 201 with its status and `Location`. Admission: a job reads at most a limit of cell-years over its models (400, `details.rule` `max-cell-years`), and a client has at most a few jobs accepted or running at once (429 with `Retry-After`). A bad input is a 400 naming it (`details.field`) and the rule broken (`details.rule`).",
        parameters: [{ ...processId, example: "days-above" }, { name: "Prefer", in: "header", required: false, description: "`respond-async` for a job whatever its size.", schema: { type: "string" } }],
        requestBody: { required: true, content: { "application/json": { schema: ref("Execute"), example: { inputs: { cell: "27.7,85.3", threshold: 30, months: [3, 4, 5, 6], models: ["MIROC6", "CanESM5"] } } } } },
        responses: {
          200: { description: resultsDescription, headers: { ...cacheControl(RESULTS_CACHE_CONTROL), ...sampleHeader }, content: resultsContent },
          201: jsonBody("The job, accepted: its status; `Location` is its address.", "StatusInfo", { ...cacheControl(NO_STORE), Location: { description: "The job's address.", required: true, schema: { type: "string" } } }),
          400: error("A bad input, named with the rule broken, or a job over the admission limit (`max-cell-years`)."),
          404: error("No such process."),
          405: error("Any method other than POST."),
          413: error("A request body over 256 KB."),
          415: error("A body that is not application/json."),
          429: error("The client has as many jobs accepted or running as it may.", true),
        },
      },
    },
    [JOBS_PATH]: withHead({
      operationId: "getJobs",
      tags: [tag],
      summary: "Your jobs",
      description: "The jobs of this client (its address), newest first; a finished job is kept a day.",
      parameters: [],
      responses: { 200: jsonBody("The jobs' status.", "JobList"), 405: { $ref: "#/components/responses/MethodNotAllowed" } },
    }),
    [`${JOBS_PATH}/{id}`]: {
      ...withHead({
        operationId: "getJob",
        tags: [tag],
        summary: "A job's status and progress",
        description: "Its status (accepted, running, successful, failed, dismissed), its progress 0-100 and links to its results when successful.",
        parameters: [jobId],
        responses: { 200: jsonBody("The job's status.", "StatusInfo"), 404: error("No such job.") },
      }),
      delete: {
        operationId: "dismissJob",
        tags: [tag],
        summary: "Dismiss a job",
        description: "A job waiting never starts; a running one stops at its next block of days; a finished one is forgotten.",
        parameters: [jobId],
        responses: { 200: jsonBody("The job, dismissed.", "StatusInfo"), 404: error("No such job.") },
      },
    },
    [`${JOBS_PATH}/{id}/results`]: withHead({
      operationId: "getJobResults",
      "x-sample-data": "when-generated",
      tags: [tag],
      summary: "A job's results",
      description: "JSON, CSV with `f=csv` or `Accept: text/csv`, or NetCDF with `f=netcdf` or `Accept: application/x-netcdf`. 404 until the job is successful.",
      parameters: [jobId, { name: "f", in: "query", required: false, description: "The format.", schema: { type: "string", enum: [...FORMATS], default: "json" } }],
      responses: {
        200: { description: resultsDescription, headers: { ...cacheControl(RESULTS_CACHE_CONTROL), ...sampleHeader }, content: resultsContent },
        404: error("No such job, or its results are not ready (or no longer kept)."),
        500: error("The job failed."),
      },
    }),
  };
  return { paths, schemas };
}
