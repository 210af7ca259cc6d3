import { readFile } from "node:fs/promises";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

const PAGE = "/analytics/climate-crop/climate-variability";

test("the drought scale is chosen by keyboard: the URL, the table, the statement and the CSV follow", async ({ page, pageErrors }) => {
  // a new scale's monthly SPI and SPEI of 35 models are computed on request: room for a busy machine
  test.slow();
  const api: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) api.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`${PAGE}?geo=NPL`);
  await hydrated(page);
  const scale = page.getByLabel("Drought index scale");
  await expect(scale).toHaveValue("3");
  const statement = page.getByRole("region", { name: "Drought indices" });
  await expect(statement).toContainText("SPI-3 and SPEI-3");
  await expect(statement).toContainText("1985-2014");
  await expect(statement).toContainText("gamma");
  await expect(statement).toContainText("log-logistic");
  await expect(statement).toContainText(/potential evapotranspiration of SPEI: FAO-56 Penman-Monteith for \d+ models, Hargreaves-Samani for \d+ \(no hurs: /);
  const table = page.getByRole("table", { name: /Variability per 20-year window/ });
  await expect(table.getByRole("columnheader", { name: "SPI-3 months in drought (%)" })).toBeVisible();
  await expect(table.getByRole("row", { name: /^2080-2099/ })).toContainText(/\d+\.\d \(\d+\.\d–\d+\.\d\)/);
  expect(await seriousViolations(page)).toEqual([]);

  // by keyboard, from the place selector: Tab along the form to the scale, then the next option
  await page.getByLabel("Place", { exact: true }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect(scale).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/scale=6/);
  await expect(statement).toContainText("SPI-6 and SPEI-6", { timeout: 30_000 });
  await expect(table.getByRole("columnheader", { name: "SPEI-6 months in drought (%)" })).toBeVisible();
  // the first load asked for nothing; the new scale is one request for what the page shows, not the series
  expect(api).toEqual(["/api/views/analytics/climate-variability?geo=NPL&scenario=ssp245&baseline=1995-2014&scale=6"]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /as CSV/ }).click()]);
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  const method = lines.find((l) => l.startsWith("# method:"))!;
  expect(method).toContain("SPI-6 and SPEI-6");
  expect(method).toContain("1985-2014");
  expect(method).toContain("McKee et al. 1993");
  expect(method).toContain("Vicente-Serrano et al. 2010");
  expect(method).toMatch(/FAO-56 Penman-Monteith for \d+ models/);
  expect(lines).toContain("# sample data: true");
  const columns = lines.find((l) => !l.startsWith("#"))!;
  expect(columns).toContain("SPI-6 months <= -1.5 (%) median");
  expect(columns).toContain("SPEI-6 months <= -1 (%) p90");
  expect(pageErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the scale comes from the URL and the GET form applies another", async ({ page }) => {
    await page.goto(`${PAGE}?geo=NPL&scale=12`);
    await expect(page.getByLabel("Drought index scale")).toHaveValue("12");
    await expect(page.getByRole("region", { name: "Drought indices" })).toContainText("SPI-12 and SPEI-12");
    await page.getByLabel("Drought index scale").selectOption("1");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/scale=1(&|$)/);
    await expect(page.getByRole("table", { name: /Variability per 20-year window/ }).getByRole("columnheader", { name: "SPI-1 months in drought (%)" })).toBeVisible();
  });
});
