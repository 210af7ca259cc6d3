import { expect, test } from "@playwright/test";
import { getSeries } from "../support/series";

/**
 * States and provinces are places of the same rank as countries: the series API answers them annual,
 * monthly, by window and by warming level, the geos list names their country, and an unknown code is a 400
 * that names `geo` and the places it may have meant.
 */
const ANNUAL = "/api/cmip6/annual";
const MONTHLY = "/api/cmip6/v1/monthly";
const UNITS = [
  ["IN-UP", "Uttar Pradesh"],
  ["PK-KP", "Khyber Pakhtunkhwa"],
  ["NP-BA", "Bagmati zone"],
  ["BD-C", "Dhaka"],
] as const;

test("the geos list has the 24 places first, then each country's states and provinces with their country, then the disputed areas", async ({ request }) => {
  const geos = (await (await request.get("/api/cmip6/list/geos")).json()) as { field_value: string; name: string; field_geotype: string; field_country?: string }[];
  expect(geos.slice(0, 24).map((g) => g.field_geotype)).not.toContain("State");
  const up = geos.find((g) => g.field_value === "IN-UP");
  expect(up).toMatchObject({ name: "Uttar Pradesh", field_geotype: "State", field_country: "IND" });
  expect(geos.filter((g) => g.field_geotype === "State").length).toBe(148);
});

for (const [code, name] of UNITS) {
  test(`geo=${code} answers annual, monthly, window and warming-level series, as sample data`, async ({ request }) => {
    const annual = await getSeries(request, `${ANNUAL}?indicator=tas&geo=${code}&window=2040-2059`);
    expect(annual.geo).toEqual({ code, name, type: "State" });
    expect(annual.sample).toBe(true);
    expect(annual.windows!.length).toBeGreaterThan(0);
    expect(annual.windows![0].change!.median).toBeGreaterThan(0);
    const monthly = await getSeries(request, `${MONTHLY}?indicator=pr&geo=${code}&start=2020&end=2021&model=MIROC6`);
    expect(monthly.geo.code).toBe(code);
    const level = await getSeries(request, `${ANNUAL}?indicator=tas&geo=${code}&start=2100&window=gwl:2.0`);
    expect(level.windows!.map((w) => w.window.code)).toEqual(["gwl:2.0", "gwl:2.0"]);
  });
}

test("a state's values differ from its country's and from its neighbours'", async ({ request }) => {
  const mean = async (geo: string) => (await getSeries(request, `${ANNUAL}?indicator=tas&geo=${geo}&window=1995-2014&scenario=historical`)).windows![0].median!;
  const [india, up, kerala, ladakh] = await Promise.all(["IND", "IN-UP", "IN-KL", "IN-LA"].map(mean));
  expect(new Set([india, up, kerala, ladakh]).size).toBe(4);
  expect(ladakh).toBeLessThan(kerala);
});

test("an unknown place is a 400 naming geo, with the places it may have meant", async ({ request }) => {
  const response = await request.get(`${ANNUAL}?indicator=tas&geo=Uttar%20Pradesh`);
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.error.details.field).toBe("geo");
  expect(body.error.message).toContain('Unknown geo "Uttar Pradesh"; did you mean IN-UP (Uttar Pradesh)?');
  const typo = await (await request.get(`${ANNUAL}?indicator=tas&geo=IN-UPP`)).json();
  expect(typo.error.message).toMatch(/did you mean .*IN-UP \(Uttar Pradesh\)/);
});

test("a state's profile: by its slug, its code redirects there, and the sitemap lists it", async ({ request }) => {
  const page = await request.get("/profiles/uttar-pradesh");
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Outline: Natural Earth 1:10m Admin 1");
  expect(html).toContain("The boundaries and names shown and the designations used on this map do not imply official endorsement or acceptance.");
  const byCode = await request.get("/profiles/IN-UP", { maxRedirects: 0 });
  expect(byCode.status()).toBe(301);
  expect(byCode.headers()["location"]).toBe("/profiles/uttar-pradesh");
  // two Punjabs, each with its own address
  expect((await request.get("/profiles/punjab-pakistan")).status()).toBe(200);
  expect((await request.get("/profiles/punjab-india")).status()).toBe(200);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await sitemap.text();
  expect(xml).toMatch(/<loc>http:\/\/[^<]+\/profiles\/uttar-pradesh<\/loc>/);
  expect(xml.match(/\/profiles\/[a-z0-9-]+<\/loc>/g)!.length).toBe(183);
});

test("the disputed areas are places of their own: listed apart, answered with who administers and claims each, profiled as disputed", async ({ request }) => {
  const geos = (await (await request.get("/api/cmip6/list/geos")).json()) as { field_value: string; name: string; field_geotype: string; field_country?: string; field_status?: string }[];
  const disputed = geos.filter((g) => g.field_geotype === "Disputed");
  expect(disputed.map((g) => g.name)).toEqual(expect.arrayContaining(["Aksai Chin", "Gilgit-Baltistan", "Jammu and Kashmir", "Arunachal Pradesh", "Siachen Glacier"]));
  // belonging to no country, and never listed among a country's states and provinces
  expect(disputed.every((g) => g.field_country === undefined)).toBe(true);

  const annual = await getSeries(request, `${ANNUAL}?indicator=tas&geo=XD-B07&window=2040-2059`);
  expect(annual.geo).toEqual({ code: "XD-B07", name: "Aksai Chin", type: "Disputed", status: "Administered by China; claimed by India" });
  expect(annual.sample).toBe(true);
  expect(annual.windows![0].change!.median).toBeGreaterThan(0);
  const level = await getSeries(request, `${ANNUAL}?indicator=pr&geo=XD-B08&start=2100&window=gwl:2.0`);
  expect(level.geo.status).toBe("Administered by Pakistan; claimed by India");
  expect(level.windows!.map((w) => w.window.code)).toEqual(["gwl:2.0", "gwl:2.0"]);

  const page = await request.get("/profiles/aksai-chin-disputed-area");
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Disputed area: administered by China; claimed by India");
  expect(html).toContain("Outline: Natural Earth 1:50m Admin 0 - Breakaway and disputed areas, version 5.1 (2022); public domain");
  expect(html).toContain("The boundaries and names shown and the designations used on this map do not imply official endorsement or acceptance.");
  // the state of India of the same name keeps its address; the disputed area has its own
  expect((await request.get("/profiles/arunachal-pradesh")).status()).toBe(200);
  const byCode = await request.get("/profiles/XD-B00", { maxRedirects: 0 });
  expect(byCode.headers()["location"]).toBe("/profiles/arunachal-pradesh-disputed-area");
  const map = await request.get("/profiles/aksai-chin-disputed-area/map.svg");
  expect(await map.text()).toContain("Aksai Chin, a disputed area: administered by China; claimed by India, highlighted");
});
