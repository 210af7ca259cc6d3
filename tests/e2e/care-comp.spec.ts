import { readFile } from "node:fs/promises";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

test("compares up to four places for one indicator, in a chart and a table", async ({ page, pageErrors }) => {
  await page.goto("/care-comp?indicator=tas&compare=places&geo=NPL&geo=BGD&geo=MDV&geo=indus&geo=PAK&scenario=ssp585");
  const table = page.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.getByRole("rowheader")).toHaveText(["Nepal", "Bangladesh", "Maldives", "Indus"]);
  await expect(page.getByRole("img", { name: /Annual average temperature/ })).toBeVisible();
  await expect(page.getByText("Sample data")).toBeVisible();
  // warming grows from the first window to the last for every place
  for (const row of await table.locator("tbody tr").all()) {
    const changes = (await row.locator("td").allInnerTexts()).map((t) => /\(([+-][\d.]+)\)/.exec(t)?.[1]).filter(Boolean).map(Number);
    expect(changes).toHaveLength(4);
    expect(changes[3]).toBeGreaterThan(changes[0]);
  }
  expect(pageErrors).toEqual([]);
});

test("switches the table to global warming levels by keyboard, with counts, agreement and the method note", async ({ page, pageErrors }) => {
  // a download, an axe pass and a reload: room for a busy machine
  test.slow();
  await page.goto("/care-comp?indicator=tas&compare=places&geo=NPL&geo=BGD&scenario=ssp245");
  await hydrated(page);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "2040-2059" })).toBeVisible();
  // the 20-year windows' changes carry their sign agreement too
  await expect(table.locator("tbody tr").first()).toContainText(/(robust|not robust): \d+ of \d+ models agree on the sign/);
  const windows = page.getByRole("radio", { name: "20-year windows" });
  await windows.focus();
  await expect(windows).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/periods=gwl/);
  await expect(page.getByRole("radio", { name: "Warming levels" })).toBeChecked();
  await expect(table.getByRole("columnheader")).toHaveText(["Place", "1995-2014", "+1.5 °C", "+2 °C", "+3 °C", "+4 °C", "Explore"]);
  const nepal = table.getByRole("row", { name: /^Nepal/ });
  const cells = nepal.getByRole("cell");
  // the +2 °C cell: value, change, agreement and the models that reach the level (33 of the 35 under SSP2-4.5)
  await expect(cells.nth(2)).toContainText(/[\d.]+ \([+-][\d.]+\)/);
  await expect(cells.nth(2)).toContainText(/(robust|not robust): \d+ of 33 models agree on the sign/);
  await expect(cells.nth(2)).toContainText("33 of 35");
  // +3 °C: 16 of the 35 reach it by 2100
  await expect(cells.nth(3)).toContainText("16 of 35");
  await expect(page.getByText(/Not reached by 2100: ACCESS-ESM1-5, BCC-CSM2-MR/)).toBeVisible();
  await expect(page.getByText(/Not in the warming-level table: GFDL-CM4_gr2 and HadGEM3-GC31-MM/).first()).toBeVisible();
  await expect(page.getByText(/at least 80 % of the models agree on the sign/)).toBeVisible();
  // the download carries the same columns with the agreement
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the window means as CSV" }).click()]);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines).toContain('"place","scenario","warming level (°C above 1850-1900)","mean 1995-2014","ensemble median","change from 1995-2014","models","of models","models agreeing on the sign","models with a change","agreement","ingested models","sample models","left out"');
  // 33 of the 35 models reach +2 °C, all of them sample data at both ends, none left out
  expect(lines.find((l) => l.startsWith('"Nepal","ssp245",2,'))).toMatch(/,33,35,\d+,33,"(robust|not robust)",,"ACCESS-CM2 [^"]+",$/);
  // a comment's pieces that a spreadsheet splitting on commas could read as a formula start with an apostrophe
  expect(lines.some((l) => l.startsWith("# warming level SSP2-4.5, '+3 °C: "))).toBe(true);
  expect(lines).toContain("# sample data: true");
  expect(await seriousViolations(page)).toEqual([]);
  // the state is in the URL: a reload shows the levels again
  await page.reload();
  await expect(table.getByRole("columnheader", { name: "+4 °C" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the selection form changes the comparison", async ({ page }) => {
    await page.goto("/care-comp");
    await page.getByRole("combobox", { name: /^Compare/ }).selectOption("scenarios");
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/compare=scenarios/);
    await expect(page.getByRole("table").getByRole("rowheader")).toHaveText(["Historical", "SSP2-4.5 (middle of the road)", "SSP5-8.5 (fossil-fuelled development)"]);
  });
  test("the scenarios of a place at warming levels render on the server", async ({ page }) => {
    await page.goto("/care-comp?indicator=tas&compare=scenarios&geo=NPL&periods=gwl");
    const table = page.getByRole("table");
    await expect(table.getByRole("row", { name: /^Historical/ })).toContainText("no warming levels for the historical run");
    await expect(table.getByRole("row", { name: /^SSP5-8.5/ }).getByRole("cell").nth(4)).toContainText("21 of 35");
    await expect(page.getByText(/^SSP2-4.5, \+3 °C/)).toBeVisible();
  });
});
