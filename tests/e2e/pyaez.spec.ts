import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { AezModule } from "../../app/features/pyaez/schema";
import { expect, hydrated, test } from "./fixtures";

const modules: AezModule[] = JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8"));
const maps = modules.flatMap((m) => m.child);

/** Anchors in page order: each module, then its maps; a reused id's later map gets "-2". */
const anchors = modules.flatMap((m) => {
  const seen = new Set<string>();
  return [
    `module-${m.id}`,
    ...m.child.map((c) => {
      const anchor = seen.has(c.id) ? `module-${c.id}-2` : `module-${c.id}`;
      seen.add(c.id);
      return anchor;
    }),
  ];
});

const navigator = (page: Page) => page.getByRole("navigation", { name: "Modules and maps" });

/** Waits until the element's top is 60 px (+-2) below the top of the modules' pane, where hash links land. */
async function landed(page: Page, id: string) {
  await page.waitForFunction((target) => {
    const el = document.getElementById(target);
    const pane = el?.closest(".aez-browser__content");
    return el && pane && Math.abs(el.getBoundingClientRect().top - pane.getBoundingClientRect().top - 60) <= 2;
  }, id);
}

/**
 * Waits until the element has landed 60 px (+-2) below the pane's top and the pane has stopped moving (no
 * change of its scroll for a quarter of a second), then checks that it is still there: a landing that
 * something else undoes afterwards fails.
 */
