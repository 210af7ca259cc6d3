import { expect, hydrated, test } from "./fixtures";

/**
 * Charts drawn by the server: in the document before any script and without JavaScript; the chart library
 * loads only when a chart is used, and its view takes the drawing's place in the same box.
 */

const EXPLORER = "/cmip6-data?indicator=tas&geo=NPL";
const isChartLibrary = (url: string) => /\/VegaEmbedClient-[^/]*\.js$/.test(new URL(url).pathname);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const url of [EXPLORER, "/analytics/climate-water?geo=BGD", "/cmip6-data?indicator=pr&geo=BGD&view=spread&ssp=ssp585&window=gwl:3.0"]) {
    test(`${url}: every chart is drawn with its axes, values and an accessible name`, async ({ page }, testInfo) => {
      await page.goto(url);
      const drawings = page.locator(".sacap-chart svg.sacap-chart-svg:visible");
      const count = await page.locator("figure.sacap-chart").count();
      expect(count).toBeGreaterThan(0);
      await expect(drawings).toHaveCount(count);
      for (let i = 0; i < count; i++) {
        const svg = drawings.nth(i);
        await expect(svg).toHaveAttribute("role", "img");
        // the title and description name it; marks and axis labels are drawn
        const name = await svg.evaluate((el) => (el.getAttribute("aria-labelledby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "));
        expect(name.length).toBeGreaterThan(20);
        expect(await svg.locator("path").count()).toBeGreaterThan(3);
        const box = await svg.boundingBox();
        expect(box!.width).toBeGreaterThan(300);
        expect(box!.height).toBeGreaterThan(150);
      }
      await expect(drawings.first()).toContainText(/\d/);
      await testInfo.attach("page without JavaScript", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
    });
  }

  test("a phone gets the drawing made for its width", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(EXPLORER);
    const svg = page.locator(".sacap-chart svg.sacap-chart-svg:visible");
    await expect(svg).toHaveCount(1);
    await expect(svg).toHaveAttribute("width", "360");
  });
});

test("the chart library loads only when the chart is used, and its view replaces the drawing in the same box", async ({ page }) => {
  const library: string[] = [];
  page.on("request", (r) => {
    if (isChartLibrary(r.url())) library.push(r.url());
  });
  await page.goto(EXPLORER);
  await hydrated(page);
  const figure = page.locator("figure.sacap-chart").first();
  const slot = figure.locator(".sacap-chart__slot");
  await expect(figure.locator(".sacap-chart__drawing svg:visible")).toHaveCount(1);
  expect(library).toEqual([]);
  const before = await slot.boundingBox();

  await figure.hover();
  await expect(figure.locator(".sacap-chart__canvas svg")).toBeVisible();
  await expect(figure.locator(".sacap-chart__drawing")).toHaveCount(0);
  expect(library).toHaveLength(1);
  expect(await slot.boundingBox()).toEqual(before);
  // the interactive view shows the same chart
  await expect(figure.locator(".sacap-chart__canvas svg")).toContainText("Annual average temperature, Nepal");
});

test("from the keyboard: focusing the chart's export loads the view, Enter downloads the drawing", async ({ page }) => {
  await page.goto(EXPLORER);
  await hydrated(page);
  const figure = page.locator("figure.sacap-chart").first();
  const svgButton = figure.getByRole("button", { name: /as SVG/ });
  await figure.getByRole("button", { name: /as PNG/ }).focus();
  await page.keyboard.press("Tab");
  await expect(svgButton).toBeFocused();
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sacap-tas-NPL-.*\.svg$/);
  await expect(figure.locator(".sacap-chart__canvas svg")).toBeVisible();
});

test("a selection changed in the page draws the new chart with the library", async ({ page }) => {
  await page.goto(EXPLORER);
  await hydrated(page);
  await page.getByLabel("Place", { exact: true }).selectOption("BGD");
  await expect(page.getByRole("heading", { level: 2, name: /Bangladesh/ })).toBeVisible();
  const figure = page.locator("figure.sacap-chart").first();
  await expect(figure.locator(".sacap-chart__canvas svg")).toContainText("Bangladesh");
  await expect(figure.locator(".sacap-chart__drawing")).toHaveCount(0);
});
