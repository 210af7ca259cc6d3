/**
 * The parts of the OpenAPI document the API page reads, and the page's view of it: the page is rendered from
 * the same description `/api/openapi.json` serves (built in `server/api/openapi.server.ts`), so the two
 * cannot disagree. Plain functions, no zod: this module is in the page's bundle.
 */

export type SampleFlag = "always" | "never" | "when-generated";
type Json = Record<string, unknown>;

export interface ApiParameter {
  name: string;
  in: "query" | "path";
  required: boolean;
  description: string;
  schema: Json;
  style?: "form";
  explode?: boolean;
  example?: unknown;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: ApiParameter[];
  responses: Record<string, Json>;
  "x-sample-data"?: SampleFlag;
}

/** The operations of a path: GET and HEAD for every read-only endpoint; POST or DELETE for the processes' jobs. */
export interface OpenApiPathItem {
  get?: OpenApiOperation;
  head?: OpenApiOperation;
  post?: OpenApiOperation & { requestBody?: Json };
  delete?: OpenApiOperation;
}

/** The tag of the on-demand processes and their jobs: state per client, not cached answers with ETags. */
export const PROCESSES_TAG = "Processes";

/**
 * The read-only endpoints of a description (GET and HEAD, cacheable answers with ETags): every path but
 * the processes' and jobs'.
 */
export function readOnlyPaths(document: OpenApiDocument): [string, { get: OpenApiOperation; head: OpenApiOperation }][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    item.get && item.head && !item.post && !item.delete && item.get.tags[0] !== PROCESSES_TAG ? [[path, { get: item.get, head: item.head }] as [string, { get: OpenApiOperation; head: OpenApiOperation }]] : [],
  );
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; summary: string; description: string };
  jsonSchemaDialect: string;
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: { schemas: Record<string, Json>; headers: Record<string, Json>; responses: Record<string, Json> };
}

/** A query value as the API reads it: lists comma-separated, each item encoded, the commas literal. */
const queryValue = (value: unknown) => (Array.isArray(value) ? value : [value]).map((v) => encodeURIComponent(String(v))).join(",");

/** The example request of an operation: its path with the parameters' `example` values. */
export function exampleRequest(path: string, parameters: readonly ApiParameter[]): string {
  let url = path;
  const query: string[] = [];
  for (const p of parameters) {
    if (p.example === undefined) continue;
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
    else query.push(`${p.name}=${queryValue(p.example)}`);
  }
  return query.length ? `${url}?${query.join("&")}` : url;
}

/** `#/components/…` references resolved against the document. */
export function resolveRef<T = Json>(document: OpenApiDocument, value: unknown): T {
  const pointer = (value as { $ref?: string })?.$ref;
  if (!pointer?.startsWith("#/")) return value as T;
  const found = pointer
    .slice(2)
    .split("/")
    .reduce<unknown>((node, key) => (node as Json)?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
  return found as T;
}

const code = (v: unknown) => `${typeof v === "string" ? v : JSON.stringify(v)}`;

/** Where the places a `geo` parameter accepts are listed, with their names and kinds. */
const GEO_LIST_PATH = "/api/cmip6/list/geos";

/** Enums longer than this are summarised in the table and listed apart. */
const LONG_ENUM = 10;

const enumOf = (schema: Json): unknown[] | undefined =>
  (Array.isArray(schema.enum) ? schema.enum : undefined) ?? (schema.type === "array" ? enumOf((schema.items as Json) ?? {}) : undefined);

/** What a parameter accepts, in words: the values of an enum, a range for numbers, a list for arrays. */
export function describeValues(schema: Json): string {
  if (schema.type === "array") return `list of ${describeValues((schema.items as Json) ?? {})}`;
  if (Array.isArray(schema.enum) && schema.enum.length > LONG_ENUM) return `one of ${schema.enum.length} codes: ${schema.enum.slice(0, 4).map(code).join(", ")}, …`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(code).join(", ")}`;
  if (schema.type === "integer" || schema.type === "number") {
    const { minimum: min, maximum: max } = schema;
    const kind = schema.type === "integer" ? "integer" : "number";
    return min !== undefined && max !== undefined ? `${kind} ${min}-${max}` : kind;
  }
  if (Array.isArray(schema.examples)) return `text, e.g. ${schema.examples.map(code).join(", ")}`;
  return "text";
}

/** JSON on one line, with a space after each comma and colon. */
function flatJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flatJson).join(", ")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${flatJson(v)}`);
    return entries.length ? `{ ${entries.join(", ")} }` : "{}";
  }
  return JSON.stringify(value) ?? "null";
}

const WIDTH = 100;

