import { api } from "~/store/api";
import type { ResultDocument } from "./result";
import type { FieldProblem, JobStatus } from "./types";

/**
 * The processes and jobs of `/api` the on-demand page uses (docs/ondemand.md): the client's jobs and one
 * job's status (both primed by the page's loader), a job's results, and the two requests that change
 * something: an execution, always asked asynchronously (`Prefer: respond-async`), and a dismissal.
 */

/** An execution refused: the API's error with the problems it names (400), or the limit of jobs at once (429). */
export interface ExecutionError {
  status: number;
  message: string;
  problems: FieldProblem[];
}

interface ApiErrorBody {
  error?: { message?: string; details?: { field?: string; rule?: string; problems?: FieldProblem[] } };
}

/** The problems of a refused execution, each with its field: the API names them in `details`. */
export function executionError(status: number, body: unknown): ExecutionError {
  const error = (body as ApiErrorBody | undefined)?.error;
  const message = error?.message ?? `The portal answered ${status}`;
  const details = error?.details;
  const problems: FieldProblem[] = details?.problems?.length
    ? details.problems
    : [{ field: details?.field ?? "form", message, ...(details?.rule ? { rule: details.rule } : {}) }];
  return { status, message, problems };
}

const jobsApi = api.enhanceEndpoints({ addTagTypes: ["Job"] }).injectEndpoints({
  endpoints: (build) => ({
    listJobs: build.query<JobStatus[], void>({
      query: () => "jobs",
      transformResponse: (body: { jobs: JobStatus[] }) => body.jobs,
      providesTags: ["Job"],
    }),
    job: build.query<JobStatus, string>({
      query: (id) => `jobs/${encodeURIComponent(id)}`,
      providesTags: ["Job"],
    }),
    jobResult: build.query<ResultDocument, string>({
      query: (id) => `jobs/${encodeURIComponent(id)}/results?f=json`,
      transformResponse: (body: { result: ResultDocument }) => body.result,
    }),
    execute: build.mutation<JobStatus, { process: string; inputs: Record<string, unknown> }>({
      query: ({ process, inputs }) => ({ url: `processes/${encodeURIComponent(process)}/execution`, method: "POST", body: { inputs }, headers: { Prefer: "respond-async" } }),
      transformErrorResponse: (response) => executionError(typeof response.status === "number" ? response.status : 0, response.data),
      invalidatesTags: ["Job"],
    }),
    dismiss: build.mutation<JobStatus, string>({
      query: (id) => ({ url: `jobs/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: ["Job"],
    }),
  }),
});

export const { useListJobsQuery, useJobQuery, useJobResultQuery, useExecuteMutation, useDismissMutation } = jobsApi;
