import express, { type NextFunction, type Request, type Response } from "express";
import { SAMPLE_DATA_HEADER } from "../../app/store/contract";
import { WARMING_LEVELS, levelCode } from "../../app/features/cmip6/warmingLevels";
import { INDEX_CODES, MONTHS_PARAMETER, ONDEMAND_INDICES, type IndexCode, type ParameterDefinition } from "../ondemand/indices";
import type { Job, OnDemandJobs } from "../ondemand/jobs.server";
import { MAX_POLYGON_VERTICES, type RequestCatalog } from "../ondemand/request";
import { errorAnswer, JSON_CONTENT_TYPE, type PlainAnswer } from "./responses.server";

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
 *   /api/jobs/{id}/results` (JSON, or CSV with `?f=csv` or `Accept: text/csv`), `DELETE /api/jobs/{id}`.
 *
 * Answers follow the standard's shapes (processSummary, process, statusInfo, results) and the portal's one
 * error shape (a 400 names the input and the rule broken; a 429 says the limit with Retry-After). Every
 * result says whether its data are sample data, in the body and in `X-Sample-Data`.
 */

export const PROCESSES_PATH = "/api/processes";
export const JOBS_PATH = "/api/jobs";
/** The body of an execution: a polygon of the most positions allowed, with room. */
const MAX_BODY = "256kb";
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
          "Per model the region's value each season year, its baseline and window means and change; across models the median, 10th and 90th percentiles and the sign agreement; each cell's ensemble change; with the method, the provenance and whether the data are sample data. JSON, or CSV (`?f=csv` on the results, or `Accept: text/csv`).",
        schema: { oneOf: [{ type: "object", contentMediaType: "application/json" }, { type: "string", contentMediaType: "text/csv" }] },
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

type Format = "json" | "csv";
const formatOf = (query: unknown, accept: string | undefined): Format => (query === "csv" || (query === undefined && /text\/csv/.test(accept ?? "") && !/application\/json/.test(accept ?? "")) ? "csv" : "json");

function resultAnswer(jobs: OnDemandJobs, job: Job, format: Format): PlainAnswer {
  if (job.status === "failed") return errorAnswer(500, `The job failed: ${job.message}`, { details: { status: job.status } });
  if (job.status !== "successful") return errorAnswer(404, `The job's results are not ready: it is ${job.status}`, { details: { status: job.status, progress: job.progress } });
  const kept = jobs.result(job);
  if (!kept) return errorAnswer(404, "The job's results are no longer kept; execute the process again", { details: { status: job.status } });
  const headers: Record<string, string> = { "Cache-Control": RESULTS_CACHE_CONTROL, ...(kept.sample ? { [SAMPLE_DATA_HEADER]: "true" } : {}) };
  if (format === "csv") return { status: 200, headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${job.process}-${job.key.slice(0, 12)}.csv"` }, body: kept.csv };
  return { status: 200, headers: { ...headers, "Content-Type": JSON_CONTENT_TYPE }, body: kept.json };
}

const numberText = (n: number) => n.toLocaleString("en-US");

