import { Button, HTMLSelect, Radio, RadioGroup } from "@blueprintjs/core";
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Legend } from "~/components/Legend";
import { MapView } from "~/components/map/MapView";
import type { MapHandle, RasterLayer } from "~/components/map/types";
import { RoutePage } from "~/components/RoutePage";
import { SampleTag } from "~/components/SampleTag";
import { ENSEMBLE, servesFrequency, type SeriesQuery } from "~/features/cmip6/seriesQuery";
import type { ScenarioValue } from "~/features/cmip6/schema";
import type { ViewerLayer } from "~/features/viewer/schema";
import { useGetCmip6ModelsQuery, useGetGeosQuery, useGetIndicatorsQuery } from "~/store/reference";
import { changeRange, defaultRange, fitRange, gradientLegend, rampFor, scaleColor, type RampName } from "./colorScale";
import { FilterPanel } from "./FilterPanel";
import { filterLayers, readSelection, writeSelection, type FilterSelection } from "./filters";
import { COUNTRY_LABELS } from "./labels";
import { LayerList, type LayerStatus } from "./LayerList";
import { decodeMapState, drawOrder, encodeMapState, type MapState } from "./mapState";
import { useGetChoroplethQuery } from "./mapsApi";
import type { MapConfig } from "./config";
import {
  CHOROPLETH_PERIODS,
  choroplethPeriod,
  choroplethQueryOf,
  readChoropleth,
  writeChoropleth,
  type ChoroplethPeriod,
  type ChoroplethResponse,
  type Selection,
} from "./choropleth";
import { RegionList, regionValueText, type RegionItem } from "./RegionList";
import { RegionPanel } from "./RegionPanel";
import { ScaleLegend } from "./ScaleLegend";
import { tileTemplate } from "./wms";
import { AGREEMENT_THRESHOLD, windowDecimals } from "~/features/cmip6/windows";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { subsetText } from "~/features/cmip6/subsets";
import { LegendBox } from "./LegendBox";
import { formatNumber } from "~/lib/format";

interface ViewerPageProps {
  path: string;
  layers: readonly ViewerLayer[];
  config: MapConfig;
  /** What the product is and where its layers come from. */
  about: ReactNode;
  /** Show the filter panel over the layers' filter keys. */
  filters?: boolean;
  /** Show the choropleth of the series API with its region list and panel. */
  choropleth?: boolean;
  /** The layers have time steps (their `period`): show a time control. */
  timeSteps?: boolean;
}

function layerRamp(layer: ViewerLayer): RampName {
  return layer.filter.variable === "pr" || /YlGnBu|precip/i.test(layer.tiles[0].styles) ? "precipitation" : "temperature";
}

