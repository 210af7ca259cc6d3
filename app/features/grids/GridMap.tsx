import { MapView } from "~/components/map/MapView";
import type { ImageOverlay, MapHandle, RasterLayer } from "~/components/map/types";
import type { MapConfig } from "~/features/maps/config";
import { COUNTRY_LABELS } from "~/features/maps/labels";
import { LegendBox } from "~/features/maps/LegendBox";
import type { MapState } from "~/features/maps/mapState";
import { VIEWER_REGIONS } from "~/features/maps/regions";
import { GRID_API, gridBounds, SOUTH_ASIA_AXES } from "./grid";
import { useGetGridSummaryQuery } from "./gridApi";
import { gridChoiceParams, summaryArg, type GridChoice } from "./gridChoice";
import { GridLegend, gridTitle } from "./GridLegend";
import { GridPointPanel } from "./GridPointPanel";
import { useCellCursor } from "./useCellCursor";

export interface GridMapProps {
  grid: GridChoice;
  onGrid: (g: GridChoice) => void;
  /** The name of the field's indicator (the viewer's Indicator select). */
  indicatorName: string;
  state: MapState;
  setState: React.Dispatch<React.SetStateAction<MapState>>;
  rasters: RasterLayer[];
  config: MapConfig;
  handle: React.MutableRefObject<MapHandle | null>;
  onRasterError: (key: string) => void;
}

/** The painted field's opacity over the basemap (the land and sea stay readable under it). */
const IMAGE_OPACITY = 0.9;

/**
 * The map viewer's gridded field: the server-painted image (`/api/cmip6/grid/image.png`) laid over the map
 * at the grid's bounds (in the server's drawing before any script, then on the map), its legend and
 * downloads, and the point query (a click, or the cell cursor by keyboard) with the cell's values.
 */
export function GridMap({ grid, onGrid, indicatorName, state, setState, rasters, config, handle, onRasterError }: GridMapProps) {
  const result = useGetGridSummaryQuery(summaryArg(grid));
  const summary = result.currentData ?? undefined;
  const missing = result.isError || result.currentData === null;
  const axes = summary?.axes ?? SOUTH_ASIA_AXES;
  const image: ImageOverlay = { key: "grid", url: `${GRID_API.image}?${gridChoiceParams(grid)}`, bounds: gridBounds(axes), opacity: IMAGE_OPACITY };
  const cursor = useCellCursor({ axes, center: state.center, zoom: state.zoom, onCenter: (center) => setState((s) => ({ ...s, center })) });
  const title = gridTitle(grid, summary?.indicator.name ?? indicatorName);
  const description = `${title}, painted per 0.25° cell over the land of South Asia${summary?.sample ? " (sample values)" : ""}. Click a cell, or with the map focused move the cell cursor with the arrow keys and press Enter, to read the cell's values; Escape closes them. The legend gives the colour scale.`;

  return (
    <>
      <div className="sacap-viewer__map-area">
        <div ref={cursor.box} className="sacap-grid-map" {...cursor.handlers}>
          <MapView
            id={VIEWER_REGIONS.map}
            center={state.center}
            zoom={state.zoom}
            onMove={(center, zoom) => setState((s) => ({ ...s, center, zoom }))}
            rasters={rasters}
            images={[image]}
            onRasterError={onRasterError}
            labels={COUNTRY_LABELS}
            label={`Map of ${title}`}
            description={description}
            mapboxToken={config.mapboxToken}
            handleRef={handle}
          />
          {cursor.cursor && (
            <div
              className="sacap-grid-map__cursor"
              data-testid="grid-cursor"
              data-row={cursor.cursor.cell.row}
              data-column={cursor.cursor.cell.column}
              data-lat={cursor.cursor.lat}
              data-lon={cursor.cursor.lon}
              style={{ left: cursor.cursor.left, top: cursor.cursor.top, width: cursor.cursor.width, height: cursor.cursor.height }}
              aria-hidden="true"
            />
          )}
        </div>
        <div className="sacap-viewer__hover" aria-live="polite">
          {cursor.cursor ? `Cell ${cursor.cursor.lat.toFixed(3)}° N, ${cursor.cursor.lon.toFixed(3)}° E: Enter reads its values.` : "Click a cell, or focus the map and use the arrow keys, to read a cell's values."}
        </div>
      </div>
      <LegendBox>
        <GridLegend grid={grid} summary={summary} indicatorName={indicatorName} missing={missing} onGrid={onGrid} />
      </LegendBox>
      <div aria-live="polite" className="sacap-grid-map__point">
        {cursor.read && <GridPointPanel grid={grid} axes={axes} cell={cursor.read} onClose={cursor.close} />}
      </div>
    </>
  );
}
