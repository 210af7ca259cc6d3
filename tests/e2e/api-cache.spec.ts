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
  // the four lists of the form and the reference tables, and the view of the selection (what the page
  // shows, computed by the server): no series until every value is asked for
  expect([...seen].sort()).toEqual([
    "/api/cmip6/list/cmip6Models",
    "/api/cmip6/list/geos",
    "/api/cmip6/list/indicators",
    "/api/cmip6/list/scenarios",
    "/api/views/cmip6-data",
  ]);

  await sidebar.getByRole("link", { name: "Wiki" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wiki");
  await sidebar.getByRole("link", { name: "CMIP6 data explorer" }).click();
  await expect(page.getByRole("table", { name: /NEX-GDDP-CMIP6 models \(35\)/ })).toBeVisible();
  expect(seen).toHaveLength(5);

  // the dense table's every value loads when the table is used: the selection's series, once
  await page.getByRole("grid", { name: /Values by year and model/ }).hover();
  await expect.poll(() => seen.filter((path) => path === "/api/cmip6/annual")).toHaveLength(1);
});

test("a profile's first load makes no /api request, and its view stays in the cache for the next visit", async ({ page }) => {
  const seen = apiRequests(page);
  await page.goto("/profiles/nepal");
  await hydrated(page);
  // the reader scrolls to the table, whose section is laid out only near the screen (decision 028): nothing
  // is asked of the API, and the sections above it have their real heights before the link below is clicked
  const table = page.getByRole("table", { name: /Nepal, SSP5-8.5/ });
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  expect(seen).toEqual([]);

  await page.getByRole("link", { name: "open in the explorer" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Nepal/ })).toBeVisible();
  await page.getByRole("link", { name: "Nepal climate profile" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nepal climate profile");
  // the profile's view was in the cache from the first load
  expect(seen.filter((path) => path.startsWith("/api/views/profile/"))).toEqual([]);
});
