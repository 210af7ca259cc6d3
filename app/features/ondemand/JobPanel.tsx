import { ProgressBar } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { useJobQuery, useJobResultQuery } from "./ondemandApi";
import { resultView, type ResultView } from "./result";
import { ResultPanel } from "./ResultPanel";
import { isActive } from "./types";

/** Seconds between two loads of a job's page without JavaScript while it waits or runs. */
const REFRESH_SECONDS = 2;
/** Milliseconds between two requests of a job's status while it waits or runs. */
const POLL_MS = 1000;

interface JobPanelProps {
  id: string;
  /** The job's results the server rendered the page with (a page that opens on a finished job). */
  rendered?: ResultView;
  /** The page's address, to load again without JavaScript. */
  href: string;
  /** Move the focus to the results when they arrive (the job was just submitted from this page). */
  focusResult: boolean;
  onFocused: () => void;
  /** The server found no such job. */
  missing?: boolean;
}

/**
 * The job the page's address names: its progress while it waits or runs (followed through the API with
 * JavaScript; without it the page loads itself again every few seconds), then its results, or what went
 * wrong. A job is kept a day; its question stays in the address, to be computed again.
 */
export function JobPanel({ id, rendered, href, focusResult, onFocused, missing }: JobPanelProps) {
  const status = useJobQuery(id, { skip: missing });
  const job = status.data;
  const active = job ? isActive(job) : false;
  // polling while the job waits or runs, as a second subscription that ends with it
  useJobQuery(id, { pollingInterval: POLL_MS, skip: !active });
  const done = job?.status === "successful";
  const fetched = useJobResultQuery(id, { skip: !done || rendered !== undefined });
  const view = useMemo(() => rendered ?? (fetched.data ? resultView(fetched.data) : undefined), [rendered, fetched.data]);
  const heading = useRef<HTMLHeadingElement>(null);
  // the server renders a finished job with its results, or without them only when they are no longer kept
  const hydrated = useHydrated();
  const shown = done && view !== undefined;
  useEffect(() => {
    if (shown && focusResult && heading.current) {
      heading.current.focus();
      onFocused();
    }
  }, [shown, focusResult, onFocused]);

  if (missing || (status.isError && !job)) {
    return (
      <section className="sacap-card" aria-labelledby="od-job-title">
        <h2 id="od-job-title" className="sacap-card__title">
          Job not found
        </h2>
        <p>This job is no longer kept (a job is kept a day). Its question is in the form: compute it again; a question answered before is answered at once.</p>
      </section>
    );
  }
  if (!job) return null;
  if (shown) return <ResultPanel ref={heading} view={view} job={id} />;
  return (
    <section className="sacap-card sacap-od-progress" aria-labelledby="od-job-title">
      <h2 id="od-job-title" className="sacap-card__title">
        {active ? "Computing your index" : done ? "Results" : job.status === "failed" ? "The job failed" : "The job was dismissed"}
      </h2>
      {/* the state is announced when it changes; the progress is the bar's, read when asked for */}
      <p role="status">
        {job.status === "accepted" ? "Waiting for its turn" : job.status === "running" ? "Running" : job.status === "successful" ? "Done" : job.status === "failed" ? "Failed" : "Dismissed"}
        {job.status === "failed" ? `: ${job.message}` : ""}
      </p>
      {active && (
        <p className="sacap-od-hint">
          {job.progress} %: {job.message}
        </p>
      )}
      {active && <ProgressBar value={job.progress / 100} intent="primary" aria-label="Progress of the job" aria-valuetext={`${job.progress} %: ${job.message}`} />}
      {active && (
        <>
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
          <p className="sacap-od-hint">
            This page follows the job and shows the results when they are there. <Link to={href}>Load it again</Link>
          </p>
        </>
      )}
      {done && (hydrated && !fetched.isError ? <p>Loading the results…</p> : <p>The results of this job are no longer kept: compute the question again.</p>)}
    </section>
  );
}
