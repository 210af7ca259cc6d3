import type { OpenApiDocument } from "../../app/features/api-docs/openapi";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

/** The API page (`/api-docs`): every endpoint of the OpenAPI description, usable without JavaScript. */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("lists every endpoint of the description with parameters, examples and statuses; no serious axe violations", async ({ page, pageErrors }) => {
  test.slow();
  const document = (await (await page.request.get("/api/openapi.json")).json()) as OpenApiDocument;
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "Data API" })).toBeVisible();
  for (const [path, item] of Object.entries(document.paths)) {
    const methods = Object.keys(item).map((m) => m.toUpperCase()).join(", ");
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${methods} ${escape(path)}$`) })).toBeVisible();
  }
  const annual = page.getByTestId("api-getAnnualSeries");
  await expect(annual.getByRole("table", { name: "Parameters of /api/cmip6/annual" }).getByRole("rowheader")).toHaveText([
    "indicator (required)",
    "geo (required)",
    "scenario",
    "model",
    "start",
    "end",
    "scale",
    "window",
  ]);
  await expect(annual.getByText(/^curl -s 'http:\/\/localhost:\d+\/api\/cmip6\/annual\?indicator=tas&geo=NPL/)).toBeVisible();
  await annual.getByText("Example answer").click();
  await expect(annual.getByText(/"sample": true/).first()).toBeVisible();
  await expect(annual.getByRole("table", { name: "Status codes of /api/cmip6/annual" }).getByRole("rowheader")).toHaveText(["200", "304", "400", "404", "405", "429", "503"]);
  await expect(page.getByRole("heading", { level: 3, name: "Python (requests, pandas, matplotlib)" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "R (httr2, base graphics)" })).toBeVisible();

  await expect(page.getByRole("link", { name: "/api/openapi.json" }).and(page.locator('[href="/api/openapi.json"]'))).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("the navigation search and the sidebar lead to it", async ({ page, pageErrors }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.locator(".sacap-sidebar").getByRole("link", { name: "Data API" })).toHaveAttribute("href", "/api-docs");
  await page.keyboard.press("/");
  await expect(page.getByPlaceholder("Search pages…")).toBeFocused();
  await page.keyboard.type("data api");
  await expect(page.getByRole("option").first()).toHaveText(/Data API/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/api-docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data API");
  // after a client navigation the endpoints are built from the description at its own URL
  await expect(page.getByRole("heading", { level: 3, name: "GET, HEAD /api/cmip6/annual" })).toBeVisible();
  await expect(page.getByTestId("api-getAnnualSeries").getByRole("table", { name: "Parameters of /api/cmip6/annual" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("the link to the description opens it in the browser as text", async ({ page }) => {
  await page.goto("/api-docs");
  await page.getByRole("link", { name: "/api/openapi.json" }).and(page.locator('[href="/api/openapi.json"]')).click();
  await expect(page).toHaveURL("/api/openapi.json");
  await expect(page.locator("body")).toContainText('"openapi":"3.1');
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server HTML has every endpoint, its example request and the code examples", async ({ page }) => {
    const document = (await (await page.request.get("/api/openapi.json")).json()) as OpenApiDocument;
    const response = await page.goto("/api-docs");
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    for (const path of Object.keys(document.paths)) expect(html).toContain(`<code>${path}</code>`);
    expect(html).toContain("/api/cmip6/v1/monthly?indicator=pr&amp;geo=BGD");
    expect(html).toContain("resp_body_json()");
    expect(html).toContain("import pandas as pd");
    // the example answers open without scripts (native disclosure)
    const monthly = page.getByTestId("api-getMonthlySeries");
    await monthly.getByText("Example answer").click();
    await expect(monthly.getByText(/"frequency": "monthly"/)).toBeVisible();
  });
});