/** Express middleware answering the processes and jobs paths; others go on. */
export function processesEndpoints(jobs: OnDemandJobs, catalog: RequestCatalog) {
  const router = express.Router();
  const send = (res: Response, answer: PlainAnswer) => {
    res.status(answer.status).set(answer.headers);
    res.end(res.req.method === "HEAD" || answer.body === null ? undefined : answer.body);
  };
  const origin = (res: Response) => String(res.locals.origin ?? "");
  const client = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "";
  const only = (allow: string) => (req: Request, res: Response) => send(res, errorAnswer(405, `Method ${req.method} is not allowed here`, { headers: { Allow: allow } }));
  const known = (id: string): id is IndexCode => (INDEX_CODES as readonly string[]).includes(id);
  const noProcess = (id: string) => errorAnswer(404, `No process "${id}"`, { details: { field: "process", allowed: INDEX_CODES } });
  const noJob = (id: string) => errorAnswer(404, `No job "${id}" (a finished job is kept a day)`);

  router.get(PROCESSES_PATH, (_req, res) => {
    const body = {
      processes: INDEX_CODES.map((code) => processSummary(code, origin(res))),
      links: [{ href: `${origin(res)}${PROCESSES_PATH}`, rel: "self", type: "application/json", title: "The processes" }],
    };
    send(res, json(200, body, { "Cache-Control": PROCESS_CACHE_CONTROL }));
  });
  router.all(PROCESSES_PATH, only("GET, HEAD"));

  router.get(`${PROCESSES_PATH}/:id`, (req, res) => {
    const id = req.params.id;
    send(res, known(id) ? json(200, processDescription(id, origin(res), catalog), { "Cache-Control": PROCESS_CACHE_CONTROL }) : noProcess(id));
  });
  router.all(`${PROCESSES_PATH}/:id`, only("GET, HEAD"));

  const body = express.json({ limit: MAX_BODY, type: () => true });
  router.post(`${PROCESSES_PATH}/:id/execution`, (req, res, next) => {
    if (!/^application\/json\b/i.test(req.get("content-type") ?? "")) return send(res, errorAnswer(415, "Send the execution request as application/json: { \"inputs\": { ... } }"));
    body(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: number }).status ?? 400;
        return send(res, errorAnswer(status === 413 ? 413 : 400, status === 413 ? `The execution request is larger than ${MAX_BODY}` : "The execution request is not valid JSON", { details: { field: "inputs" } }));
      }
      execute(req, res).catch(next);
    });
  });
  router.all(`${PROCESSES_PATH}/:id/execution`, only("POST"));

  async function execute(req: Request, res: Response) {
    const id = req.params.id;
    if (!known(id)) return send(res, noProcess(id));
    const inputs = (req.body as { inputs?: unknown } | undefined)?.inputs ?? {};
    const submitted = jobs.submit(id, inputs, client(req));
    if (submitted.kind === "invalid") {
      const [first] = submitted.errors;
      return send(res, errorAnswer(400, first.rule ? `${first.message} (rule: ${first.rule})` : first.message, { details: { ...first, problems: submitted.errors } }));
    }
    if (submitted.kind === "too-large") {
      const { size, limit, cells, models } = submitted;
      return send(
        res,
        errorAnswer(400, `The job would read ${numberText(size)} cell-years over its models (${numberText(cells)} cells, ${models} models); a job may read at most ${numberText(limit)} (rule: max-cell-years): ask for a smaller region, fewer models or a shorter window`, {
          details: { field: "region", rule: "max-cell-years", size, limit, cells, models },
        }),
      );
    }
    if (submitted.kind === "busy") {
      return send(res, errorAnswer(429, `You have ${submitted.limit} jobs accepted or running, the most one client may have at once (rule: jobs-per-client); ask again when one has finished`, { headers: { "Retry-After": String(submitted.retryAfter) }, details: { rule: "jobs-per-client", limit: submitted.limit } }));
    }
    const { job, size } = submitted;
    const async = /\brespond-async\b/i.test(req.get("prefer") ?? "");
    const location = `${origin(res)}${JOBS_PATH}/${job.id}`;
    if (async || (job.status !== "successful" && size > jobs.limits.syncSize)) {
      return send(res, json(201, statusInfo(job, origin(res)), { Location: location, ...(async ? { "Preference-Applied": "respond-async" } : {}) }));
    }
    const settled = (await jobs.settled(job.id)) ?? job;
    const answer = resultAnswer(jobs, settled, formatOf(undefined, req.get("accept")));
    answer.headers.Link = `<${location}>; rel="monitor"`;
    send(res, answer);
  }

  router.get(JOBS_PATH, (req, res) => {
    const body = {
      jobs: jobs.list(client(req)).map((job) => statusInfo(job, origin(res))),
      links: [{ href: `${origin(res)}${JOBS_PATH}`, rel: "self", type: "application/json", title: "Your jobs" }],
    };
    send(res, json(200, body));
  });
  router.all(JOBS_PATH, only("GET, HEAD"));

  router.get(`${JOBS_PATH}/:id`, (req, res) => {
    const job = jobs.get(req.params.id);
    send(res, job ? json(200, statusInfo(job, origin(res))) : noJob(req.params.id));
  });
  router.delete(`${JOBS_PATH}/:id`, (req, res) => {
    const job = jobs.get(req.params.id);
    if (!job) return send(res, noJob(req.params.id));
    jobs.dismiss(job);
    send(res, json(200, statusInfo(job, origin(res))));
  });
  router.all(`${JOBS_PATH}/:id`, only("GET, HEAD, DELETE"));

  router.get(`${JOBS_PATH}/:id/results`, (req, res) => {
    const job = jobs.get(req.params.id);
    send(res, job ? resultAnswer(jobs, job, formatOf(req.query.f, req.get("accept"))) : noJob(req.params.id));
  });
  router.all(`${JOBS_PATH}/:id/results`, only("GET, HEAD"));

  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith(PROCESSES_PATH) && !req.path.startsWith(JOBS_PATH)) return next();
    router(req, res, next);
  };
}
