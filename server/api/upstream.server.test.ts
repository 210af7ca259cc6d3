import { describe, expect, it } from "vitest";
import { relayedBody, relayedCacheControl, relayedLocation, upstreamUrl } from "./upstream.server";

describe("upstream pass-through", () => {
  it("maps /api paths onto the upstream base", () => {
    expect(upstreamUrl("http://up.example/v2/", "http://portal/api/a/b?x=1")).toBe("http://up.example/v2/a/b?x=1");
  });

  it("lets browsers keep an upstream answer privately for at most five minutes", () => {
    expect(relayedCacheControl("public, max-age=31536000, immutable")).toBe("private, max-age=300");
    expect(relayedCacheControl("max-age=60")).toBe("private, max-age=60");
    expect(relayedCacheControl("s-maxage=9999")).toBe("no-cache");
    expect(relayedCacheControl("private, no-store")).toBe("no-store");
    expect(relayedCacheControl(null)).toBe("no-store");
  });

  it("passes a Location on only for redirects and 201, as a path under /api", () => {
    expect(relayedLocation(200, "/x")).toBeUndefined();
    expect(relayedLocation(302, "/x?y=1")).toBe("/api/x?y=1");
    expect(relayedLocation(201, "/items/7")).toBe("/api/items/7");
    expect(relayedLocation(301, "https://evil.example/")).toBeUndefined();
    expect(relayedLocation(301, "//evil.example/")).toBeUndefined();
    expect(relayedLocation(301, "/\\evil.example/")).toBeUndefined();
  });

  it("passes on the media types the API serves, files as attachments, and refuses the others by name", () => {
    const answer = (contentType: string | null, more: Record<string, string> = {}, status = 200) =>
      relayedBody(status, new Headers({ ...(contentType ? { "Content-Type": contentType } : {}), ...more }));
    expect(answer("application/json; charset=utf-8")).toEqual({});
    expect(answer("application/geo+json")).toEqual({});
    expect(answer("text/csv", { "Content-Disposition": 'attachment; filename="a.csv"' })).toEqual({});
    expect(answer("image/png")).toEqual({});
    // SVG can carry script, NetCDF and zip are files: downloaded, never shown on the portal's origin
    expect(answer("image/svg+xml")).toEqual({ disposition: "attachment" });
    expect(answer("application/x-netcdf", { "Content-Disposition": "inline" })).toEqual({ disposition: "attachment" });
    expect(answer("application/zip", { "Content-Disposition": 'attachment; filename="pack.zip"' })).toEqual({ disposition: 'attachment; filename="pack.zip"' });
    expect(answer("application/octet-stream", { "Content-Disposition": "attachment" })).toEqual({});
    expect(answer("application/octet-stream")).toEqual({ refused: "application/octet-stream" });
    expect(answer("text/html; charset=utf-8")).toEqual({ refused: "text/html" });
    expect(answer("application/javascript")).toEqual({ refused: "application/javascript" });
    expect(answer("image/svg+xml+json")).toEqual({ refused: "image/svg+xml+json" });
    expect(answer(null)).toEqual({ refused: "none" });
    // nothing to check without a body
    expect(answer(null, {}, 304)).toEqual({});
    expect(answer("text/html", { "Content-Length": "0" })).toEqual({});
  });
});
