import { describe, expect, it } from "vitest";
import { ownHosts } from "./request-origin.server";

describe("ownHosts", () => {
  it("are the hosts listed and PUBLIC_URL's, each exactly (a port is part of it), and loopback at the request's port", () => {
    const isOwn = ownHosts(["portal.example.org", "mirror.example.org:8080"], "https://sacap.example.org");
    for (const host of ["portal.example.org", "mirror.example.org:8080", "sacap.example.org", "127.0.0.1:3001", "localhost:3001", "[::1]:3001"]) {
      expect(isOwn(host, 3001), host).toBe(true);
    }
    for (const host of ["portal.example.org:3001", "mirror.example.org", "sacap.example.org:443", "sub.sacap.example.org", "sacap.example.org.", "127.0.0.1:3002", "localhost", "evil.example", undefined]) {
      expect(isOwn(host, 3001), String(host)).toBe(false);
    }
    // on the default port, a loopback name without one
    expect(isOwn("localhost", 80)).toBe(true);
  });

  it("without a list or PUBLIC_URL, are the first host asked for (logged) besides loopback", () => {
    const lines: string[] = [];
    const isOwn = ownHosts([], undefined, (line) => lines.push(line));
    // a health check straight to the server and a request without a host do not take the first host's place
    expect(isOwn("127.0.0.1:3001", 3001)).toBe(true);
    expect(isOwn(undefined, 3001)).toBe(false);
    expect(lines).toEqual([]);
    expect(isOwn("sacap.example.org", 3001)).toBe(true);
    expect(isOwn("evil.example", 3001)).toBe(false);
    expect(isOwn("sacap.example.org", 3001)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toContain("sacap.example.org");
  });

  it("with PUBLIC_URL and no list, are its host alone", () => {
    const lines: string[] = [];
    const isOwn = ownHosts([], "http://localhost:3000", (line) => lines.push(line));
    expect(isOwn("evil.example", 3001)).toBe(false);
    expect(isOwn("localhost:3000", 3001)).toBe(true);
    expect(lines).toEqual([]);
  });
});