async function staysLanded(page: Page, id: string) {
  await landed(page, id);
  await page.waitForFunction(
    (target) =>
      new Promise<boolean>((resolve) => {
        const pane = document.getElementById(target)!.closest(".aez-browser__content")!;
        let last = pane.scrollTop;
        let since = performance.now();
        const tick = () => {
          if (pane.scrollTop !== last) [last, since] = [pane.scrollTop, performance.now()];
          if (performance.now() - since >= 250) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    id,
  );
  const top = await page.evaluate((target) => {
    const el = document.getElementById(target)!;
    return el.getBoundingClientRect().top - el.closest(".aez-browser__content")!.getBoundingClientRect().top;
  }, id);
  expect(Math.abs(top - 60), `#${id} is ${top} px below the pane's top`).toBeLessThanOrEqual(2);
}

test.describe("/pyaez", () => {
  test("the navigator and the content show every module and map of the seeds", async ({ page }) => {
    await page.goto("/pyaez");
    await hydrated(page);
    const tree = navigator(page).getByRole("tree");
    await expect(tree.getByRole("treeitem")).toHaveText(modules.flatMap((m) => [`${m.id} ${m.name}`, ...m.child.map((c) => `${c.id} ${c.name}`)]));
    await expect(page.locator(".aez-module h2")).toHaveText(modules.map((m) => `Module ${m.id} ${m.name}`));
    await expect(page.locator("article.aez-card h3")).toHaveText(maps.map((c) => `${c.id} ${c.name}`));
    await expect(page.locator("#module-3\\.2 h3")).toHaveText("3.2 Yield Class Rainfed");
    await expect(page.locator("#module-3\\.2-2 h3")).toHaveText("3.2 Yield Class Irrigated");
    await expect(page.locator("#module-6")).toContainText("No maps of this module are published yet.");
  });

  test("every #module-N and #module-N.M anchor resolves to one element", async ({ page }) => {
    await page.goto("/pyaez");
    const found = await page.evaluate((ids) => ids.map((id) => document.querySelectorAll(`[id="${id}"]`).length), anchors);
    expect(found).toEqual(anchors.map(() => 1));
    const links = await navigator(page).locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(anchors.map((a) => `/pyaez#${a}`));
    for (const m of modules) for (const c of m.child) expect(await page.locator(`[id="module-${c.id}"]`).count()).toBe(1);
  });

  test("a deep link scrolls to the map with the 60 px offset, highlights it and marks it in the navigator", async ({ page, pageErrors }) => {
    await page.goto("/pyaez#module-1.4");
    await hydrated(page);
    await landed(page, "module-1.4");
    await expect(page.locator("#module-1\\.4")).toHaveClass(/aez-target/);
    const current = navigator(page).locator('[aria-current="location"]');
    await expect(current).toHaveText(/1\.4\s+LGP/);
    expect(pageErrors).toEqual([]);
  });

  test("every change of the address's module, however early, and Back and Forward land it 60 px below the pane's top", async ({ page, pageErrors }) => {
    await page.goto("/pyaez#module-1.4");
    // a second after the load, whether or not the page's scripts have started yet: the address bar's change
    await page.waitForTimeout(1000);
    await page.evaluate(() => (window.location.hash = "#module-4.1"));
    await hydrated(page);
    await staysLanded(page, "module-4.1");
    await expect(page.locator("#module-4\\.1")).toHaveClass(/aez-target/);
    await page.goBack();
    await expect(page).toHaveURL(/\/pyaez#module-1\.4$/);
    await staysLanded(page, "module-1.4");
    await expect(page.locator("#module-1\\.4")).toHaveClass(/aez-target/);
    await page.goForward();
    await expect(page).toHaveURL(/\/pyaez#module-4\.1$/);
    await staysLanded(page, "module-4.1");
    // a link in the navigator, then Back to the address bar's entry
    await navigator(page).getByRole("treeitem", { name: "5.1 Fournier Index" }).click();
    await staysLanded(page, "module-5.1");
    await page.goBack();
    await expect(page).toHaveURL(/\/pyaez#module-4\.1$/);
    await staysLanded(page, "module-4.1");
    expect(pageErrors).toEqual([]);
  });

  test("the navigator follows the scroll position", async ({ page }) => {
    await page.goto("/pyaez");
    await hydrated(page);
    const scrollTo = (id: string, by = 0) =>
      page.evaluate(
        ([target, delta]) => {
          const el = document.getElementById(target)!;
          const pane = el.closest(".aez-browser__content")!;
          const top = el.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop - 60 + delta;
          pane.scrollTo({ top, behavior: "instant" });
        },
        [id, by] as const,
      );
    const current = navigator(page).locator('[aria-current="location"]');
    await scrollTo("module-4.1");
    await expect(current).toHaveText("4.1 Soil Map");
    await scrollTo("module-2.5", -100);
    await expect(current).toHaveText("2.4 Yield Class Irrigated");
    await scrollTo("module-3");
    await expect(current).toHaveText("3 Climate Constraints");
  });

  test("a click in the navigator scrolls to the map, also for the second 3.2 and for module 6", async ({ page }) => {
    await page.goto("/pyaez");
    await hydrated(page);
    await navigator(page).getByRole("treeitem", { name: "3.2 Yield Class Irrigated" }).click();
    await expect(page).toHaveURL(/\/pyaez#module-3\.2-2$/);
    await landed(page, "module-3.2-2");
    await expect(page.locator('[id="module-3.2-2"]')).toHaveClass(/aez-target/);
    await expect(page.locator('[id="module-3.2"]')).not.toHaveClass(/aez-target/);
    await navigator(page).getByRole("treeitem", { name: "6 Economic Suitability Analysis" }).click();
    await expect(page).toHaveURL(/#module-6$/);
    await expect(navigator(page).locator('[aria-current="location"]')).toHaveText(/Economic Suitability Analysis/);
    await expect(page.locator("#module-6")).toBeInViewport();
  });

  test("the navigator is a keyboard tree: arrows move, Left and Right collapse and expand, Enter goes to the map", async ({ page }) => {
    await page.goto("/pyaez");
    await hydrated(page);
    const tree = navigator(page).getByRole("tree");
    const item = (name: string) => tree.getByRole("treeitem", { name, exact: true });
    await expect(tree.locator('[tabindex="0"]')).toHaveCount(1);
    await item("1 Climate Regime").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(item("1.2 Thermal Zone")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(item("1 Climate Regime")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(item("1 Climate Regime")).toHaveAttribute("aria-expanded", "false");
    await expect(item("1.2 Thermal Zone")).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(item("2 Crop Simulations")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowRight");
    await expect(item("1 Climate Regime")).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowRight");
    await expect(item("1.1 Thermal Climate")).toBeFocused();
    await page.keyboard.press("End");
    await expect(item("6 Economic Suitability Analysis")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(item("1 Climate Regime")).toBeFocused();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
    await expect(item("1.4 LGP")).toBeFocused();
    await expect(page).toHaveURL("/pyaez");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pyaez#module-1\.4$/);
    await landed(page, "module-1.4");
    await expect(page.locator("#module-1\\.4")).toBeFocused();
    await expect(tree.locator('[tabindex="0"]')).toHaveText("1.4 LGP");
  });

  test("legends of both kinds render", async ({ page }) => {
    await page.goto("/pyaez#module-5.1");
    const fournier = page.locator("#module-5\\.1");
    await expect(fournier.getByRole("img", { name: "Modified Fournier index: colour scale from 0 to 8000 mm" })).toBeVisible();
    await expect(fournier.locator(".sacap-legend__tick")).toHaveText(["0", "2000", "4000", "6000", "8000"]);
    await expect(page.locator("#module-1\\.3").getByRole("img", { name: /from 0 to 10000 °C days/ })).toBeAttached();
    await expect(page.locator("#module-2\\.5").getByRole("img", { name: /from 0 to 350 Julian day/ })).toBeAttached();
    const thermal = page.locator("#module-1\\.1").getByRole("list", { name: "Thermal climate: 12 classes" });
    await expect(thermal.getByRole("listitem")).toHaveCount(12);
    await expect(thermal.getByRole("listitem").first()).toHaveText("Tropics, lowland");
    const swatch = await thermal.locator(".sacap-legend__swatch").first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(swatch).toBe("rgb(215, 25, 28)");
  });

  test("map images are sized, lazy below the first, sample-marked, and load", async ({ page }) => {
    await page.goto("/pyaez#module-1.4");
    await hydrated(page);
    const img = page.locator("#module-1\\.4 .aez-card__map img");
    await expect(img).toHaveAttribute("width", "320");
    await expect(img).toHaveAttribute("height", "280");
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
    await expect(page.locator("#module-1\\.4 figcaption")).toContainText("Sample map");
    await expect(page.locator("#module-1\\.1 .aez-card__map img")).toHaveAttribute("loading", "eager");
  });

  test("the first map comes in the document; the maps below it are fetched once the page has painted", async ({ page, pageErrors }) => {
    const requested: string[] = [];
    page.on("request", (r) => void (r.url().includes("/aez/") && requested.push(new URL(r.url()).pathname)));
    await page.goto("/pyaez");
    const first = page.locator("#module-1\\.1 .aez-card__map img");
    await expect(first).toHaveAttribute("src", /^data:image\/svg\+xml,%3Csvg/);
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
    await expect(page.locator("html")).toHaveAttribute("data-painted", "");
    const second = page.locator("#module-1\\.2 .aez-card__map img");
    await second.scrollIntoViewIfNeeded();
    await expect.poll(() => second.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
    const { fcp, starts } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      starts: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => r.name.includes("/aez/")).map((r) => r.startTime),
    }));
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(start).toBeGreaterThanOrEqual(fcp);
    expect(requested).toContain("/aez/module-1.2.svg");
    expect(requested).not.toContain("/aez/module-1.1.svg");
    // while an image is not shown its frame keeps its place: nothing moves when it appears
    const heights = await page.locator("#module-1\\.2").evaluate((card) => {
      const img = card.querySelector<HTMLImageElement>(".aez-figure__frame > img")!;
      const shown = card.getBoundingClientRect().height;
      img.style.display = "none";
      const hidden = card.getBoundingClientRect().height;
      img.style.display = "";
      return { shown, hidden };
    });
    expect(heights.hidden).toBeCloseTo(heights.shown, 0);
    expect(pageErrors).toEqual([]);
  });

  test("a map image that does not load shows 'map not available' and keeps the legend", async ({ page }) => {
    const broken = { status: 200, contentType: "image/svg+xml", body: "not an image" };
    await page.route("**/aez/module-1.2.svg", (route) => route.fulfill(broken));
    await page.route("**/aez/module-1.3.svg", (route) => route.fulfill(broken));
    await page.goto("/pyaez");
    await hydrated(page);
    for (const id of ["module-1\\.2", "module-1\\.3"]) {
      const card = page.locator(`#${id}`);
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText("Map not available")).toBeVisible();
      await expect(card.getByRole("img", { name: /map not available/ })).toBeVisible();
      await expect(card.locator(".sacap-legend")).toBeVisible();
    }
  });

  test("the navigation search finds maps and opens them at their anchor", async ({ page, pageErrors }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("/");
    await page.keyboard.type("LGP");
    await expect(page.getByRole("option", { name: /1\.4 LGP/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pyaez#module-1\.4$/);
    await landed(page, "module-1.4");

    await page.keyboard.press("/");
    await page.keyboard.type("Fournier");
    await expect(page.getByRole("option").first()).toHaveText(/5\.1 Fournier Index/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pyaez#module-5\.1$/);
    await landed(page, "module-5.1");
    await expect(page.locator("#module-5\\.1")).toHaveClass(/aez-target/);
    expect(pageErrors).toEqual([]);
  });

  test.describe("narrow screens", () => {
    test.use({ viewport: { width: 800, height: 900 } });
    test("the navigator sits above the content", async ({ page }) => {
      await page.goto("/pyaez");
      const nav = await navigator(page).boundingBox();
      const first = await page.locator("#module-1").boundingBox();
      const pane = await page.locator(".aez-browser__content").boundingBox();
      expect(nav!.y + nav!.height).toBeLessThanOrEqual(first!.y);
      // one column: the navigator as wide as the modules' pane
      expect(Math.abs(nav!.width - pane!.width)).toBeLessThan(2);
    });
  });

  test.describe("phones", () => {
    test.use({ viewport: { width: 412, height: 823 } });
    test("the page scrolls as a whole, and a deep link lands 60 px below the top of the screen", async ({ page, pageErrors }) => {
      await page.goto("/pyaez#module-2.3");
      await hydrated(page);
      await page.waitForFunction(() => Math.abs(document.getElementById("module-2.3")!.getBoundingClientRect().top - 60) <= 2);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await expect(navigator(page).locator('[aria-current="location"]')).toHaveText(/2\.3/);
      // the modules are not squeezed into a pane: each map is shown whole as the page scrolls to it
      const pane = await page.locator(".aez-browser__content").evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
      expect(pane.scroll - pane.client).toBeLessThanOrEqual(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      // the navigator's list is folded on a phone (decision 028)
      await navigator(page).getByText("Show the list").click();
      await navigator(page).getByRole("treeitem", { name: "1.2 Thermal Zone" }).click();
      await page.waitForFunction(() => Math.abs(document.getElementById("module-1.2")!.getBoundingClientRect().top - 60) <= 2);
      const map = await page.locator("#module-1\\.2 .aez-card__map").boundingBox();
      expect(map!.y + map!.height).toBeLessThanOrEqual(823);
      expect(pageErrors).toEqual([]);
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("headings, cards, images and links are in the server HTML, and a deep link lands with the offset", async ({ page, request }) => {
      const html = await (await request.get("/pyaez")).text();
      for (const m of modules) expect(html).toContain(`<section id="module-${m.id}"`);
      expect(html.match(/<article id="module-/g)).toHaveLength(maps.length);
      await page.goto("/pyaez#module-2.3");
      await expect(page.locator("main h2").first()).toHaveText("Module 1 Climate Regime");
      await expect(page.locator("article.aez-card")).toHaveCount(maps.length);
      await landed(page, "module-2.3");
      const ring = await page.locator("#module-2\\.3").evaluate((el) => getComputedStyle(el).boxShadow);
      expect(ring).toMatch(/rgb\(11, 102, 35\) 0px 0px 0px 2px/);
      await navigator(page).getByRole("link", { name: "5.1 Fournier Index" }).click();
      await expect(page).toHaveURL(/#module-5\.1$/);
      await landed(page, "module-5.1");
      // the document has the first module's maps in full and the others by name, each linking to its module open
      await expect(page.locator("#module-5\\.1 .aez-card__map img")).toHaveCount(0);
      await page.locator("#module-5\\.1").getByRole("link", { name: "Show the map, its description and legend" }).click();
      await expect(page).toHaveURL(/\/pyaez\?module=5#module-5\.1$/);
      await landed(page, "module-5.1");
      await expect(page.locator("#module-5\\.1").getByRole("img", { name: "Modified Fournier index: colour scale from 0 to 8000 mm" })).toBeVisible();
      // no script marks the page as painted: the maps below the first show and load as usual
      const map = page.locator("#module-5\\.1 .aez-card__map img");
      await expect(map).toBeVisible();
      await expect.poll(() => map.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
      await expect(page.locator("#module-1\\.1 .aez-card__map img")).toHaveAttribute("src", /^data:image\/svg\+xml,/);
    });
  });
});
