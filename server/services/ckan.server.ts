import * as z from "zod";
import { parseCsv } from "../../app/lib/csv";
import { fetchPreview } from "./preview-fetch.server";
import type { CatalogEntry } from "../../app/features/catalog/schema";
import type { CkanDataset, CkanPreview, CkanResult, CkanSearch } from "../../app/features/ckan/types";

const DEFAULT_TIMEOUT_MS = 10_000;
const PREVIEW_ROWS = 1000;
const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
export const CKAN_PAGE_SIZE = 20;

const resourceSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  format: z.string().nullish(),
  url: z.string().nullish(),
});
const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  notes: z.string().nullish(),
  organization: z.object({ title: z.string().nullish() }).nullish(),
  resources: z.array(resourceSchema).default([]),
});
const searchSchema = z.object({ success: z.literal(true), result: z.object({ count: z.number(), results: z.array(packageSchema) }) });
const showSchema = z.object({ success: z.literal(true), result: packageSchema });

function toDataset(p: z.infer<typeof packageSchema>): CkanDataset {
  return {
    id: p.id,
    title: p.title || p.name,
    notes: p.notes ?? "",
    organization: p.organization?.title ?? undefined,
    resources: p.resources.map((r) => ({ id: r.id, name: r.name || r.id, format: (r.format ?? "").toUpperCase(), url: r.url ?? "" })),
  };
}

/**
 * Runs an upstream call under one deadline for the whole answer (headers and body); a failure becomes a
 * message for the page, never an exception.
 */
async function attempt<T>(what: string, timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<CkanResult<T>> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return { ok: true, data: await run(signal) };
  } catch (error) {
    const timedOut = signal.aborted || (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
    return timedOut
      ? { ok: false, timedOut: true, error: `The CKAN portal did not answer ${what} within ${timeoutMs / 1000} s.` }
      : { ok: false, error: `The CKAN portal could not answer ${what}.` };
  }
}

async function readJson<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  if (!response.ok) throw new Error(`status ${response.status}`);
  return schema.parse(await response.json());
}

function embeddedDataset(entry: CatalogEntry): CkanDataset {
  return {
    id: entry.id,
    title: entry.name,
    notes: entry.description,
    organization: entry.source,
    resources: entry.link ? [{ id: "link", name: "Provider's page", format: "HTML", url: entry.link }] : [],
  };
}

/** Where CSV previews may come from (see `fetchPreview`). */
export interface CkanPreviewPolicy {
  /** Hosts besides the CKAN portal's own ("host" or "host:port"). */
  hosts: readonly string[];
  /** Allowed hosts may resolve to private or loopback addresses. */
  allowPrivate: boolean;
}

/**
 * A CKAN client (Action API `package_search`, `package_show`, CSV preview of a resource's first 1,000
 * rows) when a CKAN portal is configured; otherwise the portal's own catalogue in the same form. Previews
 * fetch only from the CKAN host and the hosts of `policy`, never from private addresses unless allowed.
 */
export function createCkanService(
  baseUrl: string | undefined,
  catalog: () => CatalogEntry[],
  timeoutMs = DEFAULT_TIMEOUT_MS,
  policy: CkanPreviewPolicy = { hosts: [], allowPrivate: false },
) {
  const get = (url: string, signal: AbortSignal) =>
    fetch(url, { signal, headers: { Accept: "application/json, text/csv;q=0.9, */*;q=0.1" } });
  const api = (action: string, params: Record<string, string>) =>
    `${baseUrl!.replace(/\/+$/, "")}/api/3/action/${action}?${new URLSearchParams(params)}`;

  return {
    mode: baseUrl ? ("ckan" as const) : ("embedded" as const),
    source: baseUrl ? new URL(baseUrl).host : "SACAP catalogue",

    search(q: string, page: number): Promise<CkanResult<CkanSearch>> {
      if (!baseUrl) {
        const needle = q.trim().toLowerCase();
        const hits = catalog().filter((e) => !needle || `${e.name} ${e.description} ${e.source}`.toLowerCase().includes(needle));
        const start = (page - 1) * CKAN_PAGE_SIZE;
        return Promise.resolve({ ok: true, data: { count: hits.length, results: hits.slice(start, start + CKAN_PAGE_SIZE).map(embeddedDataset) } });
      }
      return attempt("the search", timeoutMs, async (signal) => {
        const params = { q, rows: String(CKAN_PAGE_SIZE), start: String((page - 1) * CKAN_PAGE_SIZE) };
        const { result } = await readJson(await get(api("package_search", params), signal), searchSchema);
        return { count: result.count, results: result.results.map(toDataset) };
      });
    },

    show(id: string): Promise<CkanResult<CkanDataset | null>> {
      if (!baseUrl) {
        const entry = catalog().find((e) => e.id === id);
        return Promise.resolve({ ok: true, data: entry ? embeddedDataset(entry) : null });
      }
      return attempt("for the dataset", timeoutMs, async (signal) => {
        const response = await get(api("package_show", { id }), signal);
        if (response.status === 404) return null;
        return toDataset((await readJson(response, showSchema)).result);
      });
    },

    preview(dataset: CkanDataset, resourceId: string): Promise<CkanResult<CkanPreview | null>> {
      const resource = dataset.resources.find((r) => r.id === resourceId);
      if (!baseUrl || !resource || resource.format !== "CSV") return Promise.resolve({ ok: true, data: null });
      const allowedHosts = [new URL(baseUrl).host, ...policy.hosts];
      return fetchPreview(resource.url, { allowedHosts, allowPrivate: policy.allowPrivate, timeoutMs, maxBytes: PREVIEW_MAX_BYTES }).then(
        (fetched): CkanResult<CkanPreview | null> => {
          if (fetched.ok) {
            const { header, rows, truncated } = parseCsv(fetched.text, PREVIEW_ROWS);
            return { ok: true, data: { resource, header, rows, truncated } };
          }
          if (fetched.refused) return { ok: false, refused: true, error: `Preview refused: ${fetched.reason}.` };
          return fetched.timedOut
            ? { ok: false, timedOut: true, error: `The CSV file did not arrive within ${timeoutMs / 1000} s.` }
            : { ok: false, error: `The CSV file could not be read (${fetched.reason}).` };
        },
      );
    },
  };
}

export type CkanService = ReturnType<typeof createCkanService>;
