import type { PlaceEntry } from "../places/places";
import type { OnDemandCatalog, OnDemandState } from "./form";
import type { ResultView } from "./result";
import type { WithApiCache } from "~/store/prime";

/** A problem with the question, as the API's 400 names it (`details.problems`): the field, what is wrong, the rule. */
export interface FieldProblem {
  field: string;
  message: string;
  rule?: string;
}

/** A job's status as `GET /api/jobs/{id}` gives it (OGC statusInfo, with the portal's additions). */
export interface JobStatus {
  jobID: string;
  processID: string;
  status: "accepted" | "running" | "successful" | "failed" | "dismissed";
  message: string;
  progress: number;
  created: string;
  finished?: string;
  cached: boolean;
  sample: boolean;
  inputs: Record<string, unknown>;
}

/** A polygon region asked for without a polygon (no file read, no vertices typed, nothing drawn). */
export const NO_POLYGON: FieldProblem = { field: "polygon", rule: "polygon-file", message: "choose a GeoJSON file or a zipped shapefile of your polygon, type its vertices, or draw it on the map" };

export const isActive = (job: Pick<JobStatus, "status">) => job.status === "accepted" || job.status === "running";

export interface OnDemandPageData extends WithApiCache {
  catalog: OnDemandCatalog;
  geos: PlaceEntry[];
  state: OnDemandState;
  /** A job the address names that the portal no longer has (a finished job is kept a day). */
  missingJob?: string;
  /** The results of the job the address names, when it has finished (a page that opens on them). */
  result?: ResultView;
}

/** What the form's POST answers when it does not redirect: the question as sent and its problems. */
export interface OnDemandActionData {
  state: OnDemandState;
  problems: FieldProblem[];
  /** The vertices typed, when they were no polygon: the field shows them again beside their problem. */
  vertices?: string;
}
