import { expect, test } from "@playwright/test";
import { PORTAL_ROUTES } from "../../app/features/navigation/routes";

/**
 * Links, table links and form actions carry only the parameters a page understands: a URL padded with
 * unknown parameters must not be copied into every link of the page (it made /catalog/climate grow from
 * 160 KB to 1.85 MB for a 16 KB query).
 */
const PAGES = PORTAL_ROUTES.map((route) => route.example ?? route.path).filter((path) => !path.includes(":"));
const JUNK = `zzjunk=${"x".repeat(400)}&${Array.from({ length: 40 }, (_, i) => `zzk${i}=${"y".repeat(300)}`).join("&")}`;

for (const path of PAGES) {
  test(`${path} copies no unknown parameter into its links`, async ({ request }) => {
    const plain = await (await request.get(path)).text();
    const response = await request.get(`${path}${path.includes("?") ? "&" : "?"}${JUNK}`);
    const html = await response.text();
    expect(html.includes("zzjunk"), "the unknown parameter appears in the page").toBe(false);
    expect(html.includes("zzk1"), "the unknown parameter appears in the page").toBe(false);
    // The page is the same size give or take a little (the echoed query in a canonical or share field at most).
    expect(html.length).toBeLessThan(plain.length + 2_000);
  });
}

test("table links keep what the page understands (search, sort, facets, page state)", async ({ request }) => {
  const html = await (await request.get(`/catalog/climate?q=rain&in.source=CHIRPS&in.nope=1&f.evil=x&${JUNK}`)).text();
  const sortLinks = [...html.matchAll(/href="(\/catalog\/climate\?[^"]*sort=name[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  expect(sortLinks.length).toBeGreaterThan(0);
  const params = new URL(sortLinks[0], "http://x").searchParams;
  expect(params.get("q")).toBe("rain");
  expect(params.getAll("in.source")).toEqual(["CHIRPS"]);
  expect([...params.keys()].sort()).toEqual(["in.source", "q", "sort"]);

  const explorer = await (await request.get(`/cmip6-data?indicator=pr&geo=BGD&${JUNK}`)).text();
  const tableLink = explorer.match(/href="(\/cmip6-data\?[^"]*t\.sort=year[^"]*)"/)?.[1].replace(/&amp;/g, "&");
  expect(tableLink).toBeDefined();
  const kept = new URL(tableLink!, "http://x").searchParams;
  expect(kept.get("indicator")).toBe("pr");
  expect(kept.get("geo")).toBe("BGD");
  expect([...kept.keys()].some((key) => key.startsWith("zz"))).toBe(false);
});
