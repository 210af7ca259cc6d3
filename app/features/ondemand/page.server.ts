import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { ApiCacheEntry } from "~/store/prime";
import { statusInfo } from "~server/api/processes.server";
import { PayloadTooLarge, readLimitedForm } from "~server/forms/body.server";
import type { AnswerDocument } from "~server/ondemand/answer";
import { INDEX_CODES, ONDEMAND_INDICES } from "~server/ondemand/indices";
import type { Submission } from "~server/ondemand/jobs.server";
import { MAX_POLYGON_VERTICES } from "~server/ondemand/request";
import { gridBounds } from "../grids/grid";
import { levelCode, levelLabel, WARMING_LEVEL_SCENARIOS, WARMING_LEVELS } from "../cmip6/warmingLevels";
import { BASELINE_PERIOD } from "../cmip6/periods";
import { executionInputs, formState, ONDEMAND_PATH, parseSearch, stateFromInputs, stateSearch, type OnDemandCatalog, type OnDemandState } from "./form";
import { geometryFromGeoJson, type Geometry } from "./polygon";
import { parseVertices, VERTICES_RULE } from "./vertices";
import { resultView, type ResultDocument } from "./result";
import { NO_POLYGON, type FieldProblem, type JobStatus, type OnDemandActionData, type OnDemandPageData } from "./types";

/**
 * The on-demand index page on the server: its loader (the catalogue a question may ask from, the question
 * of the address, the client's jobs and the job the address names with its results when it has finished)
 * and its action, the form's POST without JavaScript, which submits the job through the same service as
 * `/api/processes/{id}/execution` and redirects to the page of the job. With JavaScript the page submits
 * to the API itself, asynchronously (`Prefer: respond-async`).
 */

type Context = Pick<AppLoadContext, "ondemand" | "reference" | "clientAddress" | "origin" | "env">;

/** The indices, scenarios, models, years and grid a question may ask for: the processes' own catalogue. */
export function onDemandCatalog(context: Pick<AppLoadContext, "ondemand" | "reference">): OnDemandCatalog {
  const { catalog } = context.ondemand;
  const names = new Map<string, string>(context.reference.list("getScenarios").map((s) => [s.field_value, s.name]));
  return {
    indices: INDEX_CODES.map((code) => {
      const d = ONDEMAND_INDICES[code];
      return { code, name: d.name, description: d.description, standard: d.standard, units: d.units, parameters: d.parameters };
    }),
    scenarios: catalog.scenarios.map((code) => ({ code, name: names.get(code) ?? code })),
    levelScenarios: WARMING_LEVEL_SCENARIOS,
    levels: WARMING_LEVELS.map((level) => ({ code: levelCode(level), label: levelLabel(level) })),
    models: catalog.models.map((m) => m.code),
    years: catalog.years,
    maxWindowYears: 30,
    baseline: BASELINE_PERIOD.label,
    grid: gridBounds(catalog.grid),
    maxVertices: MAX_POLYGON_VERTICES,
  };
}

/** The results document as the page reads it: the API's answer (a compile-time check that they agree). */
const pageDocument = (doc: AnswerDocument): ResultDocument => doc;

export async function onDemandLoader({ request, context }: LoaderFunctionArgs & { context: Context }) {
  const catalog = onDemandCatalog(context);
  const params = new URL(request.url).searchParams;
  const { jobs } = context.ondemand;
  let state = parseSearch(params, catalog);
  const job = state.job ? await jobs.get(state.job) : undefined;
  if (job) {
    // an address of a job alone opens on its question; the job keeps a polygon too long for an address
    const asked = stateFromInputs(job.process, job.inputs, catalog, job.id);
    state = params.has("process") ? { ...state, region: state.region ?? asked.region } : asked;
  }
  const shown = job ? (statusInfo(job, context.origin) as JobStatus) : undefined;
  const kept = job ? await jobs.result(job) : undefined;
  const mine = (await jobs.list(context.clientAddress)).map((j) => statusInfo(j, context.origin) as JobStatus);
  const apiCache: ApiCacheEntry[] = [{ endpointName: "listJobs", arg: undefined, value: mine }];
  if (shown) apiCache.push({ endpointName: "job", arg: shown.jobID, value: shown });
  const data: OnDemandPageData = {
    catalog,
    geos: context.reference.list("getGeos").map(({ field_value, name, field_geotype, field_country, field_status }) => ({
      field_value,
      name,
      field_geotype,
      ...(field_country ? { field_country } : {}),
      ...(field_status ? { field_status } : {}),
    })),
    state,
    ...(state.job && !job ? { missingJob: state.job } : {}),
    ...(kept ? { result: resultView(pageDocument((JSON.parse(kept.json) as { result: AnswerDocument }).result)) } : {}),
    apiCache,
  };
  return json(data);
}

