import { linearScale, niceTicks, paddedExtent, tickLabels } from "~/lib/chart-scale";

export interface LineSeries {
  label: string;
  color: string;
  /** [x, y] points; null y breaks the line. */
  points: [number, number | null][];
  /** Optional shaded range [x, low, high]. */
  band?: [number, number | null, number | null][];
}

/** Colour-blind safe line colours (Okabe and Ito), in the order lines take them. */
export const LINE_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7"];

interface LineChartProps {
  title: string;
  series: LineSeries[];
  yLabel: string;
  /** What the x values are, for the chart's description. @default "year" */
  xLabel?: string;
  /** Labelled x ticks (e.g. month names); by default round numbers of the x range. */
  xTicks?: { value: number; label: string }[];
  /** @default 720 */
  width?: number;
  /** @default 300 */
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 34, left: 56 };

function path(points: [number, number][], x: (v: number) => number, y: (v: number) => number): string {
  return points.map(([px, py], i) => `${i === 0 ? "M" : "L"}${x(px).toFixed(1)},${y(py).toFixed(1)}`).join("");
}

/** Runs of consecutive items that have values (a gap breaks the line or band). */
function splitRuns<T>(items: readonly T[], present: (item: T) => boolean): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  for (const item of items) {
    if (present(item)) run.push(item);
    else if (run.length) {
      out.push(run);
      run = [];
    }
  }
  if (run.length) out.push(run);
  return out;
}

const hasValue = (v: number | null) => v !== null && Number.isFinite(v);

/**
 * A line chart drawn as plain SVG on the server: it needs no chart library and no JavaScript, so it is
 * there on the first load of a slow link. The data are also given as a table next to it. Its ticks are round
 * numbers, each written with the decimals the axis's step needs (`tickLabels`).
 */
export function LineChart({ title, series, yLabel, xLabel = "year", xTicks, width = 720, height = 300 }: LineChartProps) {
  const xs = series.flatMap((s) => s.points.map(([px]) => px));
  const ys = series.flatMap((s) => [...s.points.map(([, py]) => py), ...(s.band ?? []).flatMap(([, lo, hi]) => [lo, hi])]);
  const xDomain = paddedExtent(xs, 0);
  const yDomain = paddedExtent(ys);
  if (!xDomain || !yDomain) return <p>No values to draw.</p>;
  const x = linearScale(xDomain, [MARGIN.left, width - MARGIN.right]);
  const y = linearScale(yDomain, [height - MARGIN.bottom, MARGIN.top]);
  const yTicks = niceTicks(yDomain[0], yDomain[1], 5);
  const yLabels = tickLabels(yTicks);
  const xValues = xTicks ? [] : niceTicks(xDomain[0], xDomain[1], 8);
  const xLabels = tickLabels(xValues);
  return (
    <figure className="sacap-line-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}. ${yLabel} by ${xLabel}.`} preserveAspectRatio="xMidYMid meet">
        {yTicks.map((tick, i) => (
          <g key={`y${tick}`} className="sacap-line-chart__grid">
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {yLabels[i]}
            </text>
          </g>
        ))}
        {(xTicks ?? xValues.map((value, i) => ({ value, label: xLabels[i] }))).map((tick) => (
          <text key={`x${tick.value}`} className="sacap-line-chart__tick" x={x(tick.value)} y={height - MARGIN.bottom + 16} textAnchor="middle">
            {tick.label}
          </text>
        ))}
        <text className="sacap-line-chart__axis" transform={`translate(14 ${(height - MARGIN.bottom + MARGIN.top) / 2}) rotate(-90)`} textAnchor="middle">
          {yLabel}
        </text>
        {series.map((s) =>
          (splitRuns(s.band ?? [], ([, lo, hi]) => hasValue(lo) && hasValue(hi)) as [number, number, number][][]).map((run, i) => {
            const upper = run.map(([px, , hi]) => [px, hi] as [number, number]);
            const lower = run.map(([px, lo]) => [px, lo] as [number, number]).reverse();
            return <path key={`${s.label}-band-${i}`} d={`${path(upper, x, y)}${path(lower, x, y).replace(/^M/, "L")}Z`} fill={s.color} opacity={0.15} />;
          }),
        )}
        {series.map((s) =>
          (splitRuns(s.points, ([, py]) => hasValue(py)) as [number, number][][]).map((run, i) => <path key={`${s.label}-${i}`} d={path(run, x, y)} fill="none" stroke={s.color} strokeWidth={1.8} />),
        )}
      </svg>
      <figcaption className="sacap-line-chart__legend">
        {series.map((s) => (
          <span key={s.label}>
            <span className="sacap-line-chart__key" style={{ background: s.color }} aria-hidden />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
