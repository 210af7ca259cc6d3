import { Button, ButtonGroup, Checkbox, FormGroup, HTMLTable, InputGroup } from "@blueprintjs/core";
import { useState, type KeyboardEvent } from "react";
import { formatNumber } from "~/lib/format";
import { Chart } from "../charts/Chart";
import { spreadSpec } from "../charts/specs";
import { displayDecimalsOf } from "../indicatorRules";
import { SEASONS } from "../periods";
import type { SeriesCatalog } from "../seriesQuery";
import { SourceNote, SourceTag } from "../SourceTag";
import { spreadSummary, STORYLINE_LABELS, STORYLINES, storylineModels, SUBSET_NAME, writeSubset } from "../subsets";
import { levelCountText, levelMethodNote } from "../warmingLevels";
import type { ExplorerSelection } from "../explorer/selection";
import { spreadRequest, type SpreadPageView, type SpreadRequest } from "./spread";
import { TableScroll } from "~/components/TableScroll";

interface SpreadViewProps {
  catalog: SeriesCatalog;
  selection: ExplorerSelection;
  /** The view's points, as the server computed them (`buildSpreadView`). */
  view: SpreadPageView;
  onChange: (selection: ExplorerSelection) => void;
}

/** Decimals of the two changes in the table and text: mean temperature's display decimals, tenths of a percent. */
const T_DECIMALS = displayDecimalsOf("tas");
const P_DECIMALS = 1;

/**
 * Model selection: the scatter of the models' temperature and precipitation changes, a keyboard-operable
 * table to pick models, storyline picks, and the subset written into the page URL (or opened on the map).
 */
export function SpreadView({ catalog, selection, view, onChange }: SpreadViewProps) {
  const request = spreadRequest(selection);
  // a new place, season, scenario or window starts from the URL's subset again
  const key = `${request.place}|${request.season ?? ""}|${request.scenario}|${request.window.code}|${selection.subset?.name ?? ""}`;
  return <SpreadResults key={key} catalog={catalog} selection={selection} request={request} view={view} onChange={onChange} />;
}

interface SpreadResultsProps {
  catalog: SeriesCatalog;
  selection: ExplorerSelection;
  request: SpreadRequest;
  view: SpreadPageView;
  onChange: (selection: ExplorerSelection) => void;
}

