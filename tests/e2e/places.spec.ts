import { BOUNDARY_DISCLAIMER } from "../../app/features/places/disclaimer";
import { expect, hydrated, test } from "./fixtures";

test("a state is chosen by typing its name in the place list, keyboard only, and answers as a country does", async ({ page }) => {
  await page.goto("/cmip6-data");
  await hydrated(page);
  const place = page.getByLabel("Place", { exact: true });
  await place.focus();
  await page.keyboard.type("Uttar P");
  await expect(page).toHaveURL(/geo=IN-UP/);
  await expect(place).toHaveValue("IN-UP");
  await expect(page.getByRole("heading", { level: 2, name: /Uttar Pradesh/ })).toBeVisible();
  // the states are grouped under their country in the list
  await expect(place.locator('optgroup[label="States and provinces: India"] option[value="IN-UP"]')).toHaveText("Uttar Pradesh (IN-UP)");
});

test("a disputed area is chosen by typing its name, listed apart from every country and named as disputed", async ({ page }) => {
  await page.goto("/cmip6-data");
  await hydrated(page);
  const place = page.getByLabel("Place", { exact: true });
  const entries = await page.evaluate(() => history.length);
  await place.focus();
  await page.keyboard.type("Aksai");
  await expect(page).toHaveURL(/geo=XD-B07/);
  // the typed name is one selection: one entry in the history, not one per letter ("A" alone is Afghanistan)
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await expect(place.locator('optgroup[label="Disputed areas"] option[value="XD-B07"]')).toHaveText("Aksai Chin (disputed area)");
  await expect(page.getByRole("heading", { level: 2, name: /Aksai Chin/ })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a state's profile says where its outline comes from, with the disclaimer under its map", async ({ page }) => {
    await page.goto("/profiles/uttar-pradesh");
    await expect(page.getByRole("heading", { level: 1, name: /Uttar Pradesh climate profile/ })).toBeVisible();
    await expect(page.getByText("State or province of India ·")).toBeVisible();
    const caption = page.locator(".sacap-profile__outline");
    await expect(caption).toContainText("Natural Earth 1:10m Admin 1");
    await expect(caption).toContainText("public domain");
    await expect(caption).toContainText(BOUNDARY_DISCLAIMER);
    await expect(page.getByRole("img", { name: /Uttar Pradesh on a map of South Asia/ })).toBeVisible();
  });

  test("a country whose units are behind says so on its states' profiles; the list of profiles groups them by country", async ({ page }) => {
    await page.goto("/profiles/bagmati-zone");
    await expect(page.locator(".sacap-profile__outline")).toContainText("Nepal shown with its 14 zones of 1962-2015");
    await page.goto("/profiles");
    const india = page.getByRole("region", { name: "Table of states and provinces: india" });
    await expect(india.getByRole("link", { name: "Uttar Pradesh climate profile" })).toHaveAttribute("href", "/profiles/uttar-pradesh");
    await expect(page.getByRole("link", { name: "Punjab climate profile" })).toHaveCount(2);
    await expect(page.locator('a[href="/profiles/punjab-pakistan"]')).toHaveCount(1);
    // the disputed areas have a table of their own, under no country
    const disputed = page.getByRole("region", { name: "Table of disputed areas" });
    await expect(disputed.getByRole("link", { name: "Aksai Chin climate profile" })).toHaveAttribute("href", "/profiles/aksai-chin-disputed-area");
    await expect(india.getByRole("link", { name: "Aksai Chin climate profile" })).toHaveCount(0);
  });

  test("a disputed area's profile says it is one, who administers and claims it, and where its outline comes from", async ({ page }) => {
    await page.goto("/profiles/gilgit-baltistan-disputed-area");
    await expect(page.getByRole("heading", { level: 1, name: /Gilgit-Baltistan climate profile/ })).toBeVisible();
    await expect(page.getByText("Disputed area: administered by Pakistan; claimed by India ·")).toBeVisible();
    const caption = page.locator(".sacap-profile__outline");
    await expect(caption).toContainText("Natural Earth 1:50m Admin 0 - Breakaway and disputed areas");
    await expect(caption).toContainText(BOUNDARY_DISCLAIMER);
    await expect(page.getByRole("img", { name: /Gilgit-Baltistan on a map of South Asia/ })).toBeVisible();
  });
});
