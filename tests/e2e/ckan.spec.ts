import { createServer, type Server } from "node:http";
import { expect, test } from "./fixtures";
import { freePort, startPortal } from "../support/portal";

// These tests start their own portal instances, which takes a few seconds on a busy machine.
test.slow();

let ckan: Server;
let ckanUrl: string;

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

test.beforeAll(async () => {
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
      return url.searchParams.get("id") === "ds-1" ? send(200, { success: true, result: dataset("ds-1", port) }) : send(404, { success: false });
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
test.afterAll(() => new Promise<void>((resolve) => ckan.close(() => resolve())));

test("without CKAN_URL it browses the embedded catalogue in the same form", async ({ page, pageErrors }) => {
  await page.goto("/ckan-viewer?q=chirps");
  await expect(page.getByText("SACAP catalogue")).toBeVisible();
  await page.locator(".sacap-ckan__results a").first().click();
  await expect(page).toHaveURL(/dataset=/);
  await expect(page.getByRole("heading", { name: "Resources" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("with CKAN_URL it searches, shows a dataset and previews the first 1,000 CSV rows", async ({ page }) => {
  const portal = await startPortal({ CKAN_URL: ckanUrl });
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
