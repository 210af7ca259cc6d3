import { useId } from "react";
import { formatNumber } from "~/lib/format";
import type { CellMap as CellMapData } from "./result";

/** Pixels a cell is drawn at, at most; a large region's cells are smaller, to fit the box. */
const MAX_CELL_PX = 40;
const MAX_WIDTH_PX = 560;

/**
 * The region's cells coloured by the ensemble median of the models' change (`cellMap`), drawn as SVG by the
 * server as well as in the browser: no map library, and there without JavaScript. Cells are 0.25° squares
 * in longitude and latitude; cells with low model agreement are hatched, as on the portal's change maps.
 */
export function CellMap({ map, units, label }: { map: CellMapData; units: string; label: string }) {
  const id = useId().replace(/:/g, "");
  const scale = Math.max(4, Math.min(MAX_CELL_PX, Math.floor(MAX_WIDTH_PX / map.columns)));
  const [width, height] = [(map.columns + 1) * scale, (map.rows + 1) * scale];
  const summary = `${label}: the change in each of the region's cells, ensemble median, from ${formatNumber(map.min, 2)} to ${formatNumber(map.max, 2)} ${units} over ${map.withValue} cells with a value. Hatched cells: fewer than 80 % of the models agree on the sign.`;
  const south = map.north - map.rows * map.step;
  const east = map.west + map.columns * map.step;
  return (
    <figure className="sacap-od-cellmap">
      <svg viewBox={`-0.5 -0.5 ${map.columns + 1} ${map.rows + 1}`} width={width} height={height} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
        <defs>
          <pattern id={`${id}hatch`} width="0.5" height="0.5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="0.5" stroke="#222" strokeWidth="0.08" />
          </pattern>
        </defs>
        {map.classes.map((c) => c.path && <path key={c.color} d={c.path} fill={c.color} />)}
        {map.missing && <path d={map.missing} fill="#cccccc" />}
        {map.hatched && <path d={map.hatched} fill={`url(#${id}hatch)`} />}
        {map.outline && <path d={map.outline} fill="none" stroke="#0b6623" strokeWidth={Math.max(0.06, 2 / scale)} />}
      </svg>
      <figcaption>
        {formatNumber(south, 2)} to {formatNumber(map.north, 2)} °N, {formatNumber(map.west, 2)} to {formatNumber(east, 2)} °E; cells of {map.step}°.
      </figcaption>
      <ul className="sacap-legend__classes sacap-od-cellmap__legend" aria-label={`Change (${units}), by class`}>
        {map.classes.map((c) => (
          <li key={c.color} className="sacap-legend__class">
            <span className="sacap-legend__swatch" style={{ backgroundColor: c.color }} aria-hidden="true" />
            <span className="sacap-legend__label">{c.label}</span>
          </li>
        ))}
        <li className="sacap-legend__class">
          <span className="sacap-legend__swatch" style={{ backgroundColor: "#cccccc" }} aria-hidden="true" />
          <span className="sacap-legend__label">no value</span>
        </li>
      </ul>
    </figure>
  );
}
