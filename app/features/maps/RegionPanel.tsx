import { Button } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { QueryState } from "~/components/QueryState";
import { SourceTag } from "~/features/cmip6/SourceTag";
import { useGetAnnualSeriesQuery } from "~/features/cmip6/seriesApi";
import { ENSEMBLE, seriesQueryString, type SeriesQuery } from "~/features/cmip6/seriesQuery";
import type { SeriesResponse } from "~/features/cmip6/series";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { agreementText, type Agreement } from "~/features/cmip6/windows";
import { formatNumber } from "~/lib/format";

interface RegionPanelProps {
  name: string;
  value: number | null | undefined;
  /** Projections: the change from 1995-2014 and the models' agreement on its sign. */
  change?: number | null;
  agreement?: Agreement | null;
  /** The map's period ("2040-2059", "+2 °C"). */
  period: string;
  incomplete?: string;
  query: SeriesQuery;
  model: string;
  /** The path of the place's climate profile. */
  profile: string;
  onClose: () => void;
}

/** A region's annual series for the map's selection, with a link to the data page. */
export function RegionPanel({ name, value, change, agreement, period, incomplete, query, model, profile, onClose }: RegionPanelProps) {
  const result = useGetAnnualSeriesQuery(query);
  return (
    <aside className="sacap-region-panel" aria-label={`${name}: time series`} data-testid="region-panel">
      <header className="sacap-region-panel__header">
        <h2>{name}</h2>
        <Button minimal icon="cross" aria-label="Close the region panel" onClick={onClose} />
      </header>
      <QueryState data={result.data} isError={result.isError} what="series">
        {(data) => (
          <>
            <p>
              Period climatology ({period}): <strong>{value === null || value === undefined ? (incomplete ?? "no data") : `${formatNumber(value, displayDecimalsOf(data.indicator.code))} ${data.indicator.units}`}</strong>{" "}
              <SourceTag data={data} what="series" />
            </p>
            {change !== undefined && (
              <p>
                Change from {BASELINE_PERIOD.label}:{" "}
                <strong>{change === null ? "no data" : `${formatNumber(change, displayDecimalsOf(data.indicator.code), { signed: true })} ${data.indicator.units}`}</strong>
                {agreement && ` (${agreementText(agreement)})`}
              </p>
            )}
            <LineChart data={data} model={model} />
          </>
        )}
      </QueryState>
      <p className="sacap-region-panel__links">
        <Link to={`/cmip6-data?${seriesQueryString(query)}`}>Open this series in CMIP6 data</Link> ·{" "}
        <Link to={profile}>{name} climate profile</Link>
      </p>
    </aside>
  );
}

const W = 320;
const H = 160;
const PAD = { left: 40, right: 8, top: 8, bottom: 22 };

function LineChart({ data, model }: { data: SeriesResponse; model: string }) {
  const points = data.series.flatMap((block) => {
    const values = model === ENSEMBLE ? block.stats.median : block.values[model] ?? [];
    return block.years.map((year, i) => ({ year, value: values[i] })).filter((p): p is { year: number; value: number } => typeof p.value === "number");
  });
  if (points.length < 2) return <p>No values to draw.</p>;
  const years = points.map((p) => p.year);
  const values = points.map((p) => p.value);
  const [x0, x1] = [Math.min(...years), Math.max(...years)];
  const [y0, y1] = [Math.min(...values), Math.max(...values)];
  const x = (v: number) => PAD.left + ((v - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - ((v - y0) / (y1 - y0 || 1)) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i ? "L" : "M"}${x(p.year).toFixed(1)},${y(p.value).toFixed(1)}`).join("");
  // the series' extremes, at the indicator's display decimals
  const decimals = displayDecimalsOf(data.indicator.code);
  const title = `${data.indicator.chartTitle} (${data.indicator.units}), ${x0}-${x1}${model === ENSEMBLE ? ", ensemble median" : `, ${model}`}`;
  return (
    <svg className="sacap-region-panel__chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
      <title>{title}</title>
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="currentColor" strokeOpacity={0.4} />
      <text x={PAD.left - 4} y={y(y1) + 4} textAnchor="end" fontSize={10} fill="currentColor">{formatNumber(y1, decimals)}</text>
      <text x={PAD.left - 4} y={y(y0)} textAnchor="end" fontSize={10} fill="currentColor">{formatNumber(y0, decimals)}</text>
      <text x={PAD.left} y={H - 6} fontSize={10} fill="currentColor">{x0}</text>
      <text x={W - PAD.right} y={H - 6} textAnchor="end" fontSize={10} fill="currentColor">{x1}</text>
      <path d={path} fill="none" stroke="#0b6623" strokeWidth={1.5} />
    </svg>
  );
}
