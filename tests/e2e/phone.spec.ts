import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

/**
 * What a page holds on a phone (decision 028): the parts a phone reader does not need at once are folded
 * (`<details class="sacap-fold">`, styles/app.css), closed on a narrow screen, their content in the
 * document; on a wide screen their content shows as it would without the fold. Each page with its folds,
 * by their summaries; `tables`: the folds that hold a table (the explorer's below its chart), each under a
 * heading that stays in sight.
 */
const PAGES: { path: string; folds: string[]; tables?: string[] }[] = [
  { path: "/cmip6-viewer", folds: ["Filter layers", "Show the layers"] },
  {
    path: "/cmip6-data",
    folds: ["Scenarios, models, period and chart", "Show the window table", "Show the values by year and model", "Show the lists"],
    tables: ["Show the window table", "Show the values by year and model", "Show the lists"],
  },
  { path: "/pyaez", folds: ["Show the list"] },
  { path: "/care-comp", folds: ["Places, projection and columns"] },
  { path: "/catalog/climate", folds: ["Quick filters"] },
];
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

/** A fold of the page by its summary's text. */
const fold = (page: Page, summary: string) => page.locator("details.sacap-fold").filter({ has: page.locator(":scope > summary", { hasText: new RegExp(`^${summary}$`) }) });
/** The first element of a fold's content that shows (what its summary opens; a sprite of icons does not). */
const content = (details: Locator) => details.locator(":scope > :not(summary, svg)").first();

/** The charts, maps and tables of a page: tables, figures (charts, the AEZ maps), the map viewers' map. */
const FIGURES = ':is(table, figure, [data-testid="map-slot"])';

/** Records the page's layout shifts from its first paint on (the sum is read by `shifted`). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
}
const shifted = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));

/** Presses Tab until `target` has focus (a bounded number of times). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 200; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const { path, folds, tables = [] } of PAGES) {
    test(`${path}: ${folds.join(", ")} closed, reachable and operable by keyboard; every chart and map shown, every table in the document`, async ({ page, pageErrors }) => {
      test.slow();
      await recordShifts(page);
      await page.goto(path);
      await hydrated(page);
      for (const summary of folds) {
        const details = fold(page, summary);
        await expect(details, summary).toHaveCount(1);
        await expect(details, summary).not.toHaveAttribute("open");
        await expect(content(details), summary).toBeHidden();
      }
      // folding put no chart or map out of sight, and no table but those of the folds named for it, each
      // in the document and under a heading in sight
      expect(await page.locator(`main ${FIGURES}`).count()).toBeGreaterThan(0);
      await expect(page.locator(`details.sacap-fold:not([open]) ${FIGURES}:not(table)`)).toHaveCount(0);
      await expect(page.locator("details.sacap-fold:not([open]) table")).toHaveCount(tables.length);
      for (const summary of tables) {
        await expect(fold(page, summary).locator("table"), summary).toHaveCount(1);
        const heading = await fold(page, summary).evaluate((details) => {
          for (let at: Element | null = details; at; at = at.parentElement) {
            for (let before = at.previousElementSibling; before; before = before.previousElementSibling) {
              const found = before.matches("h2, h3") ? before : before.querySelector("h2, h3");
              if (found) return found.textContent;
            }
          }
          return null;
        });
        expect(heading, summary).toBeTruthy();
        await expect(page.getByRole("heading", { name: heading!, exact: true }), summary).toBeVisible();
      }
      await expect(page.locator(`main ${FIGURES}`).first()).toBeVisible();
      // closed from the first paint: nothing moved
      expect(await shifted(page)).toBeLessThanOrEqual(0.02);
      expect(await seriousViolations(page), "closed").toEqual([]);

      for (const summary of folds) {
        const details = fold(page, summary);
        const opener = details.locator(":scope > summary");
        await tabTo(page, opener);
        await page.keyboard.press("Enter");
        await expect(details, summary).toHaveAttribute("open");
        await expect(content(details), summary).toBeVisible();
        // the next Tab stop is in what it opened
        await page.keyboard.press("Tab");
        expect(await details.evaluate((el) => el.contains(document.activeElement) && el.querySelector(":scope > summary") !== document.activeElement), summary).toBe(true);
        await page.keyboard.press("Shift+Tab");
        await expect(opener).toBeFocused();
        await page.keyboard.press("Space");
        await expect(details, summary).not.toHaveAttribute("open");
        await expect(content(details), summary).toBeHidden();
      }
      // what each fold holds passes axe as well, shown
      for (const summary of folds) await fold(page, summary).locator(":scope > summary").click();
      expect(await seriousViolations(page), "opened").toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a 1,280 px screen${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
    test.use({ viewport: WIDE, javaScriptEnabled });

    for (const { path, folds } of PAGES) {
      test(`${path}: what ${folds.join(", ")} hold is shown${javaScriptEnabled ? ", open" : ""}, with no summary to open`, async ({ page }) => {
        await page.goto(path);
        if (javaScriptEnabled) await hydrated(page);
        for (const summary of folds) {
          await expect(content(fold(page, summary)), summary).toBeVisible();
          await expect(fold(page, summary).locator(":scope > summary"), summary).toBeHidden();
          // the page's scripts say so to screen readers and other tools
          if (javaScriptEnabled) await expect(fold(page, summary), summary).toHaveAttribute("open");
        }
      });
    }
  });
}

/**
 * Makes the page's stylesheets those a browser without `::details-content` (Chromium before 131, Safari
 * before 18.4, Firefox before 143) keeps: it drops every rule whose selector names the pseudo-element, and
 * every `@supports` block that asks for it. Such a browser keeps a closed details' content hidden whatever
 * the stylesheet says, as Chromium does once those rules are gone.
 */
