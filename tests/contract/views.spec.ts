import { gzipSync } from "node:zlib";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "@playwright/test";
import { parseCsv } from "../../app/lib/csv";
import { formatNumber } from "../../app/lib/format";

/** The CSV's table without its `#` lines. */
const csvTable = (text: string) => parseCsv(text.split("\r\n").filter((l) => !l.startsWith("#")).join("\r\n"));

test.describe("what a profile or the explorer ships", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const url of ["/profiles/nepal", "/profiles/bhutan", "/profiles/ganges", "/cmip6-data", "/cmip6-data?indicator=pr&geo=NPL&view=change", "/cmip6-data?indicator=tas&geo=BTN&view=cycle"]) {
    test(`${url}: at most 50 KB compressed, with no series in its data`, async ({ request }) => {
      const html = await (await request.get(url)).text();
      expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(50 * 1024);
      expect(html).not.toContain("getAnnualSeries");
      expect(html).not.toContain("getMonthlySeries");
      // a profile also fits 200 KB uncompressed (the explorer does not yet: its reference lists and tables)
      if (url.startsWith("/profiles/")) expect(Buffer.byteLength(html)).toBeLessThanOrEqual(200 * 1024);
    });
  }

  test("a profile's view has the numbers of its data pack, rounded as the page shows them", async ({ request }) => {
    const response = await request.get("/api/views/profile/nepal?rows=all");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-sample-data"]).toBe("true");
    const view = await response.json();
    expect(view.allRows).toBe(true);
    expect(view.rows).toHaveLength(view.rowCount);
    const pack = unzipSync(new Uint8Array(await (await request.get("/profiles/nepal/data-pack.zip")).body()));
    const { header, rows } = csvTable(strFromU8(pack["nepal-climate-profile/changes.csv"]));
    const col = (name: string) => header.indexOf(name);
    let compared = 0;
    for (const row of view.rows) {
      for (const [scenario, cells] of Object.entries(row.changes as Record<string, Record<string, { median: number | null }>>)) {
        for (const [window, cell] of Object.entries(cells)) {
          const packed = rows.find((r) => r[col("indicator")] === row.code && r[col("scenario")] === scenario && r[col("window")] === window);
          expect(packed, `${row.code} ${scenario} ${window}`).toBeDefined();
          const full = packed![col("change median")];
          expect(formatNumber(cell.median, row.decimals)).toBe(formatNumber(full === "" ? null : Number(full), row.decimals));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    const first = await (await request.get("/api/views/profile/nepal")).json();
    expect(first.allRows).toBe(false);
    expect(first.rows.length).toBeLessThan(view.rows.length);
  });

  test("the view endpoints name a bad parameter (400) and an unknown place (404)", async ({ request }) => {
    const rows = await request.get("/api/views/profile/nepal?rows=everything");
    expect(rows.status()).toBe(400);
    expect((await rows.json()).error.details.field).toBe("rows");
    expect((await request.get("/api/views/profile/atlantis")).status()).toBe(404);
    const view = await request.get("/api/views/cmip6-data?indicator=tas&geo=NPL&view=sideways");
    expect(view.status()).toBe(400);
    expect((await view.json()).error.details.field).toBe("view");
    const indicator = await request.get("/api/views/cmip6-data?indicator=nonsense&geo=NPL");
    expect(indicator.status()).toBe(400);
    expect((await indicator.json()).error.details.field).toBe("indicator");
    expect((await request.get("/api/views/cmip6-data?indicator=tas&geo=atlantis")).status()).toBe(404);
  });

  test("the explorer's view is the page's: its window rows are the series API's", async ({ request }) => {
    const view = await (await request.get("/api/views/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245,ssp585")).json();
    const api = await (await request.get("/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245,ssp585&window=2080-2099")).json();
    for (const w of api.windows) {
      const row = view.results.windows.rows.find((r: { scenario: string; code: string }) => r.scenario === w.scenario && r.code === "2080-2099");
      expect(row.change).toBeCloseTo(w.change.median, view.results.windows.decimals);
    }
    // the dense table's first page (`DENSE_TABLE_PAGE_SIZE`), and another size when the query names one
    expect(view.results.table.initial.pageRows).toHaveLength(25);
    const sized = await (await request.get("/api/views/cmip6-data?indicator=tas&geo=NPL&scenario=ssp245,ssp585&t.size=50&t.page=2")).json();
    expect(sized.results.table.initial.page).toBe(2);
    expect(sized.results.table.initial.pageRows).toHaveLength(50);
    expect(sized.results.table.initial.pageRows.map((r: { key: string }) => r.key)[0]).toBe("ssp245-2065");
  });

  test("the model-selection view ships its points, not the series: the page primes the same answer", async ({ request }) => {
    const query = "geo=NPL&view=spread&ssp=ssp585&window=gwl:2.0";
    const answer = await request.get(`/api/views/cmip6-data?${query}`);
    expect(answer.status()).toBe(200);
    const view = await answer.json();
    expect(view.results).toBeNull();
    expect(view.spread.place).toBe("Nepal");
    expect(view.spread.spread.points.length).toBeGreaterThan(20);
    expect(view.spread.spread.levels.level).toBe(2);
    const html = await (await request.get(`/cmip6-data?${query}`)).text();
    const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html)![1];
    const entries = Object.values((JSON.parse(context) as { state: { loaderData: Record<string, { apiCache?: { endpointName: string; value: unknown }[] } | null> } }).state.loaderData).flatMap((d) => d?.apiCache ?? []);
    expect(entries.map((e) => e.endpointName).filter((n) => n.endsWith("Series"))).toEqual([]);
    expect(entries.find((e) => e.endpointName === "getExplorerView")!.value).toEqual(view);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(200 * 1024);
  });
});
