import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../app/features/catalog/schema";
import { getSeeds } from "../seeds.server";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { createSeriesService, type SeriesService } from "../series/service.server";
import { entrySeriesOf, entrySeriesView } from "./entry-data.server";
import { createReferenceService, type ReferenceService } from "./reference.server";

let series: SeriesService;
let reference: ReferenceService;
beforeAll(() => {
  series = createSeriesService(getSeeds(), new SampleSeriesStore());
  reference = createReferenceService(getSeeds());
});

const entry = (id: string): CatalogEntry => reference.list("getCatalogData").find((e) => e.id === id)!;

describe("the series behind a catalogue entry", () => {
  it("follows cmip6_id to the indicator, at the entry's frequency", () => {
    const indicators = reference.list("getIndicators");
    expect(entrySeriesOf(entry("nex-gddp-cmip6-pr-cmip6-v1-monthly"), indicators)).toMatchObject({ indicator: { field_value: "pr", tid: "401" }, frequency: "monthly" });
    expect(entrySeriesOf(entry("nex-gddp-cmip6-fd-annual"), indicators)).toMatchObject({ indicator: { field_value: "fd" }, frequency: "annual" });
    expect(entrySeriesOf(entry("chirps-rainfall-afg-l1-monthly"), indicators)).toBeUndefined();
  });

  it("has no data view for entries the portal holds no values of", async () => {
    expect(await entrySeriesView(series, reference, entry("chirps-rainfall-afg-l1-monthly"), new URLSearchParams())).toBeUndefined();
  });

  it("draws a monthly entry as the mean annual cycle of the baseline and of each window", async () => {
    const view = await entrySeriesView(series, reference, entry("nex-gddp-cmip6-tas-cmip6-v1-monthly"), new URLSearchParams("geo=NPL&window=2040-2059"));
    expect(view?.geo).toBe("NPL");
    const data = view!.result!.data;
    if (data.kind !== "monthly") throw new Error("expected a monthly view");
    expect(data.window.label).toBe("2040-2059");
    expect(data.rows.map((r) => `${r.scenario} ${r.period.label}`)).toEqual([
      "historical 1995-2014",
      ...["ssp245", "ssp585"].flatMap((s) => ["2020-2039", "2040-2059", "2060-2079", "2080-2099"].map((w) => `${s} ${w}`)),
    ]);
    expect(data.rows[1].label).toMatch(/^SSP2-4\.5 .*2020-2039$/);

    // July of the baseline by hand: the ensemble median of each July 1995-2014, averaged
    const resolved = series.resolve("monthly", { indicator: "tas", geo: "NPL", scenario: ["historical"], start: 1995, end: 2014, month: 7 });
    if (!resolved.ok) throw new Error(resolved.message);
    const answer = await series.answer(resolved.value, "full");
    if ("status" in answer) throw new Error(answer.message);
    const julys = answer.series[0].stats.median as number[];
    expect(julys).toHaveLength(20);
    expect(data.rows[0].months[6]).toBeCloseTo(julys.reduce((a, b) => a + b, 0) / 20, 6);
    // Nepal is warmer in July than in January, and warmer late in the century under SSP5-8.5
    expect(data.rows[0].months[6]!).toBeGreaterThan(data.rows[0].months[0]!);
    expect(data.rows.at(-1)!.months[0]!).toBeGreaterThan(data.rows[0].months[0]!);
  });

  it("draws an annual entry as the scenarios over the years, measuring changes from the historical baseline", async () => {
    const view = await entrySeriesView(series, reference, entry("nex-gddp-cmip6-tas-cmip6-annual"), new URLSearchParams("geo=nowhere"));
    expect(view?.geo).toBe(reference.list("getGeos")[0].field_value);
    expect(view?.explorable).toBe(true);
    const data = view!.result!.data;
    if (data.kind !== "annual") throw new Error("expected an annual view");
    expect(data.lines.map((l) => l.label)).toEqual([expect.stringMatching(/^Historical/), expect.stringMatching(/^SSP2-4\.5/), expect.stringMatching(/^SSP5-8\.5/)]);
    const [historical, ssp245, ssp585] = data.windows;
    expect(historical.baseline).not.toBeNull();
    expect(ssp245.baseline).toBe(historical.baseline);
    expect(ssp585.values[3]!).toBeGreaterThan(ssp245.values[3]!);
    expect(view!.result!.origin.kind).toBe("sample");
    expect(view!.result!.sources.join(" ")).toMatch(/sample/i);
  });
});
