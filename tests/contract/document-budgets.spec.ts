import { expect, test } from "@playwright/test";
import { PORTAL_ROUTES } from "../../app/features/navigation/routes";
import { sent } from "../support/route-weight";

/**
 * Decision 026: every page's HTML document is at most 200 KB uncompressed (what a phone parses) and at most
 * 50 KB as sent to a client that accepts gzip, read as the server sends it (not decompressed). The pages
 * are those of the portal's route registry, each at its example URL (a profile, each analysis, the
 * comparison, the user guide, the API page, the forms, the catalogues and the map viewers, and the map
 * viewer with the states and provinces). Each test is annotated with the figures it measured.
 */
const KB = 1024;
const RAW_CEILING = 200 * KB;
const GZIP_CEILING = 50 * KB;

/** The map viewer's heaviest layer too: the 148 states and provinces, drawn, listed and primed. */
const urls = [...PORTAL_ROUTES.map((route) => route.example ?? route.path), "/cmip6-viewer?geotype=State"];

test.describe("document budgets", () => {
  test.describe.configure({ timeout: 60_000 });
  for (const url of urls) {
    test(`${url}: at most ${RAW_CEILING / KB} KB uncompressed and ${GZIP_CEILING / KB} KB as sent with gzip`, async ({ baseURL }) => {
      const href = new URL(url, baseURL).href;
      const raw = await sent(href, "identity");
      const gzip = await sent(href, "gzip");
      test.info().annotations.push({ type: "document", description: `${(raw.bytes / KB).toFixed(1)} KB uncompressed, ${(gzip.bytes / KB).toFixed(1)} KB gzip` });
      expect(raw.status, url).toBe(200);
      expect(raw.encoding, `${url} uncompressed`).toBeUndefined();
      expect(gzip.encoding, `${url} with gzip`).toBe("gzip");
      expect.soft(raw.bytes, `${url} uncompressed bytes`).toBeLessThanOrEqual(RAW_CEILING);
      expect.soft(gzip.bytes, `${url} gzip bytes`).toBeLessThanOrEqual(GZIP_CEILING);
    });
  }
});
