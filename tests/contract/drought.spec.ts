import { expect, test } from "@playwright/test";
import { spei, spi } from "../../app/features/cmip6/drought";
import { roundTo } from "../../app/features/cmip6/indicatorRules";
import { CMIP6_EXPERIMENT_PERIODS, DAYS_IN_MONTH } from "../../app/features/cmip6/periods";
import { seriesResponseSchema } from "../../app/features/cmip6/series";
import { climatologyOf } from "../../server/series/sample/climatology";
import { GEO_CLIMATES } from "../../server/series/sample/geo-climates";
import { modelTraits } from "../../server/series/sample/models";
import { samplePet } from "../../server/series/sample/pet";
import { generateRun } from "../../server/series/sample/run";

/**
 * SPI and SPEI behind the series API: the `scale` parameter (its values, default, 400s, ETags) and values
 * equal to the drought functions called on the sample store's monthly series of one model.
 */

const MONTHLY = "/api/cmip6/v1/monthly";
const ANNUAL = "/api/cmip6/annual";
const ONE = "geo=NPL&scenario=historical&model=MIROC6&start=2000&end=2014";

test("each monthly scale answers and states its method; the default is 3 monthly, 12 annual", async ({ request }) => {
  for (const scale of [1, 3, 6, 12]) {
    const response = await request.get(`${MONTHLY}?indicator=spi&${ONE}&scale=${scale}`);
    expect(response.status()).toBe(200);
    const body = seriesResponseSchema.parse(await response.json());
    expect(body.method).toMatchObject({ index: "spi", scale, reference: { start: 1985, end: 2014 } });
    expect(body.method?.references.join(" ")).toContain("McKee");
    expect(body.warnings).toEqual([]);
  }
  const monthly = seriesResponseSchema.parse(await (await request.get(`${MONTHLY}?indicator=spei&${ONE}`)).json());
  expect(monthly.method).toMatchObject({ index: "spei", scale: 3, distribution: expect.stringMatching(/log-logistic/), evapotranspiration: { historical: { MIROC6: expect.stringMatching(/^Sample: FAO-56 Penman-Monteith/) } } });
  const annual = seriesResponseSchema.parse(await (await request.get(`${ANNUAL}?indicator=spei&${ONE}`)).json());
  expect(annual.method).toMatchObject({ scale: 12, text: expect.stringContaining("ending in December") });
  expect((await request.get(`${ANNUAL}?indicator=spei&${ONE}&scale=12`)).status()).toBe(200);
});

test("a bad scale, an annual scale other than 12 and a scale on another indicator are 400s naming scale", async ({ request }) => {
  for (const url of [
    `${MONTHLY}?indicator=spi&${ONE}&scale=5`,
    `${MONTHLY}?indicator=spi&${ONE}&scale=abc`,
    `${ANNUAL}?indicator=spei&${ONE}&scale=3`,
    `${MONTHLY}?indicator=tas&${ONE}&scale=3`,
    `${ANNUAL}?indicator=pr&${ONE}&scale=12`,
  ]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(400);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { error: { message: string; details: { field: string } } };
    expect(body.error.details.field, url).toBe("scale");
    expect(body.error.message).toContain("scale");
  }
});

test("the ETag differs by scale, and the default's is scale=3's", async ({ request }) => {
  const etag = async (query: string) => (await request.head(`${MONTHLY}?indicator=spi&${ONE}${query}`)).headers().etag;
  const [none, three, six] = [await etag(""), await etag("&scale=3"), await etag("&scale=6")];
  expect(none).toBeTruthy();
  expect(none).toBe(three);
  expect(six).not.toBe(three);
  const cached = await request.get(`${MONTHLY}?indicator=spi&${ONE}&scale=6`, { headers: { "If-None-Match": six } });
  expect(cached.status()).toBe(304);
});

test("values equal the drought functions on the sample store's series of one model (SPI-6 and SPEI-3, ssp585 with its historical run)", async ({ request }) => {
  // the generator's runs of the model, made here as the sample store makes them
  const clim = climatologyOf(GEO_CLIMATES.NPL);
  const runs = (["historical", "ssp585"] as const).map((scenario) =>
    generateRun({ geo: "NPL", model: "MIROC6", scenario, period: CMIP6_EXPERIMENT_PERIODS[scenario], clim, traits: modelTraits("MIROC6") }),
  );
  const joined = (hist: Float64Array, future: Float64Array) => {
    const all = new Float64Array(hist.length + future.length);
    all.set(hist);
    all.set(future, hist.length);
    return all;
  };
  const pr = joined(runs[0].pr, runs[1].pr);
  // the sample store's pet of each run (FAO-56 Penman-Monteith from the generator's monthly means: MIROC6
  // has hurs, rsds and sfcWind); written out here: monthly totals and the water balance P - PET in mm
  const pet = joined(samplePet(runs[0], "penman-monteith"), samplePet(runs[1], "penman-monteith"));
  const totals = pr.map((p, i) => p * DAYS_IN_MONTH[i % 12]);
  const balance = pr.map((p, i) => (p - pet[i]) * DAYS_IN_MONTH[i % 12]);
  const expected = {
    spi: spi(totals, { startYear: 1950, scale: 6 }).values,
    spei: spei(balance, { startYear: 1950, scale: 3 }).values,
  };
  for (const [index, scale] of [["spi", 6], ["spei", 3]] as const) {
    const body = seriesResponseSchema.parse(
      await (await request.get(`${MONTHLY}?indicator=${index}&geo=NPL&scenario=ssp585&model=MIROC6&start=2040&end=2045&scale=${scale}`)).json(),
    );
    const values = body.series[0].values.MIROC6;
    expect(values).toHaveLength(72);
    const direct = Array.from(expected[index].subarray((2040 - 1950) * 12, (2046 - 1950) * 12)).map((v) => (Number.isNaN(v) ? null : roundTo(v, 2)));
    expect(values).toEqual(direct);
    expect(body.sample).toBe(true);
    expect(body.series[0].sources.MIROC6).toBe("sample");
  }
});