async function withoutDetailsContent(page: Page) {
  await page.evaluate(() => {
    const prune = (rules: CSSRuleList, remove: (index: number) => void) => {
      for (let i = rules.length - 1; i >= 0; i--) {
        const rule = rules[i];
        if (rule instanceof CSSStyleRule && rule.selectorText.includes("::details-content")) remove(i);
        else if (rule instanceof CSSSupportsRule && rule.conditionText.includes("details-content")) remove(i);
        else if (rule instanceof CSSGroupingRule) prune(rule.cssRules, (at) => rule.deleteRule(at));
      }
    };
    for (const sheet of document.styleSheets) prune(sheet.cssRules, (at) => sheet.deleteRule(at));
  });
}

test.describe("on a 1,280 px screen of a browser without ::details-content", () => {
  test.use({ viewport: WIDE });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      for (const { path, folds } of PAGES) {
        test(`${path}: ${javaScriptEnabled ? "the page's scripts open" : "the reader opens"} ${folds.join(", ")}, and each then shows as no fold`, async ({ page }) => {
          await page.goto(path);
          if (javaScriptEnabled) await hydrated(page);
          await withoutDetailsContent(page);
          for (const summary of folds) {
            const details = fold(page, summary);
            const opener = details.locator(":scope > summary");
            if (!javaScriptEnabled) {
              // closed, as on a phone, with its summary to open it
              await expect(content(details), summary).toBeHidden();
              await opener.click();
            }
            await expect(details, summary).toHaveAttribute("open");
            await expect(content(details), summary).toBeVisible();
            await expect(opener, summary).toBeHidden();
          }
        });
      }
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a 390 px phone${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });

    test("a link to a page of the explorer's values table opens its fold at that page", async ({ page }) => {
      await page.goto("/cmip6-data?t.page=2");
      if (javaScriptEnabled) await hydrated(page);
      const details = fold(page, "Show the values by year and model");
      await expect(details).toHaveAttribute("open");
      await expect(details.getByRole("status")).toContainText(/^26–50 of /);
      // the other folds stay closed
      await expect(fold(page, "Show the window table")).not.toHaveAttribute("open");
    });
  });
}