/** A GeoJSON file's polygon, or the problem with it named (the server's rules are checked at submission). */
async function filePolygon(file: File): Promise<{ polygon: Geometry } | { problem: FieldProblem }> {
  if (/\.zip$/i.test(file.name)) {
    return { problem: { field: "polygon", rule: "shapefile-needs-script", message: "a zipped shapefile is read in your browser, which needs JavaScript: without it, upload the polygon as GeoJSON" } };
  }
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch {
    return { problem: { field: "polygon", rule: "geojson", message: `the file ${file.name} is not GeoJSON: it does not read as JSON` } };
  }
  const read = geometryFromGeoJson(value);
  return "error" in read ? { problem: { field: "polygon", rule: "geojson", message: read.error } } : { polygon: read.geometry };
}

/**
 * The polygon a form without JavaScript posts, in this order: a file chosen (`polygonFile`), else the
 * vertices typed (`vertices`, read as the browser reads them, `parseVertices`; the field starts with the
 * vertices of the page's polygon), else none here (`formState` reads the page's polygon from the field
 * `polygon`). Whichever it is, the server's polygon rules check it when the job is submitted, as the API
 * checks any polygon; what cannot be read at all is named here, beside its field.
 */
async function postedPolygon(data: FormData): Promise<{ polygon?: Geometry; problem?: FieldProblem }> {
  if (data.get("region") !== "polygon") return {};
  const file = data.get("polygonFile");
  if (typeof file === "object" && file && file.size > 0) return filePolygon(file);
  const vertices = data.get("vertices");
  if (typeof vertices !== "string") return {};
  const typed = parseVertices(vertices);
  if ("error" in typed) return { problem: { field: "vertices", rule: VERTICES_RULE, message: typed.error } };
  return "geometry" in typed ? { polygon: typed.geometry } : {};
}

const reply = (state: OnDemandState, problems: FieldProblem[], status: number, headers?: HeadersInit, vertices?: string) =>
  json<OnDemandActionData>({ state, problems, ...(vertices ? { vertices } : {}) }, { status, headers });

/** The problems of a refused submission, each naming its field and the rule, as the API's 400 and 429 do. */
function refusal(submitted: Exclude<Submission, { kind: "job" }>): { problems: FieldProblem[]; status: number; headers?: HeadersInit } {
  if (submitted.kind === "invalid") return { problems: submitted.errors.map(({ field, message, rule }) => ({ field, message, ...(rule ? { rule } : {}) })), status: 400 };
  if (submitted.kind === "too-large") {
    const n = (v: number) => v.toLocaleString("en-US");
    const message = `the job would read ${n(submitted.size)} cell-years (${n(submitted.cells)} cells, ${submitted.models} models); a job may read at most ${n(submitted.limit)}: choose a smaller region, fewer models or a shorter window`;
    return { problems: [{ field: "region", rule: "max-cell-years", message }], status: 400 };
  }
  const message = `you have ${submitted.limit} jobs waiting or running, the most one client may have at once: submit again when one has finished`;
  return { problems: [{ field: "form", rule: "jobs-per-client", message }], status: 429, headers: { "Retry-After": String(submitted.retryAfter) } };
}

/**
 * The form's POST (without JavaScript): a multipart body of the form's fields and, for a polygon, a GeoJSON
 * file or the typed vertices, at most `FORM_MAX_BODY_BYTES`. Submits the job and redirects (303) to the page of the job, which
 * refreshes itself until the results are there; a refused question comes back with its problems beside
 * their fields. `intent=dismiss` dismisses one of the client's own jobs.
 */
export async function onDemandAction({ request, context }: ActionFunctionArgs & { context: Context }) {
  let data: FormData;
  try {
    data = await readLimitedForm(request, context.env.FORM_MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLarge) throw new Response("Request too large", { status: 413 });
    throw new Response("The form could not be read", { status: 400 });
  }
  const catalog = onDemandCatalog(context);
  const { jobs } = context.ondemand;
  if (data.get("intent") === "dismiss") {
    const job = await jobs.get(String(data.get("job") ?? ""));
    if (job && job.client === context.clientAddress) await jobs.dismiss(job);
    // back to the page the job was dismissed from, as far as it is a question of this page
    return redirect(`${ONDEMAND_PATH}?${stateSearch(parseSearch(new URLSearchParams(String(data.get("back") ?? "")), catalog))}`, 303);
  }
  const { polygon, problem } = await postedPolygon(data);
  const state = formState(data, catalog, polygon);
  if (problem) return reply(state, [problem], 400, undefined, problem.field === "vertices" ? String(data.get("vertices")) : undefined);
  if (data.get("shown") !== null && data.get("shown") !== state.process) {
    // another index chosen without scripts: its parameters are shown before anything is computed
    return redirect(`${ONDEMAND_PATH}?${stateSearch(state)}`, 303);
  }
  if (state.region?.kind === "polygon" && !state.region.polygon) return reply(state, [NO_POLYGON], 400);
  const submitted = await jobs.submit(state.process, executionInputs(state, catalog), context.clientAddress);
  if (submitted.kind === "job") return redirect(`${ONDEMAND_PATH}?${stateSearch({ ...state, job: submitted.job.id })}`, 303);
  const { problems: refused, status, headers } = refusal(submitted);
  return reply(state, refused, status, headers);
}