function layoutJson(value: unknown, indent: string, prefix: string): string {
  const flat = flatJson(value);
  if (!value || typeof value !== "object" || indent.length + prefix.length + flat.length <= WIDTH) return prefix + flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `${prefix}[\n${value.map((v) => layoutJson(v, inner, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => layoutJson(v, inner, `${inner}${JSON.stringify(k)}: `));
  return `${prefix}{\n${entries.join(",\n")}\n${indent}}`;
}

/** JSON with every part that fits in 100 characters on one line, and at most `maxLines` lines. */
export function compactJson(value: unknown, maxLines = 60): string {
  const lines = layoutJson(value, "", "").split("\n");
  return lines.length <= maxLines ? lines.join("\n") : [...lines.slice(0, maxLines), "  … (trimmed)"].join("\n");
}

export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  values: string;
  /** Every accepted value, when there are too many to read in the table. */
  choices?: string[];
  default?: string;
  description: string;
}

export interface StatusView {
  status: string;
  description: string;
  example?: string;
}

export interface EndpointView {
  id: string;
  methods: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  parameters: ParameterView[];
  request: string;
  /** The JSON body of an example POST (the processes' execution), sent with `curl -X POST`. */
  body?: string;
  contentType: string;
  answer?: string;
  cacheControl: string;
  /** Whether the answer carries a strong ETag (the read-only endpoints; not the jobs' state). */
  etag: boolean;
  vary: boolean;
  sample: SampleFlag;
  statuses: StatusView[];
}

export interface ApiDocsView {
  title: string;
  version: string;
  summary: string;
  conventions: string[];
  tags: { name: string; description: string }[];
  endpoints: EndpointView[];
}

/** An endpoint as the page's index lists it. */
export type EndpointIndexEntry = Pick<EndpointView, "id" | "path" | "summary" | "tag">;

/**
 * What the API page primes: the description's title, summary, conventions, tags and the index of endpoints.
 * The endpoints' sections are rendered on the server (`operations.server.tsx`) and, after a client
 * navigation, built in the browser from `/api/openapi.json`: the description does not travel twice.
 */
export interface ApiDocsIntro extends Omit<ApiDocsView, "endpoints"> {
  index: EndpointIndexEntry[];
}

export function apiDocsIntro({ endpoints, ...rest }: ApiDocsView): ApiDocsIntro {
  return { ...rest, index: endpoints.map(({ id, path, summary, tag }) => ({ id, path, summary, tag })) };
}

const firstSentence = (text: string) => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text;

/** The API page's view of the description: per endpoint, its parameters, example, statuses and caching. */
export function apiDocsView(document: OpenApiDocument): ApiDocsView {
  const endpoints = Object.entries(document.paths).map(([path, item]): EndpointView => {
    // a path's main operation: GET, else the POST of an execution
    const get = (item.get ?? item.post ?? item.delete)!;
    const ok = (get.responses["200"] ?? get.responses["201"]) as Json;
    const [contentType, media] = Object.entries((ok.content as Record<string, Json>) ?? {})[0] ?? ["application/json", {}];
    const headers = (ok.headers ?? {}) as Record<string, Json>;
    const cache = resolveRef<Json>(document, headers["Cache-Control"]);
    const statuses = Object.entries(get.responses).map(([status, raw]) => {
      const response = resolveRef<Json>(document, raw);
      const example = (Object.values((response.content as Record<string, Json>) ?? {})[0] as Json | undefined)?.example;
      const description = status === "200" ? firstSentence(String(response.description)) : String(response.description);
      return { status, description, ...(example !== undefined && status !== "200" ? { example: compactJson(example, 12) } : {}) };
    });
    return {
      id: get.operationId,
      methods: (["get", "head", "post", "delete"] as const).filter((m) => item[m]).map((m) => m.toUpperCase()).join(", "),
      path,
      tag: get.tags[0],
      summary: get.summary,
      description: get.description,
      parameters: get.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        ...(p.name === "geo" && (enumOf(p.schema)?.length ?? 0) > LONG_ENUM
          ? // the places (183 with the states and provinces and the disputed areas) are a list of their own: named, not repeated per endpoint
            { values: `${describeValues(p.schema)} (every field_value of ${GEO_LIST_PATH})` }
          : { values: describeValues(p.schema), ...((enumOf(p.schema)?.length ?? 0) > LONG_ENUM ? { choices: enumOf(p.schema)!.map(code) } : {}) }),
        ...(p.schema.default !== undefined ? { default: queryValue(p.schema.default) } : {}),
        description: p.description,
      })),
      request: exampleRequest(path, get.parameters),
      ...(item.post && !item.get ? { body: JSON.stringify((item.post.requestBody as Json | undefined)?.content && ((item.post.requestBody as { content: Record<string, Json> }).content["application/json"]?.example ?? {})) } : {}),
      contentType,
      ...(media.example !== undefined ? { answer: compactJson(media.example) } : {}),
      cacheControl: String((cache?.schema as Json | undefined)?.const ?? ""),
      etag: "ETag" in headers,
      vary: "Vary" in headers,
      sample: get["x-sample-data"] ?? "never",
      statuses,
    };
  });
  return {
    title: document.info.title,
    version: document.info.version,
    summary: document.info.summary,
    conventions: document.info.description.split("\n\n"),
    tags: document.tags,
    endpoints,
  };
}