test.describe("after a navigation in the portal", () => {
  for (const [name, viewport, open] of [["a 390 px phone", PHONE, false], ["a 1,280 px screen", WIDE, true]] as const) {
    test(`the comparison's fold is ${open ? "open" : "closed"} on ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await hydrated(page);
      await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/care-comp"));
      const details = fold(page, "Places, projection and columns");
      await expect(details).toHaveCount(1);
      if (open) await expect(details).toHaveAttribute("open");
      else await expect(details).not.toHaveAttribute("open");
      await expect(content(details))[open ? "toBeVisible" : "toBeHidden"]();
    });
  }
});

test.describe("on a 390 px phone without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  for (const { path, folds } of PAGES) {
    test(`${path}: opening ${folds.join(", ")} shows what each holds`, async ({ page }) => {
      await page.goto(path);
      for (const summary of folds) {
        const details = fold(page, summary);
        await expect(content(details), summary).toBeHidden();
        await details.locator(":scope > summary").click();
        await expect(details, summary).toHaveAttribute("open");
        await expect(content(details), summary).toBeVisible();
      }
    });
  }
});

/**
 * A table's later rows (`PHONE_FIRST_ROWS`, styles/app.css): on a phone a table shows the first 10 rows of
 * its page, the rest in the document under a fold after the table; on a wide screen every row shows.
 */
const catalogueRows = (page: Page) => page.getByRole("grid", { name: "Datasets" }).locator("tbody tr");
const laterRows = (page: Page) => page.locator("details.sacap-later-rows");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a table's later rows on a 390 px phone${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });

    test("the catalogue shows rows 1–10 of its page, and its fold after the table opens by keyboard onto the rest", async ({ page }) => {
      await page.goto("/catalog/climate");
      if (javaScriptEnabled) await hydrated(page);
      const rows = catalogueRows(page);
      await expect(rows).toHaveCount(50);
      await expect(rows.nth(9)).toBeVisible();
      await expect(rows.nth(10)).toBeHidden();
      await expect(rows.nth(49)).toBeHidden();
      const opener = laterRows(page).locator(":scope > summary");
      await expect(opener).toHaveText("Show rows 11–50");
      await tabTo(page, opener);
      await page.keyboard.press("Enter");
      await expect(laterRows(page)).toHaveAttribute("open");
      await expect(rows.nth(10)).toBeVisible();
      await expect(rows.nth(49)).toBeVisible();
      // (axe runs in the page's scripts)
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Space");
      await expect(rows.nth(10)).toBeHidden();
    });

    test("the fold names the rows of the page it is on", async ({ page }) => {
      await page.goto("/catalog/climate?page=2");
      await expect(page.getByRole("status").filter({ hasText: /^51–100 of / })).toHaveCount(1);
      await expect(laterRows(page).locator(":scope > summary")).toHaveText("Show rows 61–100");
      await expect(catalogueRows(page).nth(9)).toBeVisible();
      await expect(catalogueRows(page).nth(10)).toBeHidden();
    });
  });
}

test.describe("a table's later rows on a 390 px phone, by keyboard in the table", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("moving to a row past the 10th opens the fold and focuses that row", async ({ page }) => {
    await page.goto("/catalog/climate");
    await hydrated(page);
    const rows = catalogueRows(page);
    await rows.nth(9).focus();
    await page.keyboard.press("ArrowDown");
    await expect(laterRows(page)).toHaveAttribute("open");
    await expect(rows.nth(10)).toBeFocused();
    await expect(rows.nth(10)).toBeInViewport();
    await page.keyboard.press("End");
    await expect(rows.nth(49)).toBeFocused();
    await expect(rows.nth(49)).toBeInViewport();
    await page.keyboard.press("Home");
    await expect(rows.first()).toBeFocused();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a table's rows on a 1,280 px screen${javaScriptEnabled ? "" : " without JavaScript"}`, () => {
    test.use({ viewport: WIDE, javaScriptEnabled });

    test("every row of the catalogue's page shows, with no fold to open", async ({ page }) => {
      await page.goto("/catalog/climate");
      if (javaScriptEnabled) await hydrated(page);
      await expect(catalogueRows(page)).toHaveCount(50);
      await expect(catalogueRows(page).nth(49)).toBeVisible();
      await expect(laterRows(page)).toBeHidden();
    });
  });
}
