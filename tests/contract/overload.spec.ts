import { expect, test } from "@playwright/test";
import { startPortal } from "../support/portal";

/**
 * More work than the machine can do at once (docs/deployment.md, "Turns and overload"): 60 clients, each
 * asking an explorer page nobody asked before, all at the same moment. Pages start four at a time over all
 * clients, and a page that waited a second without its turn is answered at once with 503 and Retry-After
 * (HTML for a browser, the JSON error for a data request) instead of after the others: some are answered,
 * the rest turned away, none fails. Before the machine's share, all 60 were rendered together and each took
 * as long as all of them.
 */
test("60 clients at once: pages answered in turn, the rest turned away at once with 503 and Retry-After", async () => {
  const portal = await startPortal({ SERIES_WORKERS: "1" });
  try {
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const json = i % 2 === 1;
        const response = await fetch(`${portal.url}/cmip6-data?indicator=pr&geo=NPL&start=${1950 + i}&end=${2020 + (i % 30)}${json ? "&_data=routes%2Fcmip6-data" : ""}`, {
          headers: { "X-Forwarded-For": `198.51.100.${100 + i}`, Accept: json ? "application/json" : "text/html" },
        });
        return { json, status: response.status, retryAfter: response.headers.get("retry-after"), type: response.headers.get("content-type") ?? "", body: await response.text() };
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 503), JSON.stringify(statuses)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(4);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.retryAfter).toBe("2");
      if (answer.json) expect(JSON.parse(answer.body).error.status).toBe(503);
      else {
        expect(answer.type).toContain("text/html");
        expect(answer.body).toContain("The portal is busy");
      }
    }
    // the server is itself again at once
    const after = await fetch(`${portal.url}/cmip6-data?indicator=pr&geo=NPL&start=1949&end=2019`);
    expect(after.status).toBe(200);
  } finally {
    portal.process.kill();
  }
});
