import express from "express";
import { serve } from "./testing/serve";
import { describe, expect, it, vi } from "vitest";
import { errorPage } from "./app";
import { validHostHeader } from "./request-origin.server";


describe("errorPage", () => {
  it("answers a failure with a friendly page or JSON error, never the stack or a server path, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const app = express();
    app.set("env", "production");
    app.get(["/boom", "/api/boom"], () => {
      throw new Error("cannot open /srv/sacap/secret.db");
    });
    app.use(errorPage());
    const url = await serve(app);

    const page = await fetch(`${url}/boom`);
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("/srv/sacap");
    expect(html).not.toMatch(/\bat \S+ \(/);

    const api = await fetch(`${url}/api/boom`);
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ error: { status: 500, message: expect.stringContaining("Something went wrong") } });

    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[0][0])).toContain("/srv/sacap/secret.db");
    logged.mockClear(); // logged on purpose: not a test failure
  });

  it("keeps a client error's status (a malformed URL is a 400) without logging it", async () => {
    const app = express();
    // a route with a parameter makes Express decode the path (as the portal's catch-all does)
    app.all("*", (_req, res) => res.send("ok"));
    app.use(errorPage());
    const url = await serve(app);
    const response = await fetch(`${url}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Request not understood");
  });
});

describe("Host headers", () => {
  it("accept host[:port] only", () => {
    for (const ok of [undefined, "localhost", "localhost:3000", "portal.example.org", "sacap_app", "[::1]:3000", "10.0.0.2:80", "a.example, b.example:8080"]) {
      expect(validHostHeader(ok), String(ok)).toBe(true);
    }
    for (const bad of ["evil.example/contact/form?", "a b", "evil.example:99999", "x@y", "host:port", "", "a..b/", "[::1]/x", `${"a".repeat(250)}.example`]) {
      expect(validHostHeader(bad), bad).toBe(false);
    }
  });
});
