import { describe, expect, it } from "vitest";
import { relayedCacheControl, relayedLocation, upstreamUrl } from "./upstream.server";

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
});
