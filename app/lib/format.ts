/**
 * The one way the portal shows a number: always the same count of decimals for a quantity, so 25.4 stands
 * beside 25.0 and never 25. An indicator's values take the decimals a reader can use
 * (`displayDecimalsOf` in app/features/cmip6/indicatorRules.ts), the same in tables, charts and text; the
 * answers behind them are finer. Downloads keep full precision and never go through here.
 */
export function formatNumber(value: number | null | undefined, decimals: number, options: { signed?: boolean; missing?: string } = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return options.missing ?? "–";
  // no "-0.00": a value that rounds to zero shows without a sign
  const text = roundHalfAway(value, decimals).toFixed(decimals).replace(/^-(0(\.0+)?)$/, "$1");
  return options.signed && value > 0 && Number(text) !== 0 ? `+${text}` : text;
}

/**
 * `value` rounded to `decimals` places as its decimal digits read, half away from zero as people round:
 * 14.85 to one decimal is 14.9 (toFixed alone gives 14.8, the double nearest 14.85 being a little below it).
 * Shown values are often the answers' values with a decimal or two fewer, so such ties are common.
 */
function roundHalfAway(value: number, decimals: number): number {
  // past 1e15 a double has no decimals to round (and its text takes an exponent)
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return value;
  // shift the decimal point in the shortest text of the number, where 14.85 is 14.85
  const [mantissa, exponent = "0"] = String(Math.abs(value)).split("e");
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  return Math.sign(value) * Number(`${shifted}e${-decimals}`);
}

/** The same rule as a d3-format specifier, for chart tooltips (Vega-Lite `format`). */
export const numberFormat = (decimals: number) => `.${Math.max(0, Math.round(decimals))}f`;

/**
 * The d3-format specifier of a chart's value axis: fixed point without a precision, which Vega completes
 * with the decimals the axis's tick step needs (d3's `precisionFixed`: ticks 2 apart read 12, 14; 0.5
 * apart 12.0, 12.5; 0.25 apart 12.00, 12.25), the same for every tick of the axis. Ticks are round
 * numbers: the values' decimals on them ("12.0000") would claim a precision the axis has not.
 */
export const AXIS_FORMAT = ",f";
