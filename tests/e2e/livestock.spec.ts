import { readFile } from "node:fs/promises";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

/** The livestock heat-stress page: species and THI definition in the URL, by keyboard and without JavaScript. */

const TABLE = /Heat-stress days per month, season and year/;

test("species and definition by keyboard: the URL follows, the thresholds change, nothing else is lost", async ({ page, pageErrors }) => {
  test.slow();
  await page.goto("/analytics/climate-livestock?geo=PAK&scenario=ssp585");
  await hydrated(page);
  const table = page.getByRole("table", { name: TABLE });
  await expect(table).toContainText("Dairy cattle");
  await expect(table.getByRole("columnheader", { name: "THI ≥ 68" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "THI ≥ 72" })).toBeVisible();
  await expect(page.getByLabel("THI definition")).toHaveValue("mean");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Species").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/species=cattle/);
  await expect(page).toHaveURL(/scenario=ssp585/);
  await expect(table.getByRole("columnheader", { name: "THI ≥ 84" })).toBeVisible({ timeout: 20_000 });
  await expect(table.getByRole("columnheader", { name: "THI ≥ 68" })).toHaveCount(0);

  await page.getByLabel("THI definition").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/thi=max/);
  await expect(page).toHaveURL(/species=cattle/);
  await expect(table).toContainText("daily maximum (tasmax with huss)", { timeout: 20_000 });
  // the frame's own selectors keep the analysis's choice
  await page.getByLabel("Future window").focus();
  await page.keyboard.press("ArrowUp");
  await expect(page).toHaveURL(/window=2060-2079/);
  await expect(page).toHaveURL(/species=cattle&thi=max|thi=max&species=cattle/);
  await expect(page.getByRole("region", { name: "Method" })).toContainText("Nienaber and Hahn 2007");
  await expect(page.getByRole("region", { name: "Method" })).toContainText("101.3 kPa");
  expect(await seriousViolations(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("the CSV names method, thresholds and sources, with a row per month, season and the year", async ({ page }) => {
  await page.goto("/analytics/climate-livestock?geo=PAK&scenario=ssp585&window=2040-2059&species=cattle&thi=max");
  await hydrated(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /as CSV/ }).click()]);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines).toContain("# sample data: true");
  expect(lines).toContain("# units: days");
  const method = lines.find((l) => l.startsWith("# method: "))!;
  expect(method).toContain("(NRC 1971)");
  expect(method).toContain("tasmax");
  expect(method).toContain("84: emergency (84 and above) (Livestock Weather Safety Index: LCI 1970; Hahn 1999; Nienaber and Hahn 2007)");
  expect(lines.find((l) => l.startsWith("# period: "))).toContain("2040-2059");
  const body = lines.filter((l) => !l.startsWith("#"));
  // header, 12 months, DJF, MAM, JJAS and the year
  expect(body).toHaveLength(17);
  expect(body[0]).toContain("THI>=79 2040-2059 (ssp585) median");
  expect(body[16]).toMatch(/^"Year"/);
});

test("at a warming level: each model's window joined to the historical run, the models in, agreement per month", async ({ page }) => {
  await page.goto("/analytics/climate-livestock?geo=PAK&window=gwl:1.5");
  await hydrated(page);
  const table = page.getByRole("table", { name: TABLE });
  await expect(table).toContainText("+1.5 °C (ssp245)");
  await expect(page.getByRole("region", { name: "Warming level" })).toContainText(/Heat-stress days \(tas and hurs\): \+1\.5 °C: \d+ of \d+ models under SSP2-4\.5/);
  await expect(table.getByRole("row", { name: /^Jul/ })).toContainText(/(robust|not robust): \d+ of \d+ models agree on the sign/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the first load renders the chosen species and definition, and the form applies a new choice", async ({ page }) => {
    await page.goto("/analytics/climate-livestock?geo=IND&species=cattle&thi=max");
    const table = page.getByRole("table", { name: TABLE });
    await expect(table).toContainText("Cattle (Livestock Weather Safety Index)");
    await expect(table.getByRole("columnheader", { name: "THI ≥ 79" })).toBeVisible();
    await expect(table.getByRole("row", { name: /^Year/ })).toBeVisible();
    await expect(page.getByLabel("Species")).toHaveValue("cattle");
    await expect(page.getByLabel("THI definition")).toHaveValue("max");
    await expect(page.getByRole("table", { name: /Thresholds of daily THI/ })).toContainText("Zimbelman et al. 2009");
    await page.getByLabel("Species").selectOption("dairy");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/species=dairy/);
    await expect(page).toHaveURL(/geo=IND/);
    await expect(page.getByRole("table", { name: TABLE }).getByRole("columnheader", { name: "THI ≥ 72" })).toBeVisible();
  });
});
