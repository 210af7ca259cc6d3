import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "@playwright/test";
import { z } from "zod";
import { seriesResponseSchema } from "../../app/features/cmip6/series";
import { parseCsv } from "../../app/lib/csv";

const PACK = "/profiles/nepal/data-pack.zip";
const FOLDER = "nepal-climate-profile";

const errorSchema = z.strictObject({
  error: z.strictObject({ status: z.number().int(), message: z.string().min(1), details: z.unknown().optional() }),
});

/** The CSV's table without its `#` lines. */
const csvTable = (text: string) => parseCsv(text.split("\r\n").filter((l) => !l.startsWith("#")).join("\r\n"));

test.describe("the profile page", () => {
  test("/profiles/nepal is the profile, with its tables and a link to the data pack", async ({ request }) => {
    const response = await request.get("/profiles/nepal");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    // React separates adjacent text with empty comments
    const html = (await response.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Nepal climate profile");
    expect(html).toMatch(/<table[^>]*sacap-profile__table/);
    expect(html).toContain("Projected change under SSP2-4.5");
    expect(html).toContain("Projected change under SSP5-8.5");
    expect(html).toContain(`href="${PACK}"`);
  });

  test("an unknown place is a 404, a geo code redirects to the slug", async ({ request }) => {
    expect((await request.get("/profiles/nowhere")).status()).toBe(404);
    const moved = await request.get("/profiles/NPL", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe("/profiles/nepal");
  });
});

test.describe("GET /profiles/:place/data-pack.zip", () => {
  test("answers the ZIP as an attachment, cacheable, marked as sample data", async ({ request }) => {
    const response = await request.get(PACK);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("application/zip");
    expect(headers["content-disposition"]).toBe('attachment; filename="nepal-climate-profile.zip"');
    expect(headers["cache-control"]).toBe("public, max-age=3600");
    expect(headers["etag"]).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(headers["x-sample-data"]).toBe("true");
    const body = await response.body();
    expect(body.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(Number(headers["content-length"])).toBe(body.length);

    const files = unzipSync(new Uint8Array(body));
    for (const name of ["README.md", "changes.csv", "changes.json", "climate-1995-2014.csv", "climate-1995-2014.json", "signals.txt", "map.svg", "climate-1995-2014.svg", "change-tas.svg", "change-pr.svg"]) {
      expect(Object.keys(files), name).toContain(`${FOLDER}/${name}`);
    }
    for (const name of Object.keys(files).filter((n) => n.endsWith(".svg"))) {
      expect(strFromU8(files[name]), name).toMatch(/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const readme = strFromU8(files[`${FOLDER}/README.md`]);
    expect(readme).toContain("**SAMPLE DATA.**");
    expect(readme).toMatch(/\/profiles\/nepal\b/);
    expect(strFromU8(files[`${FOLDER}/changes.csv`])).toContain("# sample data: true\r\n");
  });

  test("its change of mean temperature is the series API's, at full precision", async ({ request }) => {
    const pack = unzipSync(new Uint8Array(await (await request.get(PACK)).body()));
    const { header, rows } = csvTable(strFromU8(pack[`${FOLDER}/changes.csv`]));
    const col = (name: string) => header.indexOf(name);

    const api = seriesResponseSchema.parse(await (await request.get("/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245,ssp585&window=2080-2099")).json());
    expect(api.windows).toHaveLength(2);
    for (const w of api.windows!) {
      const row = rows.find((r) => r[col("indicator")] === "tas" && r[col("scenario")] === w.scenario && r[col("window")] === "2080-2099");
      expect(row, w.scenario).toBeDefined();
      expect(w.change?.median).not.toBeNull();
      expect(Number(row![col("change median")])).toBeCloseTo(w.change!.median!, 9);
      expect(Number(row![col("change p10")])).toBeCloseTo(w.change!.p10!, 9);
      expect(Number(row![col("change p90")])).toBeCloseTo(w.change!.p90!, 9);
      expect(Number(row![col("models")])).toBe(w.change!.count);
    }

    const json = JSON.parse(strFromU8(pack[`${FOLDER}/changes.json`]));
    expect(json.rows).toHaveLength(rows.length);
    expect(new Set(rows.map((r) => r[col("window")]))).toEqual(new Set(["2020-2039", "2040-2059", "2060-2079", "2080-2099", "gwl:1.5", "gwl:2.0", "gwl:3.0", "gwl:4.0"]));
  });

  test("revalidates with 304, answers HEAD, and gives the same bytes again", async ({ request }) => {
    const first = await request.get(PACK);
    const etag = first.headers()["etag"];
    const again = await request.get(PACK, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()["etag"]).toBe(etag);
    expect(await again.body()).toHaveLength(0);
    const head = await request.head(PACK);
    expect(head.status()).toBe(200);
    expect(head.headers()["etag"]).toBe(etag);
    expect(await head.body()).toHaveLength(0);
    const second = await request.get(PACK);
    expect((await second.body()).equals(await first.body())).toBe(true);
  });

  test("an unknown place is a JSON 404 naming it; a geo code moves to the slug's pack", async ({ request }) => {
    const missing = await request.get("/profiles/nowhere/data-pack.zip");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).toBe("application/json; charset=utf-8");
    const error = errorSchema.parse(await missing.json());
    expect(error.error.message).toContain("nowhere");

    const moved = await request.get("/profiles/NPL/data-pack.zip", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe(PACK);
  });

  test("refuses other methods with 405 and Allow", async ({ request, baseURL }) => {
    // sent as if from the portal's own pages, so that it gets past the cross-site check to the route
    const response = await request.post(PACK, { headers: { Origin: new URL(baseURL!).origin }, data: "{}" });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD");
    expect(errorSchema.safeParse(await response.json()).success).toBe(true);
  });
});
