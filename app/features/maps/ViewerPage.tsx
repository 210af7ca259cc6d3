import { Button, HTMLSelect } from "@blueprintjs/core";
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Legend } from "~/components/Legend";
import { MapView } from "~/components/map/MapView";
import type { MapHandle, RasterLayer } from "~/components/map/types";
import { openOnWideScreen, RoutePage } from "~/components/RoutePage";
import type { ViewerLayer } from "~/features/viewer/schema";
import { gridIndicatorsOf, readGridChoice, showsGrid, writeGridChoice, type GridChoice } from "~/features/grids/gridChoice";
import { GridMap } from "~/features/grids/GridMap";
import { readChoropleth, writeChoropleth, type Selection } from "./choropleth";
import { ChoroplethControls } from "./ChoroplethControls";
import { ChoroplethMap } from "./ChoroplethMap";
import { gradientLegend, type RampName } from "./colorScale";
import type { MapConfig } from "./config";
import { FilterPanel } from "./FilterPanel";
import { filterLayers, readSelection, writeSelection, type FilterSelection } from "./filters";
import { COUNTRY_LABELS } from "./labels";
import { LayerList, type LayerStatus } from "./LayerList";
import { LegendBox } from "./LegendBox";
import { MapNotes } from "./MapNotes";
import { MapFocusKey } from "./MapFocusKey";
import { decodeMapState, drawOrder, encodeMapState, type MapState } from "./mapState";
import { VIEWER_REGIONS } from "./regions";
import type { ChoroplethOptions } from "./viewerView";
import { tileTemplate } from "./wms";
import { WmsLegends } from "./WmsLegends";

interface ViewerPageProps {
  path: string;
  layers: readonly ViewerLayer[];
  config: MapConfig;
  /** What the product is and where its layers come from. */
  about: ReactNode;
  /** Show the filter panel over the layers' filter keys. */
  filters?: boolean;
  /** Show the choropleth of the series API with its region list and panel: its selects' entries and regions. */
  choropleth?: ChoroplethOptions;
  /** The layers have time steps (their `period`): show a time control. */
  timeSteps?: boolean;
  /** Where the states and provinces' outlines come from, said under the map while it colours them. */
  outlines?: readonly string[];
}

function layerRamp(layer: ViewerLayer): RampName {
  return layer.filter.variable === "pr" || /YlGnBu|precip/i.test(layer.tiles[0].styles) ? "precipitation" : "temperature";
}

/** A map viewer: layer list (and filters), legend, map, and for CMIP6 the choropleth with its regions. */
export function ViewerPage({ path, layers, config, about, filters, choropleth, timeSteps, outlines }: ViewerPageProps) {
  const location = useLocation();
  const initial = useMemo(() => new URLSearchParams(location.search), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, setState] = useState<MapState>(() => decodeMapState(initial, layers.length));
  const [selection, setSelection] = useState<FilterSelection>(() => (filters ? readSelection(initial) : {}));
  const [choice, setChoice] = useState<Selection>(() => readChoropleth(initial, (choropleth?.models ?? []).map((m) => m.code)));
  // the gridded field shown instead of the regions (`geotype=Grid`)
  const [grid, setGrid] = useState<GridChoice | undefined>(() =>
    choropleth && showsGrid(initial) ? readGridChoice(initial, gridIndicatorsOf(choropleth.indicators).map((i) => i.code)) : undefined,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [hovered, setHovered] = useState<string | null>(null);
  const handle = useRef<MapHandle | null>(null);

  // the URL follows the state without a navigation (no loader runs for a map move)
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    encodeMapState(params, state);
    if (filters) writeSelection(params, selection);
    if (choropleth) writeChoropleth(params, choice);
    if (choropleth) writeGridChoice(params, grid);
    const search = params.toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, "", url);
    }
  }, [state, selection, choice, grid, filters, choropleth]);

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
          {choropleth && <ChoroplethControls choice={choice} options={choropleth} onChange={setChoice} grid={grid} onGrid={setGrid} />}
          {/* on a phone the map and its choropleth come first: the filters and the layers are folded (styles/app.css, decision 028) */}
          {filters && (
            <details className="sacap-fold" ref={openOnWideScreen}>
              <summary>Filter layers</summary>
              <FilterPanel layers={layers} selection={selection} onChange={setSelection} />
            </details>
          )}
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
          <h2 className="sacap-viewer__heading" id={VIEWER_REGIONS.layers} tabIndex={-1}>
            Layers
          </h2>
          <details className="sacap-fold" ref={openOnWideScreen}>
            <summary>Show the layers</summary>
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
          </details>
          {choropleth && <WmsLegends layers={layers} positions={[...rasters].reverse().map((r) => Number(r.key))} config={config} />}
        </div>
        <div className="sacap-viewer__main">
          {choropleth && grid ? (
            <GridMap
              grid={grid}
              onGrid={setGrid}
              indicatorName={choropleth.indicators.find((i) => i.code === grid.query.indicator)?.name ?? grid.query.indicator}
              state={state}
              setState={setState}
              rasters={rasters}
              config={config}
              handle={handle}
              onRasterError={(key) => setErrors((e) => ({ ...e, [key]: "The map server did not answer for this layer." }))}
            />
          ) : choropleth ? (
            <ChoroplethMap
              options={choropleth}
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
                id={VIEWER_REGIONS.map}
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
        <MapNotes sources={choropleth && !grid && choice.geotype === "State" ? outlines : undefined} />
      </div>
      <MapFocusKey />
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

