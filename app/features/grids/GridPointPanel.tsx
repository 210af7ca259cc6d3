import { Button } from "@blueprintjs/core";
import { QueryState } from "~/components/QueryState";
import { SampleTag } from "~/components/SampleTag";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { AGREEMENT_THRESHOLD } from "~/features/cmip6/windows";
import { formatNumber } from "~/lib/format";
import { cellBounds, gridParams, type GridAxes, type GridPointResponse } from "./grid";
import { useGetGridPointQuery } from "./gridApi";
import type { GridChoice } from "./gridChoice";
import type { Cell } from "./useCellCursor";

const degrees = (v: number, positive: string, negative: string) => `${formatNumber(Math.abs(v), 3)}° ${v < 0 ? negative : positive}`;

/** The point query's parameters of a cell: the field's and the cell's centre. */
export function pointParams(grid: GridChoice, axes: GridAxes, cell: Cell) {
  const { lat, lon } = cellBounds(axes, cell.row, cell.column);
  const params = gridParams(grid.query);
  params.set("lat", String(lat));
  params.set("lon", String(lon));
  return params.toString();
}

/** The values of one cell of the field (`/api/cmip6/grid/point`): bounds, baseline, change and its spread, agreement, models. */
export function GridPointPanel({ grid, axes, cell, onClose }: { grid: GridChoice; axes: GridAxes; cell: Cell; onClose: () => void }) {
  const result = useGetGridPointQuery(pointParams(grid, axes, cell));
  const { lat, lon } = cellBounds(axes, cell.row, cell.column);
  const title = `Cell at ${degrees(lat, "N", "S")}, ${degrees(lon, "E", "W")}`;
  return (
    <aside className="sacap-region-panel sacap-grid-point" aria-label={title} data-testid="grid-point" onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <header className="sacap-region-panel__header">
        <h2>{title}</h2>
        <Button minimal icon="cross" aria-label="Close the cell's values (Escape)" onClick={onClose} />
      </header>
      <QueryState data={result.currentData} isError={result.isError} what="cell's values">
        {(data) => <PointValues data={data} />}
      </QueryState>
    </aside>
  );
}

function PointValues({ data }: { data: GridPointResponse }) {
  // the indicator's display decimals (the answer is finer: `indicator.decimals` + 1)
  const d = displayDecimalsOf(data.indicator.code);
  const u = data.units ? ` ${data.units}` : "";
  const { values: v, cell } = data;
  const b = cell.bounds;
  const number = (x: number | null, signed = false) => (x === null ? "no value" : `${formatNumber(x, d, { signed })}${u}`);
  const a = v.agreement;
  return (
    <dl className="sacap-grid-point__values">
      <dt>Cell</dt>
      <dd data-testid="grid-point-bounds">
        {formatNumber(b.south, 3)}° to {formatNumber(b.north, 3)}° N, {formatNumber(b.west, 3)}° to {formatNumber(b.east, 3)}° E
      </dd>
      <dt>Baseline {data.baseline}</dt>
      <dd data-testid="grid-point-baseline">{number(v.baseline)}</dd>
      <dt>Change, {data.window.label} (median)</dt>
      <dd data-testid="grid-point-change">{number(v.change, true)}</dd>
      <dt>10th to 90th percentile</dt>
      <dd data-testid="grid-point-spread">
        {number(v.p10, true)} to {number(v.p90, true)}
      </dd>
      <dt>Period mean (median)</dt>
      <dd data-testid="grid-point-future">{number(v.future)}</dd>
      <dt>Agreement on the sign</dt>
      <dd data-testid="grid-point-agreement">
        {a
          ? `${a.agree} of ${a.count} models (${formatNumber(a.share * 100, 0)} %): ${a.robust ? "robust" : `not robust, fewer than ${Math.round(AGREEMENT_THRESHOLD * 100)} % agree`}`
          : "no change in this cell (sea or no data)"}
      </dd>
      <dt>Models counted</dt>
      <dd data-testid="grid-point-models">
        {a ? `${a.count} of ${data.models.length}` : `0 of ${data.models.length}`}
        <details>
          <summary>Models of the ensemble</summary>
          {data.models.join(", ")}
        </details>
      </dd>
      <dd className="sacap-grid-point__method">
        {data.agreementRule} {data.sample && <SampleTag what="values" />}
      </dd>
    </dl>
  );
}
