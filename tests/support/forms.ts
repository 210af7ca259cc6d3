import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { startPortal } from "./portal";

/** A valid contact message and data-sharing offer. */
export const CONTACT = {
  name: "Asha Rana",
  email: "asha@example.org",
  organisation: "Department of Hydrology and Meteorology",
  country: "NPL",
  topic: "data-request",
  message: "Please share daily rainfall for the Koshi basin stations, 1991-2020.",
};
export const DATA_SHARE = {
  title: "Daily rainfall, Koshi basin stations",
  sector: "Weather & Climate",
  link: "https://data.example.org/koshi-rainfall",
  description: "Daily rainfall at 42 stations of the Koshi basin, 1991-2020, as CSV, updated yearly.",
  licence: "CC-BY-4.0",
  contactEmail: "curator@example.org",
};

/** A temporary folder and a SQLite DATABASE_URL inside it; `remove()` deletes both. */
export function tempDatabase(): { url: string; dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "sacap-forms-"));
  return { dir, url: `file:${path.join(dir, "sacap.db")}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The fill-time token of a form page. */
export async function formToken(request: APIRequestContext, pageUrl: string): Promise<string> {
  const html = await (await request.get(pageUrl)).text();
  const match = /name="formToken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form token on ${pageUrl}`);
  return match[1];
}

/** Posts a form as a browser on the same site would (Origin header), without following the redirect. */
export async function postForm(
  request: APIRequestContext,
  pageUrl: string,
  fields: Record<string, string>,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<APIResponse> {
  const token = options.token ?? (await formToken(request, pageUrl));
  return request.post(pageUrl, {
    form: { formToken: token, ...fields },
    headers: { Origin: new URL(pageUrl).origin, ...options.headers },
    maxRedirects: 0,
  });
}

/** Runs the operators' export (`npm run submissions`) against a database; resolves with its output. */
export function exportSubmissions(databaseUrl: string, args: string[] = ["--format", "json"]) {
  const result = spawnSync(process.execPath, ["build/server/submissions.js", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The references the export lists. */
export function storedReferences(databaseUrl: string): string[] {
  const result = exportSubmissions(databaseUrl);
  if (result.code !== 0) throw new Error(`export failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { reference: string }[]).map((row) => row.reference);
}

/**
 * A portal of its own with a fresh SQLite database and no minimum fill time, so submissions and rate
 * counters start from nothing; `stop()` kills it and deletes the database.
 */
export async function startFormsPortal(settings: Record<string, string> = {}) {
  const db = tempDatabase();
  const portal = await startPortal({ DATABASE_URL: db.url, FORM_MIN_FILL_SECONDS: "0", ...settings }).catch((error: unknown) => {
    db.remove();
    throw error;
  });
  return {
    ...portal,
    db,
    stop() {
      portal.process.kill();
      db.remove();
    },
  };
}

/** Resolves when a child process has exited. */
export function exited(child: { exitCode: number | null; once(event: "exit", listener: () => void): unknown }): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}
