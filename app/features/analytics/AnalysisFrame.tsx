import { LONG_SELECT } from "~/components/long-select";
import { Button, Callout, FormGroup, Spinner } from "@blueprintjs/core";
import { SettledSelect } from "~/components/SettledSelect";
import { GeoOptions } from "~/features/cmip6/GeoOptions";
import { SourceTag } from "~/features/cmip6/SourceTag";
import type { SeriesResponse } from "~/features/cmip6/series";
import { mergeSources, sourceSummary, type SourceSummary } from "~/features/cmip6/sources";
import { useNavigate, useSearchParams } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { downloadText } from "~/components/data-table/download";
import { useGetGeosQuery } from "~/store/reference";
import { toCsvWithHeader, type ExportHeader } from "../cmip6/explorer/compute";
import { BASELINE_PERIOD } from "../cmip6/periods";
import { DROUGHT_SCALES, type DroughtScale } from "../cmip6/droughtQuery";
import { THI_DEFINITIONS, THI_SPECIES } from "../cmip6/livestockHeat";
import { WINDOW_CHOICES } from "../cmip6/warmingLevels";
import { leftOutList, ONE_SOURCE_RULE } from "../cmip6/windows";
import { levelNoteLines, type LevelCount, type LevelNoteLines } from "./levelNote";
import type { Geo } from "../cmip6/schema";
import { ANALYSIS_BASELINES, ANALYSIS_SCENARIOS, analysisQueryString, parseAnalysisSelection, type AnalysisSelection } from "./selection";
import { formatNumber } from "~/lib/format";

interface FrameProps {
  /** Which selectors the analysis uses besides the place. */
  fields: ("scenario" | "baseline" | "window" | "scale" | "species" | "thi")[];
  children: (selection: AnalysisSelection, geo: Geo) => ReactNode;
}

