import { readFileSync } from "node:fs";
import { expect, hydrated, test } from "./fixtures";
import { parseCsv } from "../../app/lib/csv";

const catalog: { id: string; name: string; data_sector: string; topic: string; source: string; geo: string }[] = JSON.parse(
  readFileSync("seeds/catalog-data.json", "utf8"),
);

test("the first page of the catalogue is in the server HTML, sorted and filtered from the URL", async ({ request }) => {
  const html = await (await request.get("/data/catalog?q=chirps&sort=name")).text();
  const expected = catalog.filter((e) => JSON.stringify(Object.values(e)).toLowerCase().includes("chirps")).length;
  expect(html.includes(`1–${Math.min(50, expected)} of ${expected} (filtered from ${catalog.length})`)).toBe(true);
  const first = catalog
    .filter((e) => JSON.stringify(Object.values(e)).toLowerCase().includes("chirps"))
    .map((e) => e.name)
    .sort(new Intl.Collator("en", { numeric: true, sensitivity: "base" }).compare)[0];
  const firstRow = html.indexOf("<tbody");
  expect(html.indexOf(first.replace(/&/g, "&amp;"), firstRow) - firstRow).toBeLessThan(1500);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("sorting and paging are links that work", async ({ page }) => {
    await page.goto("/catalog/water");
    const total = catalog.filter((e) => e.topic === "water").length;
    await expect(page.getByText(`1–50 of ${total}`)).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`51–${Math.min(100, total)} of ${total}`)).toBeVisible();
    await page.getByRole("columnheader", { name: "Source" }).getByRole("link").click();
    await expect(page).toHaveURL(/sort=source/);
    await expect(page.getByText(`1–50 of ${total}`)).toBeVisible();
    // copying and the CSV export need JavaScript, so the page does not offer them
    await expect(page.getByRole("button", { name: /^(CSV|Copy)$/ })).toHaveCount(0);
  });
});

test("the whole catalogue is fetched once the table is used, not with the page", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => void (request.url().includes("/api/catalog_data") && fetched.push(request.url())));
  await page.goto("/catalog/climate");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);
  const total = catalog.filter((e) => e.topic === "climate").length;
  await expect(page.getByText(`1–50 of ${total}`)).toBeVisible();
  // a pointer over the table asks for every row; the page stays as it was while they come
  await page.getByRole("grid").hover();
  await expect.poll(() => fetched.length).toBe(1);
  await expect(page.getByText(`1–50 of ${total}`)).toBeVisible();
});

test("a row's basket button shows its glyph, adds its dataset, then says it is in the basket", async ({ page, pageErrors }) => {
  await page.goto("/catalog/climate");
  await hydrated(page);
  const row = page.getByRole("grid", { name: "Datasets" }).locator("tbody tr").first();
  const add = row.getByRole("button", { name: /^Add .+ to the basket$/ });
  await expect(add).toHaveAttribute("title", "Add to the basket (b)");
  // the glyph is Blueprint's icon drawn as a mask over a box of the text's colour: shown, not blank
  const glyph = await add.evaluate((button) => ({ mask: getComputedStyle(button).maskImage, width: button.getBoundingClientRect().width }));
  expect(glyph.mask).toContain("data:image/svg+xml");
  expect(glyph.width).toBe(24);
  await add.click();
  const added = row.getByRole("button", { name: / is in the basket$/ });
  await expect(added).toBeDisabled();
  await expect(added).toHaveAttribute("data-icon", "tick");
  expect(await added.evaluate((button) => getComputedStyle(button).maskImage)).not.toBe(glyph.mask);
  await page.goto("/data/bin");
  await hydrated(page);
  await expect(page.getByRole("table", { name: "Data basket" }).locator("tbody tr")).toHaveCount(1);
  expect(pageErrors).toEqual([]);
});

test("keyboard only: filter, move, open, add to the basket; the basket survives a reload", async ({ page, pageErrors }) => {
  await page.goto("/data/catalog");
  await hydrated(page);
  const filter = page.getByRole("searchbox", { name: "Filter data catalogue" });
  await filter.focus();
  await page.keyboard.type("nepal");
  const matching = catalog.filter((e) => JSON.stringify(Object.values(e)).toLowerCase().includes("nepal"));
  await expect(page.getByText(`of ${matching.length}`, { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/q=nepal/);

  // into the table: focus the first row, move down, select two rows with Space, add them with "b"
  await page.locator("tbody tr").first().focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Space");
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.keyboard.press("b");
  await expect(page.getByText("Added 2 to the basket")).toBeVisible();

  // Enter opens the details drawer; Escape closes it
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/entry=/);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.goto("/data/bin");
  await hydrated(page);
  await expect(page.getByRole("table", { name: "Data basket" }).locator("tbody tr")).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole("table", { name: "Data basket" }).locator("tbody tr")).toHaveCount(2);
  await page.getByRole("table", { name: "Data basket" }).getByRole("button", { name: /^Remove / }).first().click();
  await expect(page.getByRole("table", { name: "Data basket" }).locator("tbody tr")).toHaveCount(1);
  expect(pageErrors).toEqual([]);
});

