import { createServer, type Server } from "node:http";
import { expect, test } from "./fixtures";
import { freePort, startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

let ckan: Server;
let ckanUrl: string;
/** A service on the portal's own network that a preview must never reach. */
let internal: Server;
let internalUrl: string;
const SECRET = "internal-secret-7f3a";

const dataset = (id: string, port: number) => ({
  id,
  name: id,
  title: `Rainfall stations ${id}`,
  notes: "Daily rainfall at stations.",
  organization: { title: "Met Department" },
  resources: [
    { id: "r-csv", name: "stations.csv", format: "csv", url: `http://127.0.0.1:${port}/files/stations.csv` },
    { id: "r-pdf", name: "readme.pdf", format: "PDF", url: `http://127.0.0.1:${port}/files/readme.pdf` },
  ],
});

/** A hostile CKAN dataset: CSV resources pointing at the internal service, directly and through a redirect, and a script link. */
const hostile = (port: number) => ({
  id: "ds-evil",
  name: "ds-evil",
  title: "Station metadata",
  notes: "Looks harmless.",
  resources: [
    { id: "r-direct", name: "direct.csv", format: "CSV", url: `${internalUrl}/admin.csv` },
    { id: "r-hop", name: "hop.csv", format: "CSV", url: `http://127.0.0.1:${port}/files/hop.csv` },
    { id: "r-script", name: "script", format: "HTML", url: "javascript:alert(document.cookie)" },
  ],
});

test.beforeAll(async () => {
  const internalPort = await freePort();
  internal = createServer((_req, res) => res.end(`name,value\nsecret,${SECRET}\n`));
  await new Promise<void>((resolve) => internal.listen(internalPort, "127.0.0.1", resolve));
  internalUrl = `http://127.0.0.1:${internalPort}`;

  const port = await freePort();
  ckan = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/3/action/package_search") {
      if (url.searchParams.get("q") === "broken") return send(500, { success: false });
      return send(200, { success: true, result: { count: 2, results: [dataset("ds-1", port), dataset("ds-2", port)] } });
    }
    if (url.pathname === "/api/3/action/package_show") {
      const id = url.searchParams.get("id");
      if (id === "ds-evil") return send(200, { success: true, result: hostile(port) });
      return id === "ds-1" ? send(200, { success: true, result: dataset("ds-1", port) }) : send(404, { success: false });
    }
    if (url.pathname === "/files/hop.csv") {
      res.writeHead(302, { Location: `${internalUrl}/admin.csv` });
      return res.end();
    }
    if (url.pathname === "/files/stations.csv") {
      res.writeHead(200, { "Content-Type": "text/csv" });
      const lines = ["station,date,rain_mm"];
      for (let i = 0; i < 1500; i++) lines.push(`"Station ${i % 7}, east",2020-01-${String((i % 28) + 1).padStart(2, "0")},${(i * 1.7) % 50}`);
      return res.end(lines.join("\n"));
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => ckan.listen(port, "127.0.0.1", resolve));
  ckanUrl = `http://127.0.0.1:${port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => ckan.close(() => resolve()));
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

test("without CKAN_URL it browses the embedded catalogue in the same form", async ({ page, pageErrors }) => {
  await page.goto("/ckan-viewer?q=chirps");
  await expect(page.getByText("SACAP catalogue")).toBeVisible();
  await page.locator(".sacap-ckan__results a").first().click();
  await expect(page).toHaveURL(/dataset=/);
  await expect(page.getByRole("heading", { name: "Resources" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("with CKAN_URL it searches, shows a dataset and previews the first 1,000 CSV rows", async ({ page }) => {
  // this CKAN runs on loopback: the operator says so, or its own files would be refused as private
  const portal = await startPortal({ CKAN_URL: ckanUrl, CKAN_PREVIEW_PRIVATE: "true" });
  try {
    await page.goto(`${portal.url}/ckan-viewer?q=rain`);
    await expect(page.getByText("2 datasets")).toBeVisible();
    await page.getByRole("link", { name: "Rainfall stations ds-1" }).click();
    await expect(page.getByRole("heading", { name: "Rainfall stations ds-1" })).toBeVisible();
    await page.getByRole("link", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: /stations\.csv: first 1000 rows \(the file has more\)/ })).toBeVisible();
    await expect(page.getByRole("grid", { name: "CSV preview" }).locator("tbody tr").first()).toContainText("Station 0, east");
    await expect(page.getByText("1–50 of 1000")).toBeVisible();
  } finally {
    portal.process.kill();
  }
});

test("an upstream error is shown on a usable page with status 502", async ({ page }) => {
  const portal = await startPortal({ CKAN_URL: ckanUrl });
  try {
    const response = await page.goto(`${portal.url}/ckan-viewer?q=broken`);
    expect(response?.status()).toBe(502);
    await expect(page.getByRole("alert")).toContainText("could not answer the search");
    await expect(page.getByRole("searchbox", { name: "Search datasets" })).toBeVisible();
  } finally {
    portal.process.kill();
  }
});

test("a hostile CKAN cannot make the preview fetch a service on the portal's network", async ({ page }) => {
  const portal = await startPortal({ CKAN_URL: ckanUrl, CKAN_PREVIEW_PRIVATE: "true" });
  try {
    const internalHost = new URL(internalUrl).host;
    for (const resource of ["r-direct", "r-hop"]) {
      const response = await page.goto(`${portal.url}/ckan-viewer?dataset=ds-evil&resource=${resource}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("alert")).toContainText(`Preview refused: ${internalHost} is not an allowed preview host.`);
      expect(await page.content()).not.toContain(SECRET);
    }
    // a script link is shown as text, never as a link
    await expect(page.getByText("javascript:alert(document.cookie)")).toBeVisible();
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
  } finally {
    portal.process.kill();
  }
  // Without the operator's word, a CKAN host that resolves to a private address gets no preview either.
  const strict = await startPortal({ CKAN_URL: ckanUrl });
  try {
    await page.goto(`${strict.url}/ckan-viewer?dataset=ds-1&resource=r-csv`);
    await expect(page.getByRole("alert")).toContainText("Preview refused: 127.0.0.1 is a loopback address.");
  } finally {
    strict.process.kill();
  }
});
