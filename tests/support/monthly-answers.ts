import type { SeriesResponse } from "../../app/features/cmip6/series";

/**
 * Small monthly series answers for the unit tests of the analysis views: each model's value of a month is
 * `value(model, year, month)`, every step of `start`-`end` in one block per scenario (the first scenario's
 * years up to 2014 when it is `historical` and a second follows).
 */
export function monthlyAnswer(options: {
  indicator: string;
  scenarios: ("historical" | "ssp245" | "ssp585")[];
  start: number;
  end: number;
  models: string[];
  value: (model: string, year: number, month: number) => number | null;
  /** Per model, the provenance id of its run (default "sample"); ids other than "sample" are ingested. */
  sources?: Record<string, string>;
  methods?: Record<string, string>;
}): SeriesResponse {
  const { scenarios, models, value } = options;
  const blocks = scenarios.map((scenario, i) => {
    const start = i === 0 ? options.start : Math.max(options.start, 2015);
    const end = i === 0 && scenarios.length > 1 ? Math.min(options.end, 2014) : options.end;
    const years: number[] = [];
    const months: number[] = [];
    for (let y = start; y <= end; y++) for (let m = 1; m <= 12; m++) (years.push(y), months.push(m));
    const empty = years.map(() => null);
    return {
      scenario,
      years,
      months,
      values: Object.fromEntries(models.map((model) => [model, years.map((y, k) => value(model, y, months[k]))])),
      stats: { median: empty, p10: empty, p90: empty, mean: empty, count: years.map(() => 0) },
      sources: Object.fromEntries(models.map((model) => [model, options.sources?.[model] ?? "sample"])),
      ...(options.methods ? { methods: options.methods } : {}),
    };
  });
  const ids = new Set(blocks.flatMap((b) => Object.values(b.sources)));
  return {
    indicator: { code: options.indicator, name: options.indicator, category: "1000", units: "", axisUnit: "", chartTitle: options.indicator, aggregation: "mean", decimals: 2 },
    geo: { code: "NPL", name: "Nepal", type: "Country" },
    frequency: "monthly",
    month: null,
    season: null,
    period: { start: options.start, end: options.end },
    scenarios: scenarios.map((code) => ({ code, name: code, period: { start: options.start, end: options.end } })),
    models: models.map((code) => ({ code, variant: "r1i1p1f1", grid: "gn" })),
    ensemble: false,
    series: blocks,
    provenance: Object.fromEntries([...ids].map((id) => [id, { source: id === "sample" ? "sample generator" : `${id} files`, method: "test", version: "1", sample: id === "sample" }])),
    sample: [...ids].includes("sample"),
  } as SeriesResponse;
}
