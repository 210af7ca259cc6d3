import { expect, test } from "./fixtures";

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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the selection form changes the comparison", async ({ page }) => {
    await page.goto("/care-comp");
    await page.getByRole("combobox", { name: /^Compare/ }).selectOption("scenarios");
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/compare=scenarios/);
    await expect(page.getByRole("table").getByRole("rowheader")).toHaveText(["Historical", "SSP2-4.5 (middle of the road)", "SSP5-8.5 (fossil-fuelled development)"]);
  });
});