function SpreadResults({ catalog, selection, request, view, onChange }: SpreadResultsProps) {
  const { spread, place, origin, modelCount } = view;
  const { points } = spread;
  const known = points.map((q) => q.model);
  const [selected, setSelected] = useState<string[]>(() => (selection.subset?.models ?? selection.query.model ?? []).filter((m) => known.includes(m)));
  const [name, setName] = useState(selection.subset?.name ?? "");
  const chosen = known.filter((m) => selected.includes(m));
  const toggle = (model: string) => setSelected((now) => (now.includes(model) ? now.filter((m) => m !== model) : [...now, model]));

  const scenarioName = catalog.scenarios.find((s) => s.field_value === request.scenario)?.name ?? request.scenario;
  const seasonText = request.season ? SEASONS[request.season].name : "Annual";
  const seasonWords = request.season ? SEASONS[request.season].name : "annual";
  const explained = new Set([...(spread.levels?.notInTable ?? []), ...(spread.levels?.notReached ?? [])]);
  const unexplained = spread.missing.filter((m) => !explained.has(m));
  const sample = origin.kind !== "ingested";
  const nameOk = SUBSET_NAME.test(name);
  const subset = chosen.length > 0 && nameOk ? { name, models: chosen } : undefined;
  const box = points.length > 0 ? spreadSummary(points) : undefined;
  const levelText = spread.levels ? levelCountText(spread.levels, scenarioName, points.length, modelCount) : undefined;
  const windowText = request.window.kind === "gwl" ? `${request.window.label} (each model's own 20 years)` : request.window.label;

  const mapHref = subset
    ? `/cmip6-viewer?${writeSubset(new URLSearchParams({ indicator: selection.query.indicator, scen: request.scenario, years: request.window.code }), "mod", subset).toString()}`
    : undefined;
  // the subset's own index, computed on demand over the same place, season, scenario and window
  const indexHref = subset
    ? `/analytics/my-index?${writeSubset(new URLSearchParams({ ...(request.season ? { months: SEASONS[request.season].months.join(",") } : {}), scenario: request.scenario, window: request.window.code, geo: request.place }), "model", subset).toString()}`
    : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const boxes = [...event.currentTarget.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    const at = boxes.indexOf(event.target as HTMLInputElement);
    if (at === -1) return;
    const next = boxes[Math.min(boxes.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
    event.preventDefault();
    next.focus();
  };

  const summary = box
    ? `Model selection of ${place}: ${points.length} models' change in mean temperature against change in precipitation, ${seasonWords}, ${scenarioName}, ${windowText}, from 1995-2014. Ensemble median ${formatNumber(box.temperature.median, T_DECIMALS, { signed: true })} °C and ${formatNumber(box.precipitation.median, P_DECIMALS, { signed: true })} %; p10-p90 ${formatNumber(box.temperature.p10, T_DECIMALS)} to ${formatNumber(box.temperature.p90, T_DECIMALS)} °C and ${formatNumber(box.precipitation.p10, P_DECIMALS)} to ${formatNumber(box.precipitation.p90, P_DECIMALS)} %.${sample ? " Sample data." : ""}`
    : `No model has both changes for ${place} in this window.`;

  return (
    <div className="sacap-spread">
      <div className="sacap-explorer__heading">
        <h2 id="explorer-results">Model selection, {place}</h2>
        <SourceTag summary={origin} />
      </div>
      <SourceNote summary={origin} />
      <p className="sacap-method">
        Each model&apos;s change from its own 1995-2014 mean: mean temperature in °C, precipitation in % of that mean; {seasonWords}
        , {scenarioName}, {windowText}. The cross marks the ensemble median, the box the p10-p90 range of each axis.{" "}
        {levelText ? ` ${levelText}.` : ""}
        {unexplained.length > 0 ? ` Without both changes (incomplete years): ${unexplained.join(", ")}.` : ""}
      </p>
      {spread.levels ? <p className="sacap-method">{levelMethodNote(spread.levels)}</p> : null}
      {box ? (
        <Chart
          label="Model selection scatter"
          spec={spreadSpec(
            points.map((q) => ({ ...q, selected: chosen.includes(q.model) })),
            box,
            {
              title: `Change in temperature and precipitation, ${place}`,
              axis: "Change in precipitation (%)",
              units: "°C and %",
              sample,
              partlySample: origin.kind === "mixed",
              note: `${seasonText}, ${scenarioName}, ${request.window.label}, from 1995-2014, ${points.length} models`,
              decimals: T_DECIMALS,
            },
          )}
          fileName={`sacap-spread-${selection.query.geo}-${request.scenario}-${request.window.code.replace(":", "")}`}
          summary={summary}
          onModelClick={toggle}
        />
      ) : (
        <p>{summary}</p>
      )}

      <div className="sacap-spread__pick">
        <ButtonGroup aria-label="Storylines" className="sacap-spread__storylines">
          {STORYLINES.map((s) => (
            <Button
              key={s}
              text={STORYLINE_LABELS[s]}
              small
              onClick={() => {
                setSelected(storylineModels(points, s, 5));
                setName(s);
              }}
            />
          ))}
        </ButtonGroup>
        <FormGroup label="Subset name" labelFor="x-subset-name" inline helperText={nameOk || name === "" ? undefined : "Lower-case letters, digits and dashes, up to 30"} intent={nameOk || name === "" ? "none" : "danger"}>
          <InputGroup id="x-subset-name" value={name} onChange={(e) => setName(e.currentTarget.value.toLowerCase())} small />
        </FormGroup>
        <Button
          intent="primary"
          text="Use this subset"
          disabled={!subset}
          onClick={() => subset && onChange({ ...selection, view: "series", query: { ...selection.query, model: subset.models }, subset })}
        />
        {mapHref ? (
          <a href={mapHref} className="sacap-spread__map">
            Open on the map
          </a>
        ) : null}
        {indexHref ? (
          <a href={indexHref} className="sacap-spread__map">
            Compute an index of your own
          </a>
        ) : null}
        <span role="status" className="sacap-spread__count">
          {chosen.length} of {points.length} models selected
        </span>
      </div>

      <TableScroll label="Table of models by change">
        <HTMLTable compact striped className="sacap-table sacap-spread__table">
          <caption>
            Models by change from 1995-2014 ({seasonWords}, {scenarioName}, {request.window.label}): Tab or the arrow keys move
            between rows, Space selects{sample ? " (sample data)" : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">ΔT (°C)</th>
              <th scope="col">ΔP (%)</th>
              <th scope="col">Selected</th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {points.map((q) => (
              <tr key={q.model} className={chosen.includes(q.model) ? "sacap-spread__row--selected" : undefined}>
                <th scope="row">{q.model}</th>
                <td className="sacap-num">{formatNumber(q.temperature, T_DECIMALS, { signed: true })}</td>
                <td className="sacap-num">{formatNumber(q.precipitation, P_DECIMALS, { signed: true })}</td>
                <td>
                  <Checkbox checked={chosen.includes(q.model)} onChange={() => toggle(q.model)} aria-label={`Select ${q.model}`} className="sacap-spread__check" />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </div>
  );
}
