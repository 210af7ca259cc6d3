import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/** Holds back the answers of requests to `url` until the returned function is called. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("preferences", () => {
  test("theme persists across a reload and is in the server HTML", async ({ page, context, request, pageErrors }) => {
    await page.goto("/wiki");
    await hydrated(page);
    await expect(page.locator("html")).not.toHaveClass(/bp6-dark/);
    await page.getByRole("button", { name: /^Theme/ }).click();
    await page.getByRole("option", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/bp6-dark/);

    const cookies = await context.cookies();
    const theme = cookies.find((c) => c.name === "SACAP-theme");
    expect(theme?.value).toBe("dark");
    expect(theme?.path).toBe("/");
    const days = ((theme?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/bp6-dark/);
    const html = await (await request.get("/wiki", { headers: { Cookie: "SACAP-theme=dark" } })).text();
    expect(html).toMatch(/<html[^>]*class="[^"]*bp6-dark/);
    expect(pageErrors).toEqual([]);
  });

  test("the collapsed sidebar persists across a reload and is in the server HTML", async ({ page, request }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator(".sacap-sidebar")).not.toHaveClass(/collapsed/);
    await page.keyboard.press("[");
    await expect(page.locator(".sacap-sidebar")).toHaveClass(/sacap-sidebar--collapsed/);
    await page.reload();
    await expect(page.locator(".sacap-sidebar")).toHaveClass(/sacap-sidebar--collapsed/);
    const html = await (await request.get("/", { headers: { Cookie: "SACAP-verticalNavCollapsed=true" } })).text();
    expect(html).toContain("sacap-sidebar--collapsed");
  });

  test("the customizer changes navigation type and content width at once", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Customize" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("radiogroup", { name: "Navigation", exact: true }).getByText("Horizontal").click();
    await expect(drawer.getByRole("radio", { name: "Horizontal" })).toBeChecked();
    await expect(page.locator(".sacap-sidebar")).toHaveCount(0);
    await expect(page.locator(".sacap-hnav")).toBeVisible();
    await drawer.getByRole("radiogroup", { name: "Content width" }).getByText("Boxed").click();
    await expect(page.locator("main")).toHaveClass(/sacap-content--boxed/);
    await drawer.getByRole("button", { name: "Reset to defaults" }).click();
    await expect(page.locator(".sacap-sidebar")).toBeVisible();
    await expect(page.locator("main")).toHaveClass(/sacap-content--fluid/);
  });

  test("tampered preference cookies fall back to defaults", async ({ request }) => {
    const response = await request.get("/", {
      headers: { Cookie: "SACAP-theme=%3Cscript%3E; SACAP-navigationType=sideways; SACAP-primaryColorLight=red" },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("bp6-dark");
    expect(html).toContain("sacap-layout--vertical");
    expect(html).toContain("--sacap-primary-light:#0B6623");
  });
});

test.describe("narrow screens", () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test("navigation is an overlay drawer below 960 px", async ({ page, pageErrors }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator(".sacap-sidebar")).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Wiki" }).click();
    await expect(page).toHaveURL("/wiki");
    await expect(drawer).toBeHidden();
    // and opens again on the next page
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    expect(pageErrors).toEqual([]);
  });
});

test("scroll-to-top appears past 200 px and scrolls smoothly to the top", async ({ page }) => {
  await page.goto("/wiki");
  await hydrated(page);
  const button = page.getByRole("button", { name: "Scroll to top" });
  await page.evaluate(() => window.scrollTo(0, 150));
  await page.waitForTimeout(150);
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(button).toBeVisible();
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(button).toHaveCount(0);
});

test("navigating to a hash scrolls to the element with a 60 px offset", async ({ page }) => {
  await page.goto("/wiki");
  await hydrated(page);
  await page.locator('a[href="#etccdi"]').first().click();
  await expect(page).toHaveURL(/#etccdi$/);
  await page.waitForFunction(() => Math.abs(document.getElementById("etccdi")!.getBoundingClientRect().top - 60) <= 2);
});

test("a first load with a hash lands with the offset", async ({ page }) => {
  await page.goto("/wiki#seasons");
  await hydrated(page);
  await page.waitForFunction(() => Math.abs(document.getElementById("seasons")!.getBoundingClientRect().top - 60) <= 2);
});

test("other navigations start at the top of the page", async ({ page }) => {
  await page.goto("/wiki");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 2000));
  await page.getByRole("contentinfo").getByRole("link", { name: "Disclaimer" }).click();
  await expect(page).toHaveURL("/disclaimer");
  await page.waitForFunction(() => window.scrollY === 0);
});

test.describe("navigation search", () => {
  test("`/` opens it; typing, arrows and Enter navigate", async ({ page, pageErrors }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    const input = page.getByRole("combobox", { name: "Search pages" }).or(page.getByPlaceholder("Search pages…"));
    await expect(input).toBeFocused();
    await page.keyboard.type("cmip6 map");
    // the best match comes first; arrows move through the list, once the destinations the omnibar fetches
    // as it opens (the catalogue's entries, places, zoning modules) have joined it
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("option").first()).toHaveText(/CMIP6 map viewer/);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cmip6-viewer(\?|$)/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("CMIP6 map viewer");
    expect(pageErrors).toEqual([]);
  });

  test("the highlighted match stays put when the catalogue's entries arrive", async ({ page }) => {
    // the catalogue's entries are held back until the reader has moved down the list
    const release = await holdBack(page, /\/api\/catalog_data/);
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    await page.keyboard.type("cmip6");
    const active = page.locator(".sacap-omnibar .bp6-menu-item.bp6-active");
    await expect(page.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    const second = (await page.getByRole("option").nth(1).innerText()).split("\n")[0];
    await expect(active).toContainText(second);
    const before = await page.getByRole("option").count();
    const arrived = page.waitForResponse(/\/api\/catalog_data/);
    release();
    await arrived;
    // more matches are listed, and the one the reader moved to is still the one highlighted
    await expect.poll(() => page.getByRole("option").count()).toBeGreaterThan(before);
    await expect(active).toContainText(second);
    await page.keyboard.press("ArrowUp");
    const first = (await page.getByRole("option").first().innerText()).split("\n")[0];
    await expect(active).toContainText(first);
    // moved down, closed and opened again: the same query highlights its best match, not the old place
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(page.getByPlaceholder("Search pages…")).toHaveCount(0);
    await page.keyboard.press("/");
    await page.keyboard.type("cmip6");
    await expect(active).toContainText(first);
  });

  test("until the reader moves, the highlight is the best match, and follows a better one that arrives", async ({ page }) => {
    // the zoning modules are held back: "LGP" first matches a page that mentions growing periods
    const release = await holdBack(page, /\/api\/pyaez\/list\/modules/);
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    await page.keyboard.type("LGP");
    const active = page.locator(".sacap-omnibar .bp6-menu-item.bp6-active");
    await expect(active).toHaveCount(1);
    await expect(active).not.toContainText("1.4 LGP");
    const modules = page.waitForResponse(/\/api\/pyaez\/list\/modules/);
    release();
    await modules;
    await expect(page.getByRole("option").first()).toContainText("1.4 LGP");
    await expect(active).toContainText("1.4 LGP");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pyaez#module-1\.4$/);
  });

  test("Escape and then `/` at once opens it again", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    const input = page.getByPlaceholder("Search pages…");
    await expect(input).toBeFocused();
    await page.keyboard.type("cmip6");
    // no pause: the overlay is still closing when the key to open it again arrives
    await page.keyboard.press("Escape");
    await page.keyboard.press("/");
    await page.keyboard.type("map");
    await expect(input).toBeFocused();
    await expect(input).toHaveValue("map");
  });

  test("keys typed while the search's code is still loading are kept", async ({ page }) => {
    // a slow link: the omnibar's code arrives two seconds after it is asked for
    await page.route(/\/build\/_shared\/NavigationSearch-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    await page.keyboard.type("cmip6 map");
    // the omnibar takes over with what was typed, and lists its matches
    await expect(page.getByRole("option").first()).toHaveText(/CMIP6 map viewer/, { timeout: 10_000 });
    const input = page.getByPlaceholder("Search pages…");
    await expect(input).toHaveCount(1);
    await expect(input).toHaveValue("cmip6 map");
    await expect(input).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cmip6-viewer(\?|$)/);
  });

  test("keys typed the moment it opens are kept on a slow device", async ({ page }) => {
    test.slow();
    const searchCode = page.waitForResponse(/\/build\/_shared\/NavigationSearch-[^/]+\.js$/);
    await page.goto("/");
    await hydrated(page);
    await searchCode; // fetched when the page is idle: the omnibar itself opens, with no stand-in for slow code
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    await page.keyboard.press("/");
    await page.keyboard.type("LGP");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const input = page.getByPlaceholder("Search pages…");
    await expect(input).toHaveCount(1);
    await expect(input).toHaveValue("LGP");
    await expect(input).toBeFocused();
  });

  test("Ctrl+K opens it and Escape closes it", async ({ page }) => {
    await page.goto("/wiki");
    await hydrated(page);
    await page.keyboard.press("Control+k");
    const input = page.getByPlaceholder("Search pages…");
    await expect(input).toBeFocused();
    await page.keyboard.type("user guide");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/user-guide");
  });
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test.describe("first paint and the web font", () => {
  /** What the page has asked for, and when, against its first contentful paint (ms since navigation). */
  const timeline = (page: import("@playwright/test").Page) =>
    page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity;
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        fcp,
        fonts: resources.filter((r) => r.name.endsWith(".woff2")).map((r) => r.startTime),
        scripts: resources.filter((r) => /\/build\/.*\.js$/.test(r.name)).map((r) => r.startTime),
        marked: document.documentElement.hasAttribute("data-webfont"),
        headingFont: getComputedStyle(document.querySelector("h1")!).fontFamily,
      };
    });

  test("a first visit asks for no font and no script before its first paint, fetches the faces when idle, and the next page uses them", async ({ page, pageErrors }) => {
    await page.goto("/wiki");
    await hydrated(page);
    const first = await timeline(page);
    expect(first.fcp).toBeLessThan(Infinity);
    expect(first.scripts.length).toBeGreaterThan(5);
    for (const start of first.scripts) expect(start).toBeGreaterThanOrEqual(first.fcp);
    for (const start of first.fonts) expect(start).toBeGreaterThan(first.fcp);
    expect(first.marked).toBe(false);
    expect(first.headingFont).not.toContain("Public Sans");

    // once idle, the body, heading and strong faces are fetched and remembered; this page keeps its face
    await expect.poll(() => page.evaluate(() => localStorage.getItem("sacap-webfont"))).toBe("1");
    expect(await page.evaluate(() => ['400 1em "Public Sans"', '600 1em "Public Sans"', '700 1em "Public Sans"'].every((f) => document.fonts.check(f)))).toBe(true);
    expect((await timeline(page)).headingFont).not.toContain("Public Sans");

    // the next page of the visit uses them
    await page.getByRole("link", { name: "User guide" }).first().click();
    await expect(page).toHaveURL(/\/user-guide$/);
    await expect(page.locator("html")).toHaveAttribute("data-webfont", "");
    expect((await timeline(page)).headingFont).toMatch(/^"?Public Sans/);

    // and so does a later load, from its first paint (the document is marked before it is painted)
    await page.goto("/");
    const later = await timeline(page);
    expect(later.marked).toBe(true);
    expect(later.headingFont).toMatch(/^"?Public Sans/);
    expect(pageErrors).toEqual([]);
  });

  test("without JavaScript the page keeps the system face and fetches no font", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on("request", (request) => request.url().endsWith(".woff2") && fonts.push(request.url()));
    await page.goto("/wiki");
    await page.waitForLoadState("networkidle");
    expect(fonts).toEqual([]);
    await context.close();
  });
});
