import { Button } from "@blueprintjs/core";
import { useState } from "react";
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
  /** Back to the fitted range. */
  onReset?: () => void;
  /** The legend drawn, when the map's colours are not the ramp from min to max (a gridded field's classes). */
  legend?: GradientLegend;
}

/**
 * The shared legend with an editable colour range: a new minimum or maximum applies as it is typed, once
 * it is a number on the right side of the other end. Until then (a minus sign, a maximum whose first digit
 * is still below the minimum) the field keeps what the reader typed and the map keeps its range; leaving
 * the field shows the range in force again.
 */
export function ScaleLegend({ title, unit, range, ramp, onRange, onFit, onReset, legend }: ScaleLegendProps) {
  const [min, max] = range;
  const set = (which: 0 | 1, v: number) => {
    const next: [number, number] = which === 0 ? [v, max] : [min, v];
    if (next[0] < next[1]) onRange(next);
  };
  return (
    <div className="sacap-scale-legend">
      <Legend legend={legend ?? gradientLegend(title, unit, min, max, ramp)} />
      <div className="sacap-scale-legend__controls">
        <label>
          Min <RangeInput value={min} onValue={(v) => set(0, v)} label="Colour scale minimum" />
        </label>
        <label>
          Max <RangeInput value={max} onValue={(v) => set(1, v)} label="Colour scale maximum" />
        </label>
        {onFit && <Button small onClick={onFit} text="Fit to view" />}
        {onReset && <Button small minimal onClick={onReset} text="Default" />}
      </div>
    </div>
  );
}

/** A number field of the range: what the reader types while they type, the range's end otherwise. */
function RangeInput({ value, onValue, label }: { value: number; onValue: (v: number) => void; label: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      type="number"
      step="any"
      value={draft ?? value}
      aria-label={label}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setDraft(text);
        const v = Number(text);
        if (text !== "" && Number.isFinite(v)) onValue(v);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
