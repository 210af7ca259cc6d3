import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressRestriction, fetchPreview, isAllowedHost, type PreviewFetchOptions } from "./preview-fetch.server";

describe("addressRestriction", () => {
  it("names what is not a public address, IPv4 and IPv6, mapped forms included", () => {
    const cases: [string, string | undefined][] = [
      ["127.0.0.1", "loopback"],
      ["127.255.0.9", "loopback"],
      ["0.0.0.0", "unspecified"],
      ["10.1.2.3", "private network"],
      ["172.15.255.255", undefined],
      ["172.16.0.0", "private network"],
      ["172.31.255.255", "private network"],
      ["172.32.0.0", undefined],
      ["192.168.1.1", "private network"],
      ["100.64.0.1", "private network"],
      ["169.254.169.254", "link-local"],
      ["8.8.8.8", undefined],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["::ffff:a9fe:a9fe", "link-local"],
      ["64:ff9b::10.0.0.1", "private network"],
      ["fe80::1", "link-local"],
      ["fd00:ec2::254", "private network"],
      ["2001:4860:4860::8888", undefined],
      ["ff02::1", "reserved"],
    ];
    for (const [address, expected] of cases) expect(addressRestriction(address), address).toBe(expected);
  });

  it("matches allowed hosts by name, and by port when the entry names one", () => {
    expect(isAllowedHost(new URL("https://data.example.org/a.csv"), ["data.example.org"])).toBe(true);
    expect(isAllowedHost(new URL("https://DATA.example.org:8443/a.csv"), ["data.example.org"])).toBe(true);
    expect(isAllowedHost(new URL("http://127.0.0.1:9000/x"), ["127.0.0.1:8000"])).toBe(false);
    expect(isAllowedHost(new URL("http://127.0.0.1:8000/x"), ["127.0.0.1:8000"])).toBe(true);
    expect(isAllowedHost(new URL("http://data.example.org.evil.example/x"), ["data.example.org"])).toBe(false);
  });
});

describe("fetchPreview", () => {
  let files: Server;
  let secret: Server;
  let filesHost: string;
  let secretHost: string;
  beforeAll(async () => {
    secret = createServer((_req, res) => res.end("secret-token-42"));
    files = createServer((req, res) => {
      if (req.url === "/hop") return res.writeHead(302, { Location: `http://${secretHost}/` }).end();
      if (req.url === "/big") return res.end("x".repeat(50_000));
      if (req.url === "/slow") return void res.write("a,b\n");
      res.end("a,b\n1,2\n");
    });
    await Promise.all([files, secret].map((s) => new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))));
    filesHost = `127.0.0.1:${(files.address() as AddressInfo).port}`;
    secretHost = `127.0.0.1:${(secret.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    files.closeAllConnections();
    files.close();
    secret.close();
  });
  const options = (over: Partial<PreviewFetchOptions> = {}): PreviewFetchOptions => ({ allowedHosts: [filesHost], allowPrivate: true, timeoutMs: 2000, maxBytes: 1000, ...over });

  it("fetches from an allowed host", async () => {
    expect(await fetchPreview(`http://${filesHost}/a.csv`, options())).toEqual({ ok: true, status: 200, text: "a,b\n1,2\n", truncated: false });
  });

  it("refuses a loopback address unless private addresses are allowed, also behind a name", async () => {
    expect(await fetchPreview(`http://${filesHost}/a.csv`, options({ allowPrivate: false }))).toEqual({ ok: false, refused: true, reason: "127.0.0.1 is a loopback address" });
    const port = filesHost.split(":")[1];
    const named = await fetchPreview(`http://localhost:${port}/a.csv`, options({ allowedHosts: [`localhost:${port}`], allowPrivate: false }));
    expect(named).toMatchObject({ ok: false, refused: true, reason: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/) });
  });

  it("refuses a name when any of its addresses is private (no answer from a rebinding name)", async () => {
    const lookup = ((_host: string, _options: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) =>
      callback(null, [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ])) as unknown as PreviewFetchOptions["lookup"];
    const result = await fetchPreview("http://files.example.org/a.csv", options({ allowedHosts: ["files.example.org"], allowPrivate: false, lookup }));
    expect(result).toEqual({ ok: false, refused: true, reason: "files.example.org resolves to 10.0.0.7, a private network address" });
  });

  it("never follows a redirect to a host outside the list", async () => {
    const result = await fetchPreview(`http://${filesHost}/hop`, options());
    expect(result).toEqual({ ok: false, refused: true, reason: `${secretHost} is not an allowed preview host` });
  });

  it("refuses hosts not on the list and links that are not http(s)", async () => {
    expect(await fetchPreview(`http://${secretHost}/`, options())).toMatchObject({ refused: true, reason: `${secretHost} is not an allowed preview host` });
    expect(await fetchPreview("javascript:alert(1)", options())).toMatchObject({ refused: true, reason: "javascript: links are not fetched" });
    expect(await fetchPreview("file:///etc/passwd", options())).toMatchObject({ refused: true });
  });

  it("stops at the size limit and at the time limit", async () => {
    expect(await fetchPreview(`http://${filesHost}/big`, options())).toMatchObject({ ok: true, truncated: true, text: "x".repeat(1000) });
    const started = Date.now();
    expect(await fetchPreview(`http://${filesHost}/slow`, options({ timeoutMs: 300 }))).toMatchObject({ ok: false, timedOut: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
