import { LONG_SELECT } from "~/components/long-select";
import { Button, FormGroup, HTMLSelect, InputGroup, Radio } from "@blueprintjs/core";
import { lazy, Suspense, useState } from "react";
import { GeoOptions } from "../cmip6/GeoOptions";
import type { PlaceEntry } from "../places/places";
import { DEFAULT_REGION, polygonOutOfAddress, type OnDemandCatalog, type OnDemandState, type RegionChoice } from "./form";
import { encodePolygon, polygonSummary, type Geometry } from "./polygon";
import { readPolygonFile } from "./polygonFile";
import { describedProps, invalidProps, Problems } from "./Problems";
import type { FieldProblem } from "./types";
import { VerticesField } from "./VerticesField";

// the map and the drawing tools load when the user asks to draw, never with the page
const DrawRegion = lazy(() => import("./DrawRegion"));

interface RegionFieldProps {
  catalog: OnDemandCatalog;
  geos: readonly PlaceEntry[];
  state: OnDemandState;
  onChange: (state: OnDemandState) => void;
  problems: FieldProblem[];
  /** Vertices posted without JavaScript that were no polygon: the field shows them again. */
  postedVertices?: string;
}

/**
 * The region: a place (a country, basin, state or province, the place pickers grouped by country), one
 * grid cell (any point of it), or the user's own polygon, from a GeoJSON file or a zipped shapefile (read
 * in the browser; without JavaScript the form posts a GeoJSON file), typed as its vertices (the
 * keyboard's way; posted as they are without JavaScript), or drawn on a map.
 */
export function RegionField({ catalog, geos, state, onChange, problems, postedVertices }: RegionFieldProps) {
  const region = state.region ?? DEFAULT_REGION;
  // what each kind holds while another is chosen, so that switching back keeps it
  const [kept, setKept] = useState<{ geo: string; cell: string; polygon?: Geometry }>(() => ({
    geo: region.kind === "geo" ? region.geo : "NPL",
    cell: region.kind === "cell" ? region.cell : "",
    polygon: region.kind === "polygon" ? region.polygon : undefined,
  }));
  const [fileProblem, setFileProblem] = useState<FieldProblem | null>(null);
  const [reading, setReading] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const choose = (next: RegionChoice) => {
    if (next.kind === "geo") setKept((k) => ({ ...k, geo: next.geo }));
    if (next.kind === "cell") setKept((k) => ({ ...k, cell: next.cell }));
    if (next.kind === "polygon") setKept((k) => ({ ...k, polygon: next.polygon }));
    onChange({ ...state, region: next });
  };
  const all = fileProblem ? [fileProblem, ...problems] : problems;
  const geoProblems = all.filter((p) => p.field === "geo");
  const cellProblems = all.filter((p) => p.field === "cell");
  const polygonProblems = all.filter((p) => p.field === "polygon");
  const verticesProblems = all.filter((p) => p.field === "vertices");
  const regionProblems = all.filter((p) => !["geo", "cell", "polygon", "vertices"].includes(p.field));
  const polygon = region.kind === "polygon" ? region.polygon : kept.polygon;
  const { south, north, west, east } = catalog.grid;
  return (
    <fieldset className="sacap-explorer-form__group sacap-od-region" {...describedProps("region", regionProblems)}>
      <legend>Region</legend>
      <Radio name="region" value="geo" label="A place" checked={region.kind === "geo"} onChange={() => choose({ kind: "geo", geo: kept.geo })} />
      <FormGroup label="Place" labelFor="od-geo">
        <HTMLSelect id="od-geo" name="geo" value={kept.geo} onChange={(e) => choose({ kind: "geo", geo: e.currentTarget.value })} fill className={LONG_SELECT} {...invalidProps("geo", geoProblems)}>
          <GeoOptions geos={geos} />
        </HTMLSelect>
        <Problems part="geo" problems={geoProblems} />
      </FormGroup>
      <Radio name="region" value="cell" label="One grid cell (0.25°)" checked={region.kind === "cell"} onChange={() => choose({ kind: "cell", cell: kept.cell })} />
      <FormGroup label="Latitude, longitude" labelFor="od-cell" helperText={`Any point of the cell, within ${south} to ${north} °N and ${west} to ${east} °E.`}>
        <InputGroup id="od-cell" name="cell" placeholder="27.7, 85.3" value={kept.cell} onChange={(e) => choose({ kind: "cell", cell: e.currentTarget.value })} {...invalidProps("cell", cellProblems)} />
        <Problems part="cell" problems={cellProblems} />
      </FormGroup>
      <Radio name="region" value="polygon" label="Your own polygon" checked={region.kind === "polygon"} onChange={() => choose({ kind: "polygon", polygon })} />
      <FormGroup
        label="Polygon file"
        labelFor="od-polygon-file"
        helperText={`GeoJSON, or a zipped shapefile (read in your browser; without JavaScript, GeoJSON only). At most ${catalog.maxVertices.toLocaleString("en-US")} positions, within the grid.`}
      >
        <input
          id="od-polygon-file"
          className="sacap-od-file"
          type="file"
          name="polygonFile"
          accept=".geojson,.json,.zip,application/geo+json,application/json,application/zip"
          {...invalidProps("polygon", polygonProblems)}
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            setReading(true);
            const read = await readPolygonFile(file);
            setReading(false);
            if ("error" in read) {
              setFileProblem({ field: "polygon", rule: "geojson", message: read.error });
              return;
            }
            setFileProblem(null);
            choose({ kind: "polygon", polygon: read.geometry });
          }}
        />
      </FormGroup>
      <VerticesField polygon={polygon} posted={postedVertices} problems={verticesProblems} onPolygon={(typed) => choose({ kind: "polygon", polygon: typed })} />
      {polygon && <input type="hidden" name="polygon" value={encodePolygon(polygon)} />}
      <p className="sacap-od-hint" aria-live="polite">
        {reading ? "Reading the file…" : polygon ? `Your polygon: ${polygonSummary(polygon)}.` : ""}
        {polygon && polygonOutOfAddress({ ...state, region: { kind: "polygon", polygon } }) ? " It is too long for the page's address: the address keeps its job instead." : ""}
      </p>
      <Button className="sacap-needs-script" size="small" icon="map" text={drawing ? "Close the map" : "Draw on a map"} aria-expanded={drawing} onClick={() => setDrawing((d) => !d)} />
      {drawing && (
        <Suspense fallback={<p className="sacap-od-hint">Loading the map…</p>}>
          <DrawRegion
            bounds={catalog.grid}
            initial={polygon}
            onDone={(geometry) => {
              setDrawing(false);
              choose({ kind: "polygon", polygon: geometry });
            }}
          />
        </Suspense>
      )}
      <Problems part="polygon" problems={polygonProblems} />
      <Problems part="region" problems={regionProblems} />
    </fieldset>
  );
}
