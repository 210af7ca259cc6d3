import { describe, expect, it } from "vitest";
import { parseMediaType, relayedBody, relayedCacheControl, relayedLocation, upstreamUrl } from "./upstream.server";

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
    expect(answer("application/json; charset=utf-8")).toEqual({ contentType: "application/json; charset=utf-8" });
    expect(answer("application/geo+json")).toEqual({ contentType: "application/geo+json" });
    expect(answer("text/csv", { "Content-Disposition": 'attachment; filename="a.csv"' })).toEqual({ contentType: "text/csv" });
    expect(answer("image/png")).toEqual({ contentType: "image/png" });
    // SVG can carry script, NetCDF and zip are files: downloaded, never shown on the portal's origin
    expect(answer("image/svg+xml")).toEqual({ contentType: "image/svg+xml", disposition: "attachment" });
    expect(answer("application/x-netcdf", { "Content-Disposition": "inline" })).toEqual({ contentType: "application/x-netcdf", disposition: "attachment" });
    expect(answer("application/zip", { "Content-Disposition": 'attachment; filename="pack.zip"' })).toEqual({
      contentType: "application/zip",
      disposition: 'attachment; filename="pack.zip"',
    });
    expect(answer("application/octet-stream", { "Content-Disposition": "attachment" })).toEqual({ contentType: "application/octet-stream" });
    expect(answer("application/octet-stream")).toEqual({ refused: "application/octet-stream" });
    expect(answer("text/html; charset=utf-8")).toEqual({ refused: "text/html" });
    expect(answer("application/javascript")).toEqual({ refused: "application/javascript" });
    expect(answer("image/svg+xml+json")).toEqual({ refused: "image/svg+xml+json" });
    expect(answer(null)).toEqual({ refused: "none" });
    // nothing to check without a body, and only a type the API serves is kept
    expect(answer(null, {}, 304)).toEqual({});
    expect(answer("application/json", {}, 304)).toEqual({ contentType: "application/json" });
    expect(answer("text/html", { "Content-Length": "0" })).toEqual({});
  });

  it("passes on the parsed media type written back, never the upstream's header as it came", () => {
    const answer = (contentType: string) => relayedBody(200, new Headers({ "Content-Type": contentType }));
    expect(answer("Application/JSON;Charset=utf-8")).toEqual({ contentType: "application/json; charset=utf-8" });
    expect(answer('text/csv ;\tcharset="utf-8"; header=present')).toEqual({ contentType: "text/csv; charset=utf-8; header=present" });
  });

  it("refuses a Content-Type that is more than one media type, or two Content-Type headers", () => {
    const answer = (headers: [string, string][]) => relayedBody(200, new Headers(headers));
    // a browser reads each of these as text/html, the last type in the list
    expect(answer([["Content-Type", "application/json; x=1, text/html"]])).toEqual({ malformed: "application/json; x=1, text/html" });
    expect(answer([["Content-Type", "application/x+json;a=b,text/html"]])).toEqual({ malformed: "application/x+json;a=b,text/html" });
    // two headers arrive joined by ", ", as fetch joins them
    expect(answer([["Content-Type", "application/json"], ["Content-Type", "text/html"]])).toEqual({ malformed: "application/json, text/html" });
    expect(answer([["Content-Type", "application/json"], ["Content-Type", "application/json"]])).toEqual({ malformed: "application/json, application/json" });
  });
});

describe("parseMediaType", () => {
  it("reads a type, a subtype and parameters with token or quoted-string values, written back in one form", () => {
    expect(parseMediaType("application/json")).toEqual({ essence: "application/json", parameters: [], text: "application/json" });
    expect(parseMediaType("Text/CSV; Charset=UTF-8")).toEqual({ essence: "text/csv", parameters: [["charset", "UTF-8"]], text: "text/csv; charset=UTF-8" });
    expect(parseMediaType('application/geo+json;profile="https://example.org/a, b"')).toEqual({
      essence: "application/geo+json",
      parameters: [["profile", "https://example.org/a, b"]],
      text: 'application/geo+json; profile="https://example.org/a, b"',
    });
    // a quoted-pair stands for its character; a quoted token comes back as a token
    const quoted = parseMediaType('text/csv; a="say \\"hi\\""; b="x\\\\y"; c="plain"');
    expect(quoted?.parameters).toEqual([["a", 'say "hi"'], ["b", "x\\y"], ["c", "plain"]]);
    expect(quoted?.text).toBe('text/csv; a="say \\"hi\\""; b="x\\\\y"; c=plain');
    // spaces around the ";" and empty parameters are allowed
    expect(parseMediaType("  image/png \t;  ; q=1 ;")?.text).toBe("image/png; q=1");
    expect(parseMediaType('application/vnd.api+json; ext=""')?.text).toBe('application/vnd.api+json; ext=""');
  });

  it("refuses anything but exactly one media type", () => {
    for (const value of [
      "",
      "json",
      "application/",
      "/json",
      "application/json, text/html",
      "application/json; x=1, text/html",
      "application/x+json;a=b,text/html",
      'application/json; a="x", text/html',
      "application/json text/html",
      "application/json;text/html",
      "application / json",
      "application/json; charset = utf-8",
      "application/json; charset=",
      "application/json; charset",
      "application/json; charset=utf 8",
      'application/json; a="unterminated',
      'application/json; a="x"y',
      'application/json; a="é"',
      "application/jsön",
      "application/json; charset=utf-8; charset=latin1",
      "application/json\r\nX-Injected: 1",
      "text/html<script>",
    ]) {
      expect(parseMediaType(value), value).toBeUndefined();
    }
  });
});
