import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { executionInputs, ONDEMAND_PATH, stateSearch, type OnDemandState } from "./form";
import { JobList } from "./JobList";
import { JobPanel } from "./JobPanel";
import { useDismissMutation, useExecuteMutation, useListJobsQuery, type ExecutionError } from "./ondemandApi";
import { QuestionForm } from "./QuestionForm";
import { isActive, NO_POLYGON, type FieldProblem, type OnDemandActionData, type OnDemandPageData } from "./types";

/** Milliseconds between two requests of the client's jobs while one of them waits or runs. */
const LIST_POLL_MS = 1500;

/**
 * The on-demand index page: the question (the form), the client's jobs and the job the address names with
 * its progress and results. The question lives in the address: with JavaScript, submitting it asks the API
 * for a job (asynchronously) and puts the question and the job into the address; without, the form posts
 * and the server does the same (`page.server.ts`).
 */
export function OnDemandPage({ data, action }: { data: OnDemandPageData; action?: OnDemandActionData }) {
  const { catalog, geos } = data;
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<OnDemandState>(action?.state ?? data.state);
  const [problems, setProblems] = useState<readonly FieldProblem[]>(action?.problems ?? []);
  // the form is drawn anew when the address brings another question (a job's link, back and forward)
  const [formKey, setFormKey] = useState(0);
  const seen = useRef(location.search);
  const own = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === location.search) return;
    seen.current = location.search;
    if (own.current === location.search) {
      own.current = null;
      return;
    }
    setState(data.state);
    setProblems([]);
    setFormKey((k) => k + 1);
  }, [location.search, data.state]);

  const [focusFor, setFocusFor] = useState<string | null>(null);
  const onFocused = useCallback(() => setFocusFor(null), []);
  const [execute, { isLoading: busy }] = useExecuteMutation();
  const [dismiss] = useDismissMutation();
  const list = useListJobsQuery();
  const anyActive = (list.data ?? []).some(isActive);
  useListJobsQuery(undefined, { pollingInterval: LIST_POLL_MS, skip: !anyActive });

  const go = (next: OnDemandState, replace: boolean) => {
    const search = `?${stateSearch(next)}`;
    own.current = search;
    navigate(`${ONDEMAND_PATH}${search}`, { preventScrollReset: true, replace });
  };
  const submit = async () => {
    const asked = { ...state, job: undefined };
    if (asked.region?.kind === "polygon" && !asked.region.polygon) {
      setProblems([NO_POLYGON]);
      return;
    }
    setProblems([]);
    const answer = await execute({ process: asked.process, inputs: executionInputs(asked, catalog) });
    if ("error" in answer) {
      const refused = answer.error as Partial<ExecutionError>;
      setProblems(refused.problems ?? [{ field: "form", message: "the portal could not be reached: try again" }]);
      go(asked, true);
      return;
    }
    const job = answer.data.jobID;
    setFocusFor(job);
    setState({ ...asked, job });
    go({ ...asked, job }, false);
  };

  const job = data.state.job;
  return (
    <div className="sacap-explorer sacap-od">
      <QuestionForm key={formKey} catalog={catalog} geos={geos} state={state} onChange={setState} problems={problems} busy={busy} onSubmit={() => void submit()} postedVertices={action?.vertices} />
      <div className="sacap-explorer__results">
        {job && <JobPanel key={job} id={job} rendered={data.result} href={`${ONDEMAND_PATH}${location.search}`} focusResult={focusFor === job} onFocused={onFocused} missing={data.missingJob === job} />}
        {!job && (
          <section className="sacap-card" aria-labelledby="od-intro-title">
            <h2 id="od-intro-title" className="sacap-card__title">
              Compute your own index
            </h2>
            <p>
              Choose an index and its threshold, base or spell length, the months of a season, a window of years or a warming level, the models and a region
              (a place, one grid cell, or your own polygon), then Compute. The portal computes it from daily values, model by model, as a job: follow it below,
              then read the results by model and for the ensemble, their chart and map, and download them as CSV, JSON or NetCDF.
            </p>
          </section>
        )}
        <JobList jobs={list.data ?? []} catalog={catalog} geos={geos} current={job} search={location.search} onDismiss={(id) => void dismiss(id)} />
      </div>
    </div>
  );
}
