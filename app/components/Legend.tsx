import { useId } from "react";
import type { GradientLegend, Legend as LegendData, SquareLegend } from "~/features/pyaez/schema";
import { gradientCss, gradientStops, legendSummary, legendTicks } from "~/lib/legend";

/** Class legends longer than this scroll inside a box instead of pushing the page down. */
const LONG_CLASS_LIST = 12;

interface LegendProps {
  legend: LegendData;
  /** Extra class on the outer element (placement in a card or on a map). */
  className?: string;
}

/**
 * The legend of a map, one component for both kinds: a class legend ("square-horizontal": one swatch
 * and label per class) or a gradient (a colour ramp with tick labels and its unit).
 */
export function Legend({ legend, className }: LegendProps) {
  const titleId = useId();
  const classes = ["sacap-legend", `sacap-legend--${legend.type}`, className].filter(Boolean).join(" ");
  return (
    <div className={classes} role="group" aria-labelledby={legend.title ? titleId : undefined} aria-label={legend.title ? undefined : "Legend"}>
      {legend.title && (
        <p className="sacap-legend__title" id={titleId}>
          {legend.title}
          {legend.type === "gradient" && legend.unit && <span className="sacap-legend__unit"> ({legend.unit})</span>}
        </p>
      )}
      {legend.type === "gradient" ? <GradientRamp legend={legend} /> : <ClassList legend={legend} />}
    </div>
  );
}

function ClassList({ legend }: { legend: SquareLegend }) {
  const long = legend.scales.length > LONG_CLASS_LIST;
  return (
    <ul
      className={`sacap-legend__classes${long ? " sacap-legend__classes--long" : ""}`}
      aria-label={legendSummary(legend)}
      // A scrolling box must be reachable from the keyboard to scroll it.
      tabIndex={long ? 0 : undefined}
    >
      {legend.scales.map((scale) => (
        <li key={scale.label} className="sacap-legend__class">
          <span className="sacap-legend__swatch" style={{ backgroundColor: scale.color }} aria-hidden="true" />
          <span className="sacap-legend__label">{scale.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Labels at the ends align with the ends of the ramp, so they never stick out of it. */
function tickAlign(position: number): "start" | "middle" | "end" {
  if (position < 5) return "start";
  return position > 95 ? "end" : "middle";
}

function GradientRamp({ legend }: { legend: GradientLegend }) {
  const ticks = legendTicks(legend);
  return (
    <div className="sacap-legend__gradient">
      <div className="sacap-legend__ramp" role="img" aria-label={legendSummary(legend)} style={{ background: gradientCss(gradientStops(legend.style)) }} />
      <ol className="sacap-legend__ticks" aria-hidden="true">
        {ticks.map((tick, i) => (
          <li
            key={`${i}-${tick.label}`}
            className={`sacap-legend__tick sacap-legend__tick--${tickAlign(tick.position)}`}
            style={{ left: `${tick.position}%` }}
          >
            {tick.label}
          </li>
        ))}
      </ol>
    </div>
  );
}
