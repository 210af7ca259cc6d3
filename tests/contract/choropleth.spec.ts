import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { AGREEMENT_THRESHOLD } from "../../app/features/cmip6/windows";
import type { ChoroplethResponse } from "../../app/features/maps/choropleth";

/** The places as the portal ships them (`seeds/geos.json`). */
const geos = JSON.parse(readFileSync("seeds/geos.json", "utf8")) as { field_value: string; name: string; field_geotype: string; field_country?: string }[];

/**
 * `/api/viewer/choropleth`: the period as `window` (a 20-year window or a global warming level) or
 * `start`-`end`; for projections each region's change from 1995-2014 with the models' sign agreement.
 */
const BASE = "/api/viewer/choropleth?geotype=Country";

/** `search` without `indicator` asks for mean temperature. */
async function get(request: APIRequestContext, search: string) {
  const response = await request.get(`${BASE}&${search.includes("indicator=") ? "" : "indicator=tas&"}${search}`);
  return { status: response.status(), body: await response.json() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)] + sorted[Math.ceil(mid)]) / 2;
};

test.describe("choropleth window", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a warming level: each model over its own window, with the models in and left out", async ({ request }) => {
    const { status, body } = await get(request, "scenario=ssp245&model=ensemble&window=gwl:2.0");
    expect(status).toBe(200);
    const answer = body as ChoroplethResponse;
    if (answer.window.kind !== "gwl") throw new Error("expected a warming-level window");
    expect(answer.window).toMatchObject({ code: "gwl:2.0", label: "+2 °C", level: 2, scenario: "ssp245" });
    expect(answer.window.models).toBe(Object.keys(answer.window.periods).length);
    expect(answer.window.of).toBe(answer.window.models + answer.window.notReached.length + answer.window.notInTable.length);
    expect(answer.window.text).toBe(`+2 °C: ${answer.window.models} of ${answer.window.of} models under SSP2-4.5 (middle of the road)`);
    expect(answer.window.note).toContain("Hauser et al.");
    for (const model of answer.window.notInTable) expect(answer.window.note).toContain(model);
    expect(answer.baseline).toBe("1995-2014");
    expect(answer.agreementRule).toMatch(/at least 80 % of the models agree on its sign/);

    // India recomputed from the series API: each model's mean over its window, minus its 1995-2014 mean
    const series = await (await request.get("/api/cmip6/annual?indicator=tas&geo=IND&scenario=historical,ssp245&start=1995&end=2100")).json();
    const blocks: { scenario: string; years: number[]; values: Record<string, (number | null)[]> }[] = series.series;
    const mean = (model: string, start: number, end: number) => {
      const picked: number[] = [];
      for (let year = start; year <= end; year++) {
        const block = blocks.find((b) => b.values[model] && b.years.includes(year))!;
        picked.push(block.values[model][block.years.indexOf(year)]!);
      }
      return picked.reduce((a, b) => a + b, 0) / picked.length;
    };
    const entries = Object.entries(answer.window.periods);
    expect(entries.some(([, p]) => p.start < 2015)).toBe(true); // windows before 2015 join the historical run
    const means = entries.map(([model, p]) => mean(model, p.start, p.end));
    const changes = entries.map(([model], i) => means[i] - mean(model, 1995, 2014));
    const india = answer.values.find((v) => v.geo === "IND")!;
    expect(india.models).toBe(entries.length);
    // the yearly values sent are rounded (0.01 °C): their means are within half of that of the map's, which
    // takes the unrounded values and rounds once
    const half = 0.5 * 10 ** -answer.indicator.decimals;
    expect(Math.abs(india.value! - median(means))).toBeLessThanOrEqual(half);
    expect(Math.abs(india.change! - median(changes))).toBeLessThanOrEqual(half);
    // and exactly the series API's own statistic of the window
    const window = (await (await request.get("/api/cmip6/annual?indicator=tas&geo=IND&scenario=ssp245&window=gwl:2.0")).json()).windows[0];
    expect(india.value).toBe(window.median);
    expect(india.change).toBe(window.change.median);
    const up = changes.filter((c) => c > 0).length;
    expect(india.agreement).toEqual({ sign: 1, agree: up, count: entries.length, robust: up / entries.length >= AGREEMENT_THRESHOLD });
  });

  test("a 20-year window as window= and as start and end give the same answer", async ({ request }) => {
    const byWindow = await get(request, "scenario=ssp585&model=ensemble&window=2080-2099");
    const byYears = await get(request, "scenario=ssp585&model=ensemble&start=2080&end=2099");
    expect(byWindow.status).toBe(200);
    expect(byWindow.body.window).toEqual({ kind: "years", code: "2080-2099", label: "2080-2099", start: 2080, end: 2099 });
    expect(byWindow.body.period).toEqual({ start: 2080, end: 2099 });
    expect(byWindow.body).toEqual(byYears.body);
  });

  for (const bad of ["gwl:2.5", "gwl:x", "2059-2040", "", "gwl:2.0&start=2040"]) {
    test(`window=${bad} is a 400 naming window and its allowed values`, async ({ request }) => {
      const { status, body } = await get(request, `scenario=ssp245&model=ensemble&window=${bad}`);
      expect(status).toBe(400);
      expect(body.error.details.field).toBe("window");
      expect(body.error.details.allowed).toEqual(expect.arrayContaining(["2040-2059", "gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"]));
    });
  }

  test("warming levels only under SSP2-4.5 and SSP5-8.5", async ({ request }) => {
    const { status, body } = await get(request, "scenario=historical&model=ensemble&window=gwl:1.5");
    expect(status).toBe(400);
    expect(body.error.details.field).toBe("window");
  });
});