/** Selectors in a GET form (works without JavaScript), then the analysis for the selection. */
export function AnalysisFrame({ fields, children }: FrameProps) {
  const geos = useGetGeosQuery();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selection = useMemo(() => parseAnalysisSelection(params, geos.data ?? []), [params, geos.data]);
  if (!geos.data) return geos.isError ? <Callout intent="danger" title="Could not load the places" /> : <Spinner size={20} aria-label="Loading" />;
  const change = (patch: Partial<AnalysisSelection>) => navigate(`?${analysisQueryString({ ...selection, ...patch })}`, { preventScrollReset: true });
  const geo = geos.data.find((g) => g.field_value === selection.geo)!;
  return (
    <>
      <form method="get" className="sacap-analysis-form" aria-label="Selection" onSubmit={(e) => e.preventDefault()}>
        <FormGroup label="Place" labelFor="a-geo" inline>
          <SettledSelect id="a-geo" name="geo" value={selection.geo} onCommit={(value) => change({ geo: value })} className={LONG_SELECT}>
            <GeoOptions geos={geos.data!} />
          </SettledSelect>
        </FormGroup>
        {fields.includes("scenario") && (
          <Choice label="Scenario" name="scenario" value={selection.scenario} options={ANALYSIS_SCENARIOS.map((s) => ({ value: s.code, label: s.name }))} onChange={(scenario) => change({ scenario })} />
        )}
        {fields.includes("baseline") && (
          <FormGroup label="Baseline" labelFor="a-baseline" inline helperText={selection.window.kind === "gwl" ? `${BASELINE_PERIOD.label} at a warming level` : undefined}>
            <SettledSelect
              id="a-baseline"
              name="baseline"
              value={selection.baseline.label}
              // at a warming level, changes are against 1995-2014, as the IPCC AR6 Atlas takes them
              disabled={selection.window.kind === "gwl"}
              onCommit={(value) => change({ baseline: ANALYSIS_BASELINES.find((b) => b.label === value)! })}
            >
              {ANALYSIS_BASELINES.map((b) => (
                <option key={b.label}>{b.label}</option>
              ))}
            </SettledSelect>
          </FormGroup>
        )}
        {fields.includes("window") && (
          <FormGroup label="Future window" labelFor="a-window" inline>
            <SettledSelect
              id="a-window"
              name="window"
              value={selection.window.code}
              onCommit={(value) => {
                const window = WINDOW_CHOICES.find((w) => w.code === value)!;
                change({ window, ...(window.kind === "gwl" ? { baseline: BASELINE_PERIOD } : {}) });
              }}
            >
              <optgroup label="20-year windows">
                {WINDOW_CHOICES.filter((w) => w.kind === "years").map((w) => (
                  <option key={w.code} value={w.code}>
                    {w.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Global warming levels">
                {WINDOW_CHOICES.filter((w) => w.kind === "gwl").map((w) => (
                  <option key={w.code} value={w.code}>
                    {w.label}
                  </option>
                ))}
              </optgroup>
            </SettledSelect>
          </FormGroup>
        )}
        {fields.includes("scale") && (
          <Choice
            label="Drought index scale"
            name="scale"
            value={String(selection.scale)}
            options={DROUGHT_SCALES.map((n) => ({ value: String(n), label: n === 1 ? "1 month" : `${n} months` }))}
            onChange={(scale) => change({ scale: Number(scale) as DroughtScale })}
          />
        )}
        {fields.includes("species") && (
          <Choice label="Species" name="species" value={selection.species} options={THI_SPECIES.map((s) => ({ value: s.code, label: s.name }))} onChange={(species) => change({ species })} />
        )}
        {fields.includes("thi") && (
          <Choice label="THI definition" id="a-definition" name="thi" value={selection.thi} options={THI_DEFINITIONS.map((d) => ({ value: d.code, label: d.label }))} onChange={(thi) => change({ thi })} />
        )}
        <noscript>
          <Button type="submit" text="Apply" />
        </noscript>
      </form>
      {children(selection, geo)}
    </>
  );
}

/** One compact select of the selection form: its value goes into the URL under `name`. */
function Choice<V extends string>({ label, name, id = `a-${name}`, value, options, onChange }: {
  label: string;
  name: string;
  id?: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <FormGroup label={label} labelFor={id} inline>
      <SettledSelect id={id} name={name} value={value} onCommit={(value) => onChange(value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SettledSelect>
    </FormGroup>
  );
}

/** Spinner, error or content for a set of series queries. */
export function SeriesGate<T>({ queries, children }: { queries: { data?: T; isError: boolean }[]; children: (data: T[]) => ReactNode }) {
  if (queries.every((q) => q.data !== undefined)) return <>{children(queries.map((q) => q.data!))}</>;
  if (queries.some((q) => q.isError)) {
    return <Callout intent="warning" title="No data for this selection">The series service did not answer for this place.</Callout>;
  }
  return <Spinner size={20} aria-label="Loading the series" />;
}

/**
 * The analysis heading row: title, the tag saying whether its series are sample, ingested or both, CSV
 * download of the analysis table. The sources come from the series answers, or a view's summary of them.
 */
export function AnalysisHeading({
  title,
  answers,
  sources,
  csv,
}: {
  title: string;
  csv: { file: string; header: ExportHeader; columns: string[]; rows: (string | number | null)[][] };
} & (
  | {
      /** The series answers the analysis is computed from. */
      answers: readonly Pick<SeriesResponse, "series" | "provenance">[];
      sources?: undefined;
    }
  | {
      answers?: undefined;
      /** Or, for a page that ships a view (decision 026), the view's summary of those answers' sources. */
      sources: SourceSummary;
    }
)) {
  const summary = sources ?? sourceSummary(mergeSources(answers!));
  return (
    <div className="sacap-explorer__heading">
      <h2>{title}</h2>
      <SourceTag summary={summary} />
      <span className="sacap-explorer__spacer" />
      <Button
        icon="download"
        text="CSV"
        aria-label={`Download ${title} as CSV`}
        onClick={() => downloadText(`${csv.file}.csv`, toCsvWithHeader({ ...csv.header, sources: summary.text }, csv.columns, csv.rows), "text/csv;charset=utf-8")}
      />
    </div>
  );
}

/**
 * What an analysis at a warming level says: per variable, the models in ("+2 °C: 32 of 35 models under
 * SSP2-4.5"), the level's method note (models left out, members that differ) and the agreement rule.
 */
export function LevelNote({ counts, scenarioName }: { counts: LevelCount[]; scenarioName: string }) {
  return <LevelNoteList lines={levelNoteLines(counts, scenarioName)} />;
}

/** The warming-level note from its lines (a view's, or `levelNoteLines`); nothing without lines. */
export function LevelNoteList({ lines }: { lines: LevelNoteLines }) {
  if (lines.items.length === 0) return null;
  return (
    <section className="sacap-level-note" aria-label="Warming level">
      <ul>
        {lines.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {lines.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </section>
  );
}

/** The models an analysis left out by the one-source rule, with the reasons; nothing when none is. */
export function LeftOutNote({ excluded }: { excluded: Readonly<Record<string, string>> }) {
  const text = leftOutList(excluded);
  if (!text) return null;
  return (
    <p className="sacap-level-note" aria-label="Models left out: one source per model">
      Left out: {text}. {ONE_SOURCE_RULE}
    </p>
  );
}

export function MethodNote({ children }: { children: ReactNode }) {
  return (
    <section className="sacap-method" aria-labelledby="method-title">
      <h3 id="method-title">Method</h3>
      {children}
    </section>
  );
}

export const fmt = (v: number | null | undefined, digits = 2) => formatNumber(v, digits);
export const signed = (v: number | null | undefined, digits = 2) => formatNumber(v, digits, { signed: true });
