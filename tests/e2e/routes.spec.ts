import { PORTAL_ROUTES } from "../../app/features/navigation/routes";
import { expect, seriousViolations, test } from "./fixtures";

const urls = PORTAL_ROUTES.map((route) => route.example ?? route.path);

test.describe("every route", () => {
  for (const url of urls) {
    test(`${url} renders with its heading, no console errors and no serious axe violations`, async ({ page, pageErrors }) => {
      // an axe run over a whole page takes seconds of CPU: room for a busy machine, not a speed check
      test.slow();
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page).toHaveTitle(/SACAP/);
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(pageErrors).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("server HTML without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // one browser page visits a group of routes in turn: the check is the server's HTML, not a page's set-up;
  // the groups run side by side instead of one long test at the end of the run
  const GROUP = 10;
  for (let first = 0; first < urls.length; first += GROUP) {
    const group = urls.slice(first, first + GROUP);
    test(`routes ${first + 1}-${first + group.length} of ${urls.length} (${group[0]} to ${group[group.length - 1]}) have their title and a visible heading in the server HTML`, async ({ page, request }) => {
      test.setTimeout(group.length * 5_000);
      for (const url of group) {
        const html = await (await request.get(url)).text();
        expect.soft(html, url).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
        expect.soft(html, url).toContain("<title>");
        await page.goto(url);
        await expect.soft(page.locator("h1"), url).toBeVisible();
      }
    });
  }
});

test("an unknown path is a 404 page in the blank layout with a link home", async ({ page, pageErrors }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.locator(".sacap-sidebar")).toHaveCount(0);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
  expect(pageErrors).toEqual([]);
});

test("unknown ids of parameter routes are the same not-found page as an unknown path", async ({ page, pageErrors }) => {
  for (const url of ["/no/such/page", "/data-chart/node/no-such-dataset", "/data/sector/nowhere", "/catalog/astrology", "/data-chart/section/0"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page, url).toHaveTitle(/^Page not found/);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" }), url).toBeVisible();
    // the blank layout: no sidebar, navbar or footer
    await expect(page.locator("main.sacap-blank"), url).toBeVisible();
    await expect(page.locator(".sacap-layout"), url).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to the home page" }), url).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search the data catalogue" }), url).toBeVisible();
  }
  // the search works from the not-found page
  await page.getByRole("searchbox", { name: "Search the data catalogue" }).fill("rainfall");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/data\/catalog\?q=rainfall/);
  expect(pageErrors).toEqual([]);
});

test("/analytics shows its index child", async ({ page }) => {
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Climate and crops");
  await expect(page.getByRole("navigation", { name: "Analyses" })).toBeVisible();
});

test("the collector navigation bar shows in the data collector area only", async ({ page }) => {
  await page.goto("/data/catalog");
  await expect(page.getByRole("navigation", { name: "Data collector", exact: true })).toBeVisible();
  await page.goto("/data-chart/tag/view");
  await expect(page.getByRole("navigation", { name: "Data collector", exact: true })).toBeVisible();
  await page.goto("/wiki");
  await expect(page.getByRole("navigation", { name: "Data collector", exact: true })).toHaveCount(0);
});

test("no analytics or captcha script is requested unless configured", async ({ page }) => {
  const hosts: string[] = [];
  page.on("request", (r) => hosts.push(new URL(r.url()).hostname));
  await page.goto("/contact/form");
  await page.waitForLoadState("networkidle");
  expect(hosts.filter((h) => h !== "localhost")).toEqual([]);
  expect(await page.locator('script[src*="googletagmanager"], script[src*="recaptcha"]').count()).toBe(0);
});