test.describe("choropleth change and agreement", () => {
  test.describe.configure({ timeout: 90_000 });

  test("agreement counts the models of the change; robust iff at least 80 % agree", async ({ request }) => {
    for (const search of ["indicator=pr&scenario=ssp585&model=ensemble&window=2080-2099", "scenario=ssp585&model=ensemble&window=gwl:4.0"]) {
      const { status, body } = await get(request, search);
      expect(status).toBe(200);
      const answer = body as ChoroplethResponse;
      for (const v of answer.values) {
        expect(v.agreement, v.geo).toBeTruthy();
        const a = v.agreement!;
        expect(a.count).toBe(v.models);
        expect(a.agree).toBeLessThanOrEqual(a.count);
        expect(a.robust).toBe(a.agree / a.count >= AGREEMENT_THRESHOLD);
        // a robust sign is the sign of the median change
        if (a.robust && a.sign !== 0) expect(Math.sign(v.change!), v.geo).toBe(a.sign);
      }
    }
  });

  test("a comma list of models is a subset; one model and the ensemble keep working", async ({ request }) => {
    const subset = await get(request, "scenario=ssp245&model=CanESM5,MIROC6,ACCESS-CM2&window=2040-2059");
    expect(subset.status).toBe(200);
    expect(subset.body.model).toBe("CanESM5,MIROC6,ACCESS-CM2");
    expect(subset.body.values.every((v: { models: number; agreement: { count: number } }) => v.models === 3 && v.agreement.count === 3)).toBe(true);
    const one = await get(request, "scenario=ssp245&model=CanESM5&window=gwl:4.0");
    expect(one.status).toBe(200);
    expect(one.body.window.text).toBe("+4 °C: 1 of 1 models under SSP2-4.5 (middle of the road)");
    expect(one.body.values.every((v: { models: number }) => v.models === 1)).toBe(true);
    const bad = await get(request, "scenario=ssp245&model=CanESM5,Nope&window=2040-2059");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.field).toBe("model");
    // historical periods have no change
    const past = await get(request, "scenario=historical&model=ensemble&window=1995-2014");
    expect(past.status).toBe(200);
    expect(past.body.values[0].change).toBeUndefined();
    expect(past.body.agreementRule).toBeUndefined();
  });
});

test.describe("choropleth of the states and provinces", () => {
  test.describe.configure({ timeout: 90_000 });

  test("geotype=State answers every unit: a value, or an explicit reason for having none", async ({ request }) => {
    const response = await request.get("/api/viewer/choropleth?indicator=tas&geotype=State&scenario=ssp245&model=ensemble&window=2040-2059");
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as ChoroplethResponse;
    expect(answer.geotype).toBe("State");
    const states = geos.filter((g) => g.field_geotype === "State");
    expect(states).toHaveLength(148);
    expect(answer.values.map((v) => v.geo)).toEqual(states.map((g) => g.field_value));
    expect(answer.values.map((v) => v.name)).toEqual(states.map((g) => g.name));
    for (const v of answer.values) {
      // the Maldives' southern atolls lie outside the models' grid: where the archive has no series, it says so
      if (v.value === null) expect(v.missing ?? v.incomplete, v.geo).toMatch(/\w/);
      else expect(typeof v.value, v.geo).toBe("number");
      expect(v.change === null || typeof v.change === "number", v.geo).toBe(true);
    }
    // the same statistic as the series API's for the unit (and as the countries have)
    const up = answer.values.find((v) => v.geo === "IN-UP")!;
    const window = (await (await request.get("/api/cmip6/annual?indicator=tas&geo=IN-UP&scenario=ssp245&window=2040-2059")).json()).windows[0];
    expect(up.value).toBe(window.median);
    expect(up.change).toBe(window.change.median);
  });
});
