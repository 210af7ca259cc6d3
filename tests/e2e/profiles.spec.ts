import type { Page } from "@playwright/test";
import { displayDecimalsOf } from "../../app/features/cmip6/indicatorRules";
import { formatNumber } from "../../app/lib/format";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

/** The text of each page of a PDF. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  // PDF.js expects Promise.withResolvers (Node 22); Node 20 lacks it
  const promises = Promise as unknown as { withResolvers?: <T>() => { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void } };
  promises.withResolvers ??= <T,>() => {
    let resolve!: (value: T) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
    return { promise, resolve, reject };
  };
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages;
}

/**
 * The change cell of an indicator row at a column of a scenario's table, as shown once the reader has
 * scrolled to the table (the sections below the overview are laid out, and have rendered text, only near
 * the screen: decision 028).
 */
async function changeCell(page: Page, scenario: string, indicator: RegExp, column: string) {
  const table = page.getByRole("table", { name: new RegExp(`Nepal, ${scenario}`) });
  await table.scrollIntoViewIfNeeded();
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((h) => h.split("\n")[0].trim() === column);
  expect(index, column).toBeGreaterThan(0);
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: indicator }) });
  // the row header is the first cell, the baseline the second: columns line up with the headers
  return (await row.locator("th, td").nth(index).locator(".sacap-profile__change").innerText()).trim();
}

test("from the profiles' index by keyboard to Nepal: signals, tables, agreement and provenance", async ({ page, pageErrors }) => {
  await page.goto("/profiles");
  await hydrated(page);
  const link = page.getByRole("link", { name: "Nepal climate profile" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/profiles/nepal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nepal climate profile");
  await expect(page.getByLabel("Data provenance")).toContainText("Sample data");

  // a table per scenario, every window and warming level as a column; the first rows, then all of them
  for (const scenario of ["SSP2-4.5", "SSP5-8.5"]) {
    const table = page.getByRole("table", { name: new RegExp(`Nepal, ${scenario}`) });
    await expect(table.locator("thead")).toContainText("2080-2099");
    await expect(table.locator("thead")).toContainText("+2 °C");
    await expect(table.locator("thead")).toContainText(/\d+ of \d+ models/);
    await expect(table.getByRole("rowheader", { name: /Mean temperature/ })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: /Consecutive dry days/ })).toHaveCount(0);
  }
  const more = page.getByRole("link", { name: /^Show all \d+ indicators$/ }).first();
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/profiles/nepal?rows=all");
  for (const scenario of ["SSP2-4.5", "SSP5-8.5"]) {
    const table = page.getByRole("table", { name: new RegExp(`Nepal, ${scenario}`) });
    await expect(table.getByRole("rowheader", { name: /Consecutive dry days/ })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: /^Show all \d+ indicators$/ })).toHaveCount(0);
  // every number of the signal sentences is one of the tables' numbers
  const shown: string[] = [];
  for (const table of await page.locator(".sacap-profile__table").all()) {
    await table.scrollIntoViewIfNeeded();
    shown.push(await table.innerText());
  }
  const tables = shown.join(" ");
  const signals = await page.getByRole("region", { name: "Strongest signals" }).locator("li").allInnerTexts();
  expect(signals.length).toBeGreaterThanOrEqual(3);
  const numbers = signals.join(" ").match(/[+-]?\d+\.\d+/g) ?? [];
  expect(numbers.length).toBeGreaterThan(5);
  for (const n of numbers) expect(tables, n).toContain(n);
  // the first sentence is the SSP5-8.5 2080-2099 temperature change of the table
  expect(signals[0]).toContain(await changeCell(page, "SSP5-8.5", /^Mean temperature/, "2080-2099"));
  await expect(page.getByRole("region", { name: "Methods and sources" })).toContainText("at least 80 % of the models agree");
  expect(pageErrors).toEqual([]);
});

