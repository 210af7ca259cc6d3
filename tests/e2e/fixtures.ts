import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";

/**
 * Every browser test fails on a console error or an uncaught page error, and on any request that
 * leaves localhost (the embedded default must work offline).
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    // A page that is itself a 404 (the not-found page) makes Chromium log the status; that one is expected.
    let expectedNotFound = 0;
    page.on("response", (response) => {
      if (response.request().isNavigationRequest() && response.status() === 404) expectedNotFound++;
    });
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (expectedNotFound > 0 && message.text().includes("status of 404")) {
        expectedNotFound--;
        return;
      }
      errors.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["localhost", "127.0.0.1"].includes(url.hostname) && !url.protocol.startsWith("data")) {
        errors.push(`external request: ${request.url()}`);
      }
    });
    await use(errors);
    expect(errors, "console errors, page errors or external requests").toEqual([]);
  },
});

export { expect };

/** Waits until the app has hydrated (client scripts ran), so keyboard shortcuts are live. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
}

/**
 * The rules whose violations are at most moderate (axe declares each rule's impact): they cannot make a
 * serious or critical violation, so they are not run. Every other rule keeps axe's default (on or off).
 */
const MILD_RULES = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
  .map((rule) => rule.id);

/**
 * The page's serious and critical axe violations, each as its rule and first few elements.
 *
 * axe runs in the page itself (legacy mode): the portal has no frames of other origins (a request to
 * another host fails every test), so axe's per-frame partial runs and their merge in an extra blank page
 * only cost time. Only violations are collected with all their elements; the passing elements, which axe
 * would otherwise describe one by one and send back, are not needed. The same rules run on the same nodes.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .disableRules(MILD_RULES)
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
}
