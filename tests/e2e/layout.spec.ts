import type { Page } from "@playwright/test";
import { PORTAL_ROUTES } from "../../app/features/navigation/routes";
import { expect, hydrated, test } from "./fixtures";

/**
 * Screens that fit: no page is wider than the window it is shown in. Wide tables scroll inside their own
 * box and charts fit their column, so the page itself never scrolls sideways, from a phone to a wide screen.
 */

const WIDTHS = [390, 768, 1280, 1920];

/**
 * Opens a page and waits for its scripts. A busy machine's portal may turn a page away (503 with
 * Retry-After, the load it sheds): the page is asked for again after the time it names, as a reader would.
 */
async function open(page: Page, url: string) {
  for (let attempt = 1; ; attempt++) {
    const response = await page.goto(url);
    if (response?.status() === 503 && attempt < 4) {
      await page.waitForTimeout(1000 * Number(response.headers()["retry-after"] ?? 2));
      continue;
    }
    expect(response?.status(), url).toBe(200);
    return hydrated(page);
  }
}
const urls = PORTAL_ROUTES.map((route) => route.example ?? route.path);

test.describe("no page scrolls sideways", () => {
  for (const url of urls) {
    test(`${url} is as wide as the window at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      // four loads of one page, each hydrated: room for a busy machine, not a speed check
      test.slow();
      const widths: Record<number, number> = {};
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, url);
        widths[width] = await page.evaluate(() => document.documentElement.scrollWidth);
      }
      expect(widths).toEqual(Object.fromEntries(WIDTHS.map((w) => [w, w])));
    });
  }
});

/**
 * The place lists (184 options) have a set width, so that the browser need not lay out every label to size
 * them (app/components/long-select.ts): on the narrowest phone each still fits its column, with every fold
 * of the page opened, and the page does not scroll sideways.
 */
test.describe("the place lists fit a 320 px phone", () => {
  for (const url of ["/analytics/climate-crop", "/care-comp", "/cmip6-data", "/analytics/my-index"]) {
    test(url, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 800 });
      await open(page, url);
      // each click opens one fold, which leaves the list of closed ones
      const closed = page.locator("details.sacap-fold:not([open]) > summary");
      for (let folds = await closed.count(); folds > 0; folds--) await closed.first().click();
      await expect(closed).toHaveCount(0);
      const places = page.locator('select[name="geo"]');
      expect(await places.count()).toBeGreaterThan(0);
      for (const select of await places.all()) {
        await select.scrollIntoViewIfNeeded();
        const box = (await select.boundingBox())!;
        expect(box.x, url).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, url).toBeLessThanOrEqual(320);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    });
  }
});

/**
 * The map viewers' legend lies beside the map (under it on a phone): it covers none of the map's places
 * (the names the server draws as SVG text before any script), the map's buttons or the filters beside it.
 */
test.describe("the map legend covers neither the map nor its controls", () => {
  const VIEWERS = ["/cmip6-viewer", "/cmip6-viewer?geotype=Grid", "/second-page"];
  for (const width of [390, 1280]) {
    for (const url of VIEWERS) {
      test(`${url} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await open(page, url);
        const boxes = await page.evaluate(() => {
          type Box = { left: number; top: number; right: number; bottom: number; what: string };
          const box = (element: Element, what: string): Box => {
            const r = element.getBoundingClientRect();
            return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, what };
          };
          const slot = document.querySelector('[data-testid="map-slot"]')!;
          const map = box(slot, "the map");
          // the names drawn inside the map's box (the drawing is larger than the box, which clips it)
          const labels = [...slot.querySelectorAll(".sacap-mapsvg__labels text")]
            .map((text) => box(text, `the label ${text.textContent}`))
            .filter((b) => b.right > map.left && b.left < map.right && b.bottom > map.top && b.top < map.bottom);
          const controls = [".sacap-viewer__side", ".sacap-map__activate", ".sacap-viewer__export"].flatMap((selector) =>
            [...document.querySelectorAll(selector)].map((element) => box(element, selector)),
          );
          const legend = document.querySelector(".sacap-viewer__legend");
          return { legend: legend && box(legend, "the legend"), others: [map, ...labels, ...controls], labels: labels.length };
        });
        expect(boxes.legend).not.toBeNull();
        // the check has places to look at: the eight countries' names (or most of them on a phone)
        expect(boxes.labels).toBeGreaterThanOrEqual(width < 800 ? 3 : 8);
        const legend = boxes.legend!;
        const covered = boxes.others.filter((b) => b.left < legend.right && legend.left < b.right && b.top < legend.bottom && legend.top < b.bottom).map((b) => b.what);
        expect(covered).toEqual([]);
        // and it is in reach of the keyboard: its toggle takes the focus
        await page.locator(".sacap-viewer__legend summary").focus();
        await expect(page.locator(".sacap-viewer__legend summary")).toBeFocused();
      });
    }
  }
});
