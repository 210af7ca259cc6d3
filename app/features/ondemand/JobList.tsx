import { Button, ProgressBar } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import type { PlaceEntry } from "../places/places";
import { ONDEMAND_PATH, stateFromInputs, stateSearch, type OnDemandCatalog } from "./form";
import { isActive, type JobStatus } from "./types";

const STATUS_TEXT: Record<JobStatus["status"], string> = {
  accepted: "Waiting",
  running: "Running",
  successful: "Done",
  failed: "Failed",
  dismissed: "Dismissed",
};

/** A job in words: its index, region, window and scenario. */
export function jobTitle(job: JobStatus, catalog: OnDemandCatalog, geos: readonly PlaceEntry[]): string {
  const index = catalog.indices.find((i) => i.code === job.processID)?.name ?? job.processID;
  const { geo, cell, window, scenario } = job.inputs as Record<string, unknown>;
  const region = typeof geo === "string" ? (geos.find((g) => g.field_value === geo)?.name ?? geo) : typeof cell === "string" ? `the cell at ${cell}` : "your polygon";
  return `${index}, ${region}, ${String(window)} ${String(scenario)}`;
}

interface JobListProps {
  jobs: readonly JobStatus[];
  catalog: OnDemandCatalog;
  geos: readonly PlaceEntry[];
  /** The job the page shows. */
  current?: string;
  /** The page's address, for the form that dismisses a job without JavaScript. */
  search: string;
  onDismiss: (id: string) => void;
}

/**
 * The client's jobs (`GET /api/jobs`), newest first: each one's state, a progress bar while it waits or
 * runs, a link to its page (its question and its results) and a button that dismisses it (a waiting job
 * never starts, a running one stops). Without JavaScript the button posts to the page.
 */
export function JobList({ jobs, catalog, geos, current, search, onDismiss }: JobListProps) {
  return (
    <section className="sacap-card sacap-od-jobs" aria-labelledby="od-jobs-title">
      <h2 id="od-jobs-title" className="sacap-card__title">
        Your jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="sacap-od-hint">No job yet. Jobs are kept a day.</p>
      ) : (
        <ul className="sacap-od-jobs__list">
          {jobs.map((job) => {
            const title = jobTitle(job, catalog, geos);
            const href = `${ONDEMAND_PATH}?${stateSearch(stateFromInputs(job.processID, job.inputs, catalog, job.jobID))}`;
            return (
              <li key={job.jobID} className="sacap-od-job" aria-current={job.jobID === current ? "true" : undefined}>
                <div className="sacap-od-job__head">
                  <Link to={href} preventScrollReset>
                    {title}
                  </Link>
                  <span className="sacap-od-job__status">
                    {STATUS_TEXT[job.status]}
                    {job.cached ? " (answered before)" : ""}
                    {isActive(job) ? `, ${job.progress} %` : ""}
                  </span>
                </div>
                {isActive(job) && <ProgressBar value={job.progress / 100} intent="primary" aria-label={`Progress of ${title}`} aria-valuetext={`${job.progress} %: ${job.message}`} />}
                {job.status === "failed" && <p className="sacap-od-problems">{job.message}</p>}
                {job.status !== "dismissed" && (
                  <form method="post" action={ONDEMAND_PATH} className="sacap-od-job__dismiss" onSubmit={(e) => (e.preventDefault(), onDismiss(job.jobID))}>
                    <input type="hidden" name="intent" value="dismiss" />
                    <input type="hidden" name="job" value={job.jobID} />
                    <input type="hidden" name="back" value={search} />
                    <Button type="submit" size="small" variant="minimal" icon="cross" text="Dismiss" aria-label={`Dismiss ${title}`} />
                  </form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
