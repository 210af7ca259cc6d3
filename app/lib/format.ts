/**
 * The one way the portal shows a number: always the same count of decimals for a quantity (from the
 * indicator's declared decimals, or one more for period statistics), so 25.470 stands beside 25.261 and
 * never 25.47. Downloads keep full precision and never go through here.
 */
export function formatNumber(value: number | null | undefined, decimals: number, options: { signed?: boolean; missing?: string } = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return options.missing ?? "–";
  // no "-0.00": a value that rounds to zero shows without a sign
  const text = value.toFixed(decimals).replace(/^-(0(\.0+)?)$/, "$1");
  return options.signed && value > 0 && Number(text) !== 0 ? `+${text}` : text;
}

/** The same rule as a d3-format specifier, for chart tooltips and axes (Vega-Lite `format`). */
export const numberFormat = (decimals: number) => `.${Math.max(0, Math.round(decimals))}f`;
