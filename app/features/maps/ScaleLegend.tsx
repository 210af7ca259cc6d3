import { Button } from "@blueprintjs/core";
import { Legend } from "~/components/Legend";
import type { GradientLegend } from "~/features/pyaez/schema";
import { gradientLegend, type RampName } from "./colorScale";

interface ScaleLegendProps {
  title: string;
  unit: string;
  range: [number, number];
  ramp: RampName;
  onRange: (range: [number, number]) => void;
  onFit?: () => void;
  onReset?: () => void;
  /** The legend drawn, when the map's colours are not the ramp from min to max (a gridded field's classes). */
  legend?: GradientLegend;
}

/** The shared legend with an editable colour range. */
export function ScaleLegend({ title, unit, range, ramp, onRange, onFit, onReset, legend }: ScaleLegendProps) {
  const [min, max] = range;
  const set = (which: 0 | 1, text: string) => {
    const v = Number(text);
    if (text === "" || !Number.isFinite(v)) return;
    const next: [number, number] = which === 0 ? [v, max] : [min, v];
    if (next[0] < next[1]) onRange(next);
  };
  return (
    <div className="sacap-scale-legend">
      <Legend legend={legend ?? gradientLegend(title, unit, min, max, ramp)} />
      <div className="sacap-scale-legend__controls">
        <label>
          Min <input type="number" step="any" value={min} onChange={(e) => set(0, e.currentTarget.value)} aria-label="Colour scale minimum" />
        </label>
        <label>
          Max <input type="number" step="any" value={max} onChange={(e) => set(1, e.currentTarget.value)} aria-label="Colour scale maximum" />
        </label>
        {onFit && <Button small onClick={onFit} text="Fit to view" />}
        {onReset && <Button small minimal onClick={onReset} text="Default" />}
      </div>
    </div>
  );
}