/** A map viewer: layer list (and filters), legend, map, and for CMIP6 the choropleth with its regions. */
export function ViewerPage({ path, layers, config, about, filters, choropleth, timeSteps }: ViewerPageProps) {
  const location = useLocation();
  const initial = useMemo(() => new URLSearchParams(location.search), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, setState] = useState<MapState>(() => decodeMapState(initial, layers.length));
  const [selection, setSelection] = useState<FilterSelection>(() => (filters ? readSelection(initial) : {}));
  const knownModels = useGetCmip6ModelsQuery().data;
  const [choice, setChoice] = useState<Selection>(() => readChoropleth(initial, (knownModels ?? []).map((m) => m.field_value)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [hovered, setHovered] = useState<string | null>(null);
  const handle = useRef<MapHandle | null>(null);

  // the URL follows the state without a navigation (no loader runs for a map move)
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    encodeMapState(params, state);
    if (filters) writeSelection(params, selection);
    if (choropleth) writeChoropleth(params, choice);
    const search = params.toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, "", url);
    }
  }, [state, selection, choice, filters, choropleth]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && state.region) setState((s) => ({ ...s, region: undefined }));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [state.region]);

  const order = drawOrder(state, layers.length);
  const matching = useMemo(() => new Set(filterLayers(layers, selection)), [layers, selection]);
  const periods = useMemo(() => [...new Set(layers.map((l) => l.filter.period))], [layers]);
  const [step, setStep] = useState(() => initial.get("t") ?? periods[periods.length - 1] ?? "");
  useEffect(() => {
    if (!timeSteps) return;
    const params = new URLSearchParams(window.location.search);
    params.set("t", step);
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?${params}`);
  }, [step, timeSteps, state]);
  const shown = [...order].reverse().filter((p) => matching.has(p) && (!timeSteps || layers[p].filter.period === step));
  const visible = new Set(state.layers);

  const status = useCallback(
    (position: number): LayerStatus => {
      const t = tileTemplate(layers[position].tiles[0], config);
      if (!t.ok) return { state: "unavailable", reason: t.reason };
      if (errors[position]) return { state: "error", reason: errors[position] };
      return { state: "ok" };
    },
    [layers, config, errors],
  );

  const rasters: RasterLayer[] = order
    .filter((p) => visible.has(p) && (!timeSteps || layers[p].filter.period === step))
    .flatMap((p) => {
      const tiles = layers[p].tiles.map((t) => tileTemplate(t, config));
      const urls = tiles.flatMap((t) => (t.ok ? [t.url] : []));
      return urls.length ? [{ key: String(p), tiles: urls, opacity: state.opacity[p] ?? 1, attribution: layers[p].tiles[0].attribution }] : [];
    });

  const toggle = (position: number, on: boolean) =>
    setState((s) => ({ ...s, layers: on ? [...s.layers.filter((p) => p !== position), position] : s.layers.filter((p) => p !== position) }));
  const move = (position: number, direction: -1 | 1) =>
    setState((s) => {
      const current = drawOrder(s, layers.length);
      // swap with the next shown layer in that direction
      const visibleOrder = current.filter((p) => shown.includes(p));
      const i = visibleOrder.indexOf(position);
      const other = visibleOrder[i + direction];
      if (other === undefined) return s;
      const next = [...current];
      const a = next.indexOf(position);
      const b = next.indexOf(other);
      [next[a], next[b]] = [next[b], next[a]];
      const layersInOrder = next.filter((p) => s.layers.includes(p));
      return { ...s, order: next, layers: layersInOrder };
    });

  const topLayer = [...rasters].reverse()[0];
  const legendLayer = topLayer ? layers[Number(topLayer.key)] : shown.length ? layers[shown[0]] : undefined;

  return (
    <RoutePage path={path}>
      <div className={`sacap-viewer${state.region && choropleth ? " sacap-viewer--panel" : ""}`}>
        <div className="sacap-viewer__side">
          <details className="sacap-viewer__about">
            <summary>About this map</summary>
            {about}
          </details>
          {choropleth && <ChoroplethControls choice={choice} onChange={setChoice} />}
          {filters && <FilterPanel layers={layers} selection={selection} onChange={setSelection} />}
          {timeSteps && periods.length > 1 && (
            <label className="sacap-viewer__time">
              Time step{" "}
              <HTMLSelect value={step} onChange={(e) => setStep(e.currentTarget.value)} aria-label="Time step">
                {periods.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </HTMLSelect>
            </label>
          )}
          <h2 className="sacap-viewer__heading">Layers</h2>
          <LayerList
            layers={layers}
            shown={shown}
            visible={visible}
            opacity={state.opacity}
            status={status}
            onToggle={toggle}
            onOpacity={(p, v) => setState((s) => ({ ...s, opacity: { ...s.opacity, [p]: v } }))}
            onMove={move}
          />
        </div>
        <div className="sacap-viewer__main">
          {choropleth ? (
            <Choropleth
              choice={choice}
              onChoice={setChoice}
              state={state}
              setState={setState}
              rasters={rasters}
              config={config}
              handle={handle}
              hovered={hovered}
              setHovered={setHovered}
              onRasterError={(key) => setErrors((e) => ({ ...e, [key]: "The map server did not answer for this layer." }))}
            />
          ) : (
            <>
              <MapView
                center={state.center}
                zoom={state.zoom}
                onMove={(center, zoom) => setState((s) => ({ ...s, center, zoom }))}
                rasters={rasters}
                showBasins={false}
                labels={COUNTRY_LABELS}
                label="Map of South Asia"
                description="The countries of South Asia and their neighbours, with the names of the eight countries of the portal and a 10° graticule."
                mapboxToken={config.mapboxToken}
                handleRef={handle}
                onRasterError={(key) => setErrors((e) => ({ ...e, [key]: "The map server did not answer for this layer." }))}
              />
              {legendLayer && (
                <LegendBox>
                  <Legend legend={layerLegend(legendLayer)} />
                </LegendBox>
              )}
            </>
          )}
          <ExportButton handle={handle} name={path.replace(/\W+/g, "-").replace(/^-|-$/g, "")} />
        </div>
      </div>
    </RoutePage>
  );
}

function layerLegend(layer: ViewerLayer) {
  const tile = layer.tiles[0];
  const [min, max] = tile.colorscalerange.split(",").map(Number);
  const unit = layer.filter.variable === "pr" ? "mm" : layer.filter.variable === "tas" ? "°C" : "";
  return gradientLegend(tile.name, unit, min, max, layerRamp(layer));
}

function ExportButton({ handle, name }: { handle: React.MutableRefObject<MapHandle | null>; name: string }) {
  return (
    <Button
      className="sacap-viewer__export"
      icon="download"
      text="Export PNG"
      onClick={async () => {
        const url = await handle.current?.toPng();
        if (!url) return;
        const a = document.createElement("a");
        a.href = url;
        a.download = `${name || "map"}.png`;
        a.click();
      }}
    />
  );
}

const SUBSET_OPTION = "subset:";

function ChoroplethControls({ choice, onChange }: { choice: Selection; onChange: (s: Selection) => void }) {
  const indicators = useGetIndicatorsQuery().data ?? [];
  const models = useGetCmip6ModelsQuery().data ?? [];
  const codes = [...new Map(indicators.filter((i) => servesFrequency(i, "annual")).map((i) => [i.field_value, i.name])).entries()];
  const period = choroplethPeriod(choice.period) ?? CHOROPLETH_PERIODS[0];
  const historical = CHOROPLETH_PERIODS.filter((p) => p.scenario === "historical");
  const windows = CHOROPLETH_PERIODS.filter((p) => p.scenario === "projection" && p.choice.kind === "years");
  const levels = CHOROPLETH_PERIODS.filter((p) => p.choice.kind === "gwl");
  const option = (p: ChoroplethPeriod) => (
    <option key={p.code} value={p.code}>
      {p.label} {p.scenario === "historical" ? "(historical)" : p.choice.kind === "gwl" ? "(warming level)" : "(projection)"}
    </option>
  );
  return (
    <fieldset className="sacap-filter-panel">
      <legend>Choropleth</legend>
      <label className="sacap-filter-panel__field">
        <span>Indicator</span>
        <HTMLSelect fill value={choice.indicator} onChange={(e) => onChange({ ...choice, indicator: e.currentTarget.value, range: undefined })}>
          {codes.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Period</span>
        <HTMLSelect
          fill
          value={period.code}
          onChange={(e) => {
            const p = choroplethPeriod(e.currentTarget.value) ?? CHOROPLETH_PERIODS[0];
            const scenario = p.scenario === "historical" ? "historical" : choice.scenario === "historical" ? "ssp245" : choice.scenario;
            const show = p.scenario === "historical" ? "values" : choice.show;
            onChange({ ...choice, period: p.code, scenario, show, range: show === choice.show ? choice.range : undefined });
          }}
        >
          <optgroup label="Historical">{historical.map(option)}</optgroup>
          <optgroup label="20-year windows">{windows.map(option)}</optgroup>
          <optgroup label="Global warming levels (above 1850-1900)">{levels.map(option)}</optgroup>
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Scenario</span>
        <HTMLSelect fill value={choice.scenario} disabled={period.scenario === "historical"} onChange={(e) => onChange({ ...choice, scenario: e.currentTarget.value as ScenarioValue })}>
          {period.scenario === "historical" ? (
            <option value="historical">Historical</option>
          ) : (
            <>
              <option value="ssp245">SSP2-4.5</option>
              <option value="ssp585">SSP5-8.5</option>
            </>
          )}
        </HTMLSelect>
      </label>
      <RadioGroup
        className="sacap-filter-panel__show"
        label="Show"
        inline
        disabled={period.scenario === "historical"}
        selectedValue={choice.show}
        onChange={(e) => onChange({ ...choice, show: e.currentTarget.value === "change" ? "change" : "values", range: undefined })}
      >
        <Radio label="Values" value="values" />
        <Radio label={`Change from ${BASELINE_PERIOD.label}`} value="change" />
      </RadioGroup>
      <label className="sacap-filter-panel__field">
        <span>Models</span>
        <HTMLSelect
          fill
          value={choice.subset ? `${SUBSET_OPTION}${choice.subset.name}` : choice.model}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (value.startsWith(SUBSET_OPTION)) return;
            onChange({ ...choice, model: value, subset: undefined });
          }}
        >
          <option value={ENSEMBLE}>Ensemble median</option>
          {choice.subset && <option value={`${SUBSET_OPTION}${choice.subset.name}`}>{`${choice.subset.name} subset (${choice.subset.models.length} models)`}</option>}
          {models.map((m) => (
            <option key={m.field_value} value={m.field_value}>
              {m.name}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="sacap-filter-panel__field">
        <span>Regions</span>
        <HTMLSelect fill value={choice.geotype} onChange={(e) => onChange({ ...choice, geotype: e.currentTarget.value as Selection["geotype"] })}>
          <option value="Country">Countries</option>
          <option value="Basin">River basins (approximate outlines)</option>
        </HTMLSelect>
      </label>
      <ChoroplethNotes choice={choice} />
    </fieldset>
  );
}

interface ChoroplethProps {
  choice: Selection;
  onChoice: (s: Selection) => void;
  state: MapState;
  setState: React.Dispatch<React.SetStateAction<MapState>>;
  rasters: RasterLayer[];
  config: MapConfig;
  handle: React.MutableRefObject<MapHandle | null>;
  hovered: string | null;
  setHovered: (code: string | null) => void;
  onRasterError: (key: string) => void;
}

function Choropleth({ choice, onChoice, state, setState, rasters, config, handle, hovered, setHovered, onRasterError }: ChoroplethProps) {
  const geos = (useGetGeosQuery().data ?? []).filter((g) => g.field_geotype === choice.geotype);
  const result = useGetChoroplethQuery(choroplethQueryOf(choice));
  const data = result.currentData;
  const change = choice.show === "change";
  const byGeo = new Map(data?.values.map((v) => [v.geo, v]));
  // the numbers the map colours: the period's values, or their change from 1995-2014
  const values = new Map(data?.values.map((v) => [v.geo, change ? v.change ?? null : v.value]));
  const units = data?.indicator.units ?? "";
  const ramp = rampFor(choice.indicator, units, change);
  const fitted = change ? changeRange([...values.values()]) : fitRange([...values.values()]);
  const specDefault: [number, number] | undefined = change ? undefined : units === "°C" ? defaultRange("tas") : units === "mm" ? defaultRange("pr") : undefined;
  const range = choice.range ?? specDefault ?? fitted ?? [0, 1];
  const colors = Object.fromEntries(geos.map((g) => [g.field_value, scaleColor(values.get(g.field_value), range[0], range[1], ramp)]));
  // low agreement on the sign of the change: hatched, as the IPCC AR6 simple approach draws it
  const hatched = change ? geos.filter((g) => byGeo.get(g.field_value)?.agreement?.robust === false).map((g) => g.field_value) : undefined;
  const regions: RegionItem[] = geos.map((g) => {
    const v = byGeo.get(g.field_value);
    return {
      code: g.field_value,
      name: g.name,
      value: data ? (change ? v?.change ?? null : v?.value ?? null) : undefined,
      incomplete: v?.incomplete,
      ...(change ? { agreement: v?.agreement ?? null } : {}),
    };
  });
  const selected = regions.find((r) => r.code === state.region);
  const selectedValue = byGeo.get(state.region ?? "");
  const hoveredRegion = regions.find((r) => r.code === hovered);
  // period climatologies carry one decimal more than the indicator's values, as on every screen
  const decimals = windowDecimals(data?.indicator.decimals ?? 1);
  const select = (code: string) => setState((s) => ({ ...s, region: code }));
  const seriesQuery: SeriesQuery = {
    indicator: choice.indicator,
    geo: state.region ?? "",
    scenario: choice.scenario === "historical" ? ["historical"] : ["historical", choice.scenario],
    ...(choice.subset ? { model: choice.subset.models } : choice.model === ENSEMBLE ? {} : { model: [choice.model] }),
  };
  const period = choroplethPeriod(choice.period) ?? CHOROPLETH_PERIODS[0];
  const what = `${data?.indicator.name ?? choice.indicator}, ${change ? `change from ${BASELINE_PERIOD.label}, ` : ""}${period.label}${period.scenario === "projection" ? `, ${SCENARIO_NAMES[choice.scenario] ?? choice.scenario}` : ""}`;
  const models = data?.values.reduce((most, v) => Math.max(most, v.agreement?.count ?? 0), 0) ?? 0;
  const kind = choice.geotype === "Basin" ? "river basin" : "country";
  const withValues = regions.filter((r) => typeof r.value === "number").length;
  const description = data
    ? `${choice.geotype === "Basin" ? "River basins" : "Countries"} of South Asia coloured by ${what}${units ? ` (${units})` : ""}, on a scale from ${formatNumber(range[0], 1)} to ${formatNumber(range[1], 1)}: ${withValues} of ${regions.length} have a value${hatched?.length ? `; ${hatched.length} hatched, where fewer than ${Math.round(AGREEMENT_THRESHOLD * 100)} % of the models agree on the sign of the change` : ""}. The list of regions beside the map gives each value.`
    : `The ${kind === "country" ? "countries" : "river basins"} of South Asia; their values are loading.`;

  return (
    <>
      <div className="sacap-viewer__map-area">
        <MapView
          center={state.center}
          zoom={state.zoom}
          onMove={(center, zoom) => setState((s) => ({ ...s, center, zoom }))}
          rasters={rasters}
          fill={{ geotype: choice.geotype, colors: data ? colors : {}, ...(hatched ? { hatched } : {}) }}
          selected={state.region}
          onHover={setHovered}
          onSelect={select}
          onRasterError={onRasterError}
          labels={choice.geotype === "Country" ? COUNTRY_LABELS : undefined}
          label={`Map of ${what}, by ${kind}`}
          description={description}
          mapboxToken={config.mapboxToken}
          handleRef={handle}
        />
        <div className="sacap-viewer__hover" aria-live="polite">
          {hoveredRegion ? `${hoveredRegion.name}: ${regionValueText(hoveredRegion, units, decimals, change)}` : "Point at a region to see its value."}
        </div>
        <LegendBox>
          <ScaleLegend
            title={what}
            unit={units}
            range={range}
            ramp={ramp}
            onRange={(r) => onChoice({ ...choice, range: r })}
            onFit={
              fitted
                ? () => {
                    // the regions drawn in the current view; all of them before the map has loaded
                    const inView = handle.current?.regionsInView(choice.geotype) ?? [];
                    const codes = inView.length ? inView : [...values.keys()];
                    const inViewValues = codes.map((c) => values.get(c));
                    onChoice({ ...choice, range: (change ? changeRange(inViewValues) : fitRange(inViewValues)) ?? fitted });
                  }
                : undefined
            }
            onReset={() => onChoice({ ...choice, range: undefined })}
          />
          {change && data && <HatchKey models={models} rule={data.agreementRule} />}
          {data?.window.kind === "gwl" && <p className="sacap-viewer__legend-note">{data.window.text}</p>}
          {data?.sample && <SampleTag what="values" />}
        </LegendBox>
      </div>
      <div className="sacap-viewer__regions">
        <h2 className="sacap-viewer__heading">{choice.geotype === "Basin" ? "River basins" : "Countries"}</h2>
        <RegionList regions={regions} units={units} decimals={decimals} hovered={hovered} selected={state.region} onSelect={select} change={change} />
      </div>
      {state.region && (
        <RegionPanel
          name={selected?.name ?? state.region}
          value={selectedValue?.value}
          change={selectedValue?.change}
          agreement={selectedValue?.agreement}
          period={period.label}
          incomplete={selected?.incomplete}
          query={seriesQuery}
          model={choice.subset ? ENSEMBLE : choice.model}
          onClose={() => setState((s) => ({ ...s, region: undefined }))}
        />
      )}
    </>
  );
}

const SCENARIO_NAMES: Record<string, string> = { historical: "historical", ssp245: "SSP2-4.5", ssp585: "SSP5-8.5" };

/** The legend's key of hatching: a hatched swatch and the rule it stands for. */
function HatchKey({ models, rule }: { models: number; rule?: string }) {
  return (
    <p className="sacap-viewer__hatch-key" title={rule}>
      <span className="sacap-viewer__hatch-swatch" aria-hidden="true" />
      Hatched: fewer than {Math.round(AGREEMENT_THRESHOLD * 100)} % of the {models} models agree on the sign of the change (IPCC AR6 simple approach)
    </p>
  );
}

/** What the values are: the warming level's models and method, the subset, the agreement rule. */
function ChoroplethNotes({ choice }: { choice: Selection }) {
  // the map's own request: the same cache entry, nothing more is fetched
  const data: ChoroplethResponse | undefined = useGetChoroplethQuery(choroplethQueryOf(choice)).currentData;
  if (!data) return null;
  const notes: string[] = [];
  if (data.window.kind === "gwl") notes.push(data.window.text, data.window.note);
  if (choice.subset) notes.push(`Models: ${subsetText(choice.subset)}.`);
  if (choice.show === "change" && data.agreementRule) notes.push(data.agreementRule);
  if (!notes.length) return null;
  return (
    <div className="sacap-viewer__notes" data-testid="choropleth-notes">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}
