import { expect, hydrated, seriousViolations, test } from "./fixtures";

// Every route is checked in the default light theme by routes.spec.ts; here the dark theme, and the
// not-found page (which that file does not visit) in both.
const checks = [
  ...["/", "/cmip6-data", "/analytics/climate-crop", "/analytics/climate-livestock", "/analytics/my-index", "/pyaez", "/user-guide", "/data/catalog", "/data-chart/node/nex-gddp-cmip6-tas-cmip6-v1-monthly"].map((url) => ({ url, theme: "dark" })),
  { url: "/no-such-page", theme: "light" },
  { url: "/no-such-page", theme: "dark" },
];

for (const { url, theme } of checks) {
  test(`${url} (${theme}) has no serious or critical axe violations`, async ({ page, context }) => {
    // an axe run over a whole page takes seconds of CPU: room for a busy machine, not a speed check
    test.slow();
    await context.addCookies([{ name: "SACAP-theme", value: theme, url: "http://localhost" }]);
    await page.goto(url);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
