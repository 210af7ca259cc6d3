import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { indicatorListSchema } from "../../app/features/cmip6/schema";
import { THI_CODES } from "../../app/features/cmip6/livestockHeat";
import { getSeries } from "../support/series";

/** The livestock heat-stress day counts through the series API: monthly, seasons and years add the months. */

const indicators = indicatorListSchema.parse(JSON.parse(readFileSync(new URL("../../seeds/indicators.json", import.meta.url), "utf8")));
const MONTHLY = "/api/cmip6/v1/monthly";
const ANNUAL = "/api/cmip6/annual";


test("every THI day count is a monthly climate extreme index in days, listed by the indicators endpoint", async ({ request }) => {
  const listed = indicatorListSchema.parse(await (await request.get("/api/cmip6/list/indicators")).json());
  for (const { code } of THI_CODES) {
    const entry = listed.find((i) => i.field_value === code);
    expect(entry, code).toMatchObject({ field_category: "1001", field_var_unit: "days", field_api_type: "monthly" });
    expect(indicators.some((i) => i.field_value === code)).toBe(true);
  }
});

test("monthly counts of days, summed for seasons and years, without the models that lack the variables", async ({ request }) => {
  const months = await getSeries(request, `${MONTHLY}?indicator=thimax79&geo=IND&scenario=ssp585&start=2050&end=2051`);
  expect(months.indicator).toMatchObject({ code: "thimax79", units: "days", aggregation: "sum", decimals: 1, category: "1001" });
  expect(months.sample).toBe(true);
  // daily maximum with huss: no CESM2 (tasmax) nor MIROC6 (huss)
  const codes = months.models.map((m) => m.code);
  expect(codes).not.toContain("CESM2");
  expect(codes).not.toContain("MIROC6");
  expect(codes).toContain("BCC-CSM2-MR");
  const mean = await getSeries(request, `${MONTHLY}?indicator=thimean79&geo=IND&scenario=ssp585&start=2050&end=2051`);
  expect(mean.models.map((m) => m.code)).not.toContain("BCC-CSM2-MR");
  expect(mean.models.map((m) => m.code)).toContain("CESM2");

  const block = months.series[0];
  const model = "ACCESS-CM2";
  const values = block.values[model];
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  values.forEach((v, i) => {
    expect(v).not.toBeNull();
    expect(v!).toBeGreaterThanOrEqual(0);
    expect(v!).toBeLessThanOrEqual(days[block.months![i] - 1]);
  });
  const season = await getSeries(request, `${MONTHLY}?indicator=thimax79&geo=IND&scenario=ssp585&start=2050&end=2051&model=${model}&season=JJAS`);
  const year = await getSeries(request, `${ANNUAL}?indicator=thimax79&geo=IND&scenario=ssp585&start=2050&end=2051&model=${model}`);
  for (const [k, y] of [2050, 2051].entries()) {
    const of = (from: number, to: number) => values.slice(k * 12 + from - 1, k * 12 + to).reduce((a, b) => a! + b!, 0)!;
    // stored values are rounded to one decimal: sums of rounded months within a few tenths
    expect(Math.abs(season.series[0].values[model][k]! - of(6, 9))).toBeLessThanOrEqual(0.25);
    expect(Math.abs(year.series[0].values[model][k]! - of(1, 12))).toBeLessThanOrEqual(0.7);
    expect(year.series[0].years[k]).toBe(y);
  }
  expect(year.indicator.aggregation).toBe("sum");
});

test("a THI code that does not exist is refused, naming the field", async ({ request }) => {
  const response = await request.get(`${MONTHLY}?indicator=thimax80&geo=IND`);
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.error.details.field).toBe("indicator");
});
