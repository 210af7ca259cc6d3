import AxeBuilder from "@axe-core/playwright";
import { expect, hydrated, test } from "./fixtures";

for (const url of ["/", "/cmip6-data", "/analytics/climate-crop", "/analytics/climate-livestock", "/pyaez", "/user-guide", "/data/catalog", "/no-such-page"]) {
  for (const theme of ["light", "dark"]) {
    test(`${url} (${theme}) has no serious or critical axe violations`, async ({ page, context }) => {
      await context.addCookies([{ name: "SACAP-theme", value: theme, url: "http://localhost" }]);
      await page.goto(url);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}
