import { expect, hydrated, test } from "./fixtures";

function apiRequests(page: import("@playwright/test").Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push(url.pathname);
  });
  return seen;
}

test("the first load of /cmip6-data makes no /api request: the cache is primed by the loader", async ({ page }) => {
  const seen = apiRequests(page);
  await page.goto("/cmip6-data");
  await hydrated(page);
  await expect(page.getByRole("table", { name: /NEX-GDDP-CMIP6 models \(35\)/ })).toBeVisible();
  expect(seen).toEqual([]);
});

test("client navigations request each list at most once per cache lifetime", async ({ page }) => {
  const seen = apiRequests(page);
  await page.goto("/wiki");
  await hydrated(page);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });

  await sidebar.getByRole("link", { name: "CMIP6 data explorer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("CMIP6 data explorer");
  await expect(page.getByRole("table", { name: /NEX-GDDP-CMIP6 models \(35\)/ })).toBeVisible();
  // the five lists (the warming levels for the window table), and the series the explorer draws: the
  // selection and its baseline years
  expect([...seen].sort()).toEqual([
    "/api/cmip6/annual",
    "/api/cmip6/annual",
    "/api/cmip6/list/cmip6Models",
    "/api/cmip6/list/geos",
    "/api/cmip6/list/indicators",
    "/api/cmip6/list/scenarios",
    "/api/cmip6/list/warming-levels",
  ]);

  await sidebar.getByRole("link", { name: "Wiki" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wiki");
  await sidebar.getByRole("link", { name: "CMIP6 data explorer" }).click();
  await expect(page.getByRole("table", { name: /NEX-GDDP-CMIP6 models \(35\)/ })).toBeVisible();
  expect(seen).toHaveLength(7);
});