test("CSV export holds exactly the filtered rows", async ({ page }) => {
  await page.goto("/data/catalog?in.source=CHIRPS&in.geo=NPL");
  await hydrated(page);
  const expected = catalog.filter((e) => e.source === "CHIRPS" && e.geo === "NPL");
  await expect(page.getByText(`of ${expected.length} (filtered from ${catalog.length})`)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV" }).click()]);
  const { header, rows } = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(header).toEqual(["Dataset", "Sector", "Source", "Indicator", "Geo", "Level", "Period", "Years"]);
  expect(rows.map((row) => row[0]).sort()).toEqual(expected.map((e) => e.name).sort());
});

test("facets, sort and page live in the URL and Back walks through them", async ({ page }) => {
  await page.goto("/catalog/climate");
  await hydrated(page);
  await page.getByRole("button", { name: "Source", exact: true }).click();
  await page.getByRole("group", { name: "Source filter" }).getByText("ERA5", { exact: true }).click();
  await expect(page).toHaveURL(/in\.source=ERA5/);
  await page.keyboard.press("Escape");
  await page.getByRole("columnheader", { name: "Dataset" }).getByRole("link").click();
  await expect(page).toHaveURL(/sort=name/);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=name/);
  await expect(page).toHaveURL(/in\.source=ERA5/);
});

test("sector pages list their sector; the collector home counts them", async ({ page }) => {
  await page.goto("/data");
  const water = catalog.filter((e) => e.data_sector === "Water Resources").length;
  await expect(page.getByText(`${water} datasets`).first()).toBeVisible();
  await page.getByRole("link", { name: "Water Resources", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Water Resources sector");
  await expect(page.getByText(`of ${water}`, { exact: false })).toBeVisible();
});

test("a catalogue entry has its own page; an unknown one is a 404", async ({ page, request }) => {
  const entry = catalog[0];
  await page.goto(`/data-chart/node/${entry.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.name);
  await expect(page.getByText("The portal does not hold the values of this dataset")).toBeVisible();
  await expect(page.getByRole("button", { name: "Provider's page" })).toBeVisible();
  expect((await request.get("/data-chart/node/not-a-dataset")).status()).toBe(404);
});

test("an annual CMIP6 entry shows its scenarios as a chart and a table; the place is chosen from the keyboard", async ({ page }) => {
  await page.goto("/data-chart/node/nex-gddp-cmip6-tas-cmip6-annual?geo=NPL");
  await hydrated(page);
  const data = page.getByRole("region", { name: /Annual average temperature .*Nepal/ });
  await expect(data.getByRole("img", { name: /by year/ })).toBeVisible();
  await expect(data.getByText("Sample data")).toBeVisible();
  const rows = data.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(4);
  // every scenario's late-century mean is shown with its change from the historical baseline and the
  // models' agreement on its sign
  await expect(rows.filter({ hasText: /^SSP5-8\.5/ }).getByRole("cell").last()).toHaveText(/^\d+\.\d+ \(\+\d+\.\d+\) (\S+ )?(robust|not robust): \d+ of \d+ models agree on the sign$/);

  await data.getByRole("combobox", { name: "Place" }).focus();
  await page.keyboard.press("End"); // the last place of the list
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/geo=/);
  await expect(page).not.toHaveURL(/geo=NPL/);
  // the last place of the list: the disputed areas come after every country's states and provinces
  await expect(page.getByRole("region", { name: /Annual average temperature .*Junagadh and Manavadar/ })).toBeVisible();
});

test.describe("a monthly entry without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("draws the annual cycle of the baseline and the chosen window, twelve months per period", async ({ page }) => {
    await page.goto("/data-chart/node/nex-gddp-cmip6-pr-cmip6-v1-monthly?geo=BGD");
    const data = page.getByRole("region", { name: /precipitation .*Bangladesh/i });
    await expect(data.getByRole("img", { name: /by calendar month/ })).toBeVisible();
    await expect(data.getByText("Jul", { exact: true }).first()).toBeVisible();
    await data.getByRole("combobox", { name: "Projection window" }).selectOption("2040-2059");
    await data.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/geo=BGD&window=2040-2059/);
    await expect(page.getByText(/over 1995-2014 and over 2040-2059 in each scenario/)).toBeVisible();
    const baseline = page.getByRole("row", { name: /^Historical 1995-2014/ });
    await expect(baseline.getByRole("cell")).toHaveCount(12);
    // the monsoon: July is wetter than January in Bangladesh
    const cells = await baseline.getByRole("cell").allTextContents();
    expect(Number(cells[6])).toBeGreaterThan(Number(cells[0]));
  });
});

test("tags lead to their datasets; a section shows its charts", async ({ page }) => {
  await page.goto("/data-chart/tag/view");
  await page.getByRole("region", { name: "Source" }).getByRole("link", { name: /^CHIRPS/ }).click();
  await expect(page).toHaveURL(/\/data-chart\/tag\/view-data\?in\.source=CHIRPS/);
  const chirps = catalog.filter((e) => e.source === "CHIRPS").length;
  await expect(page.getByText(`of ${chirps} (filtered from ${catalog.length})`)).toBeVisible();
  await expect(page.getByText("Tags: Source: CHIRPS")).toBeVisible();

  await page.goto("/data-chart/section/water-resources");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Water Resources: charts");
  await expect(page.getByText("Datasets by source", { exact: true })).toBeVisible();
});

test("catalogue entries are found by the navigation search", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.keyboard.press("/");
  await page.keyboard.type("CHIRPS monthly rainfall, Nepal, provinces");
  await expect(page.getByRole("option", { name: /CHIRPS monthly rainfall, Nepal, provinces/ }).first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/data-chart\/node\/chirps-rainfall-npl-l1-monthly$/);
});