test("loaded directly, the profile hydrates without errors and its numbers are the series API's", async ({ page, request, pageErrors }) => {
  await page.goto("/profiles/nepal");
  await hydrated(page);
  const api = await (await request.get("/api/cmip6/annual?indicator=tas&geo=NPL&scenario=ssp245,ssp585&window=gwl:2.0")).json();
  const ssp245 = api.windows.find((w: { scenario: string }) => w.scenario === "ssp245");
  const shown = await changeCell(page, "SSP2-4.5", /^Mean temperature/, "+2 °C");
  // the API's number at the page's decimals (a tenth of a degree)
  expect(shown).toBe(formatNumber(ssp245.change.median, displayDecimalsOf("tas"), { signed: true }));
  expect(pageErrors).toEqual([]);
});

test("printed to PDF: A4 pages with the place in the header, page numbers and the table's numbers", async ({ page }) => {
  test.slow();
  // every row, as the Print button asks for before it prints
  await page.goto("/profiles/nepal?rows=all");
  await hydrated(page);
  const value = await changeCell(page, "SSP5-8.5", /^Frost days/, "2080-2099");
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const pages = await pdfPages(pdf);
  // an overview, the climate, a landscape table per scenario over a few pages, the methods
  expect(pages.length).toBeGreaterThanOrEqual(4);
  expect(pages.length).toBeLessThanOrEqual(16);
  // the running header names the place on every page (page 2 has no heading of its own)
  for (const text of pages) expect(text).toContain("Nepal climate profile · SACAP");
  expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  expect(pages[pages.length - 1]).toContain(`Page ${pages.length} of ${pages.length}`);
  expect(pages.join(" ")).toContain(value);
  // no navigation chrome on paper
  expect(pages[0]).not.toContain("Search pages");
  expect(pages.join(" ")).not.toContain("More in Climate");
});

test("the profile is linked from the explorer, the map's region panel, the comparison page and the search", async ({ page }) => {
  test.slow();
  await page.goto("/cmip6-data?indicator=tas&geo=BGD");
  await page.getByRole("link", { name: "Bangladesh climate profile" }).click();
  await expect(page).toHaveURL("/profiles/bangladesh");

  await page.goto("/care-comp?compare=places&geo=NPL&geo=BGD");
  await page.getByRole("link", { name: "Nepal climate profile" }).click();
  await expect(page).toHaveURL("/profiles/nepal");

  await page.goto("/cmip6-viewer?geotype=Country&r=PAK");
  await page.getByTestId("region-panel").getByRole("link", { name: "Pakistan climate profile" }).click();
  await expect(page).toHaveURL("/profiles/pakistan");

  await page.goto("/");
  await hydrated(page);
  await page.keyboard.press("/");
  await page.keyboard.type("Ganges climate profile");
  await expect(page.getByRole("option").first()).toContainText("Ganges climate profile");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/profiles/ganges");
});

test("a profile has no serious accessibility violations", async ({ page }) => {
  test.slow();
  await page.goto("/profiles/ganges");
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the profile, its graphics and its tables are in the server HTML", async ({ page }) => {
    await page.goto("/profiles/sri-lanka");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sri Lanka climate profile");
    await expect(page.getByRole("img", { name: /Sri Lanka on a map/ })).toBeVisible();
    await expect(page.getByRole("table", { name: /Sri Lanka, SSP5-8.5/ })).toBeVisible();
    await expect(page.locator("a", { hasText: "Data pack (ZIP)" })).toHaveAttribute("href", "/profiles/sri-lanka/data-pack.zip");
  });
  test("every indicator is one link away: the first rows in the document, then all of them", async ({ page }) => {
    await page.goto("/profiles/sri-lanka");
    const table = page.getByRole("table", { name: /Sri Lanka, SSP5-8.5/ });
    await expect(table.getByRole("rowheader", { name: /Frost days/ })).toHaveCount(0);
    await page.getByRole("link", { name: /^Show all \d+ indicators$/ }).first().click();
    await expect(page).toHaveURL("/profiles/sri-lanka?rows=all");
    await expect(table.getByRole("rowheader", { name: /Frost days/ })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: /Standardized Precipitation-Evapotranspiration Index/ })).toBeVisible();
  });
  test("a geo code redirects to the readable path, an unknown place is the not-found page", async ({ page }) => {
    await page.goto("/profiles/LKA");
    await expect(page).toHaveURL("/profiles/sri-lanka");
    const response = await page.goto("/profiles/atlantis");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  });
});
