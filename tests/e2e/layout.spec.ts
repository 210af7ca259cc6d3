import { PORTAL_ROUTES } from "../../app/features/navigation/routes";
import { expect, hydrated, test } from "./fixtures";

/**
 * Screens that fit: no page is wider than the window it is shown in. Wide tables scroll inside their own
 * box and charts fit their column, so the page itself never scrolls sideways, from a phone to a wide screen.
 */

const WIDTHS = [390, 768, 1280, 1920];
const urls = PORTAL_ROUTES.map((route) => route.example ?? route.path);

test.describe("no page scrolls sideways", () => {
  for (const url of urls) {
    test(`${url} is as wide as the window at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      // four loads of one page, each hydrated: room for a busy machine, not a speed check
      test.slow();
      const widths: Record<number, number> = {};
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        await hydrated(page);
        widths[width] = await page.evaluate(() => document.documentElement.scrollWidth);
      }
      expect(widths).toEqual(Object.fromEntries(WIDTHS.map((w) => [w, w])));
    });
  }
});
