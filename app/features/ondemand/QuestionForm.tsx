import { Button } from "@blueprintjs/core";
import type { PlaceEntry } from "../places/places";
import { indexOf, ONDEMAND_PATH, partOf, type FormPart, type OnDemandCatalog, type OnDemandState } from "./form";
import { IndexFields } from "./IndexFields";
import { PeriodFields } from "./PeriodFields";
import { Problems } from "./Problems";
import { RegionField } from "./RegionField";
import type { FieldProblem } from "./types";

interface QuestionFormProps {
  catalog: OnDemandCatalog;
  geos: readonly PlaceEntry[];
  state: OnDemandState;
  onChange: (state: OnDemandState) => void;
  problems: readonly FieldProblem[];
  busy: boolean;
  /** With JavaScript: submits the question to the API (the form itself is not sent). */
  onSubmit: () => void;
  /** Vertices posted without JavaScript that were no polygon, shown again beside their problem. */
  postedVertices?: string;
}

/**
 * The question: the index and its parameters, the season, the scenario and window, the models and the
 * region, each with the problems the server names beside it. Without JavaScript the form posts (multipart,
 * for a GeoJSON file; or a polygon's typed vertices) to the page, which submits the job and opens the job's page; with it, the page
 * submits the job to the API asynchronously and follows it.
 */
export function QuestionForm({ catalog, geos, state, onChange, problems, busy, onSubmit, postedVertices }: QuestionFormProps) {
  const index = indexOf(catalog, state.process);
  const of = (part: FormPart) => problems.filter((p) => partOf(p.field, index) === part);
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={ONDEMAND_PATH}
      className="sacap-explorer-form sacap-od-form"
      aria-label="Your index"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <IndexFields catalog={catalog} state={state} onChange={onChange} problems={{ parameters: of("parameters"), months: of("months") }} />
      <PeriodFields catalog={catalog} state={state} onChange={onChange} problems={{ scenario: of("scenario"), window: of("window"), models: of("models") }} />
      <RegionField catalog={catalog} geos={geos} state={state} onChange={onChange} problems={of("region")} postedVertices={postedVertices} />
      <Problems part="form" problems={of("form")} />
      <Button type="submit" intent="primary" text={busy ? "Submitting…" : "Compute"} aria-busy={busy} />
    </form>
  );
}
