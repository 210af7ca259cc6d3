import { expect, test } from "@playwright/test";
import { startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

/** With analytics and the bot check configured (on a second portal instance); their hosts are stubbed. */
test("configured analytics sends one screen_view per navigation; the captcha loads only where used", async ({ page }) => {
  const portal = await startPortal({
    ANALYTICS_ENABLED: "true",
    ANALYTICS_ID: "G-TEST123",
    CAPTCHA_SITE_KEY: "site-key",
    CAPTCHA_SECRET: "secret",
  });
  const external: string[] = [];
  await page.route(/^https:\/\/(www\.googletagmanager\.com|www\.recaptcha\.net)\//, (route) => {
    external.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
  });
  try {
    await page.goto(`${portal.url}/wiki`);
    await page.waitForLoadState("networkidle");
    const screenViews = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
          .map((args) => Array.from(args))
          .filter((args) => args[0] === "event" && args[1] === "screen_view")
          .map((args) => (args[2] as { page_path: string }).page_path),
      );
    await expect.poll(screenViews).toEqual(["/wiki"]);
    const config = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a)).find((a) => a[0] === "config"),
    );
    expect(config).toEqual(["config", "G-TEST123", { send_page_view: false, anonymize_ip: true, cookie_prefix: "_ga", app_name: "sacap" }]);

    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Disclaimer" }).click();
    await expect(page).toHaveURL(/\/disclaimer$/);
    await expect.poll(screenViews).toEqual(["/wiki", "/disclaimer"]);
    expect(external.some((url) => url.includes("recaptcha"))).toBe(false);

    await page.goto(`${portal.url}/contact/form`);
    await expect.poll(() => external.some((url) => url.startsWith("https://www.recaptcha.net/recaptcha/api.js?render=site-key"))).toBe(true);
    expect(external.some((url) => url.startsWith("https://www.googletagmanager.com/gtag/js?id=G-TEST123"))).toBe(true);
  } finally {
    portal.process.kill();
  }
});

test("the captcha script also loads after a client navigation to a form", async ({ page }) => {
  const portal = await startPortal({ CAPTCHA_SITE_KEY: "site-key", CAPTCHA_SECRET: "secret" });
  const requested: string[] = [];
  await page.route(/^https:\/\/www\.recaptcha\.net\//, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
  });
  try {
    await page.goto(`${portal.url}/wiki`);
    await page.waitForLoadState("networkidle");
    expect(requested).toEqual([]);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact\/form$/);
    await expect.poll(() => requested.length).toBe(1);
    expect(requested[0]).toContain("render=site-key");
  } finally {
    portal.process.kill();
  }
});
