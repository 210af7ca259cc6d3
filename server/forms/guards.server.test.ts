import { describe, expect, it } from "vitest";
import { PayloadTooLarge, readLimitedForm } from "./body.server";
import { headerHost, sameOrigin } from "./guards.server";

describe("origin check", () => {
  it("reads the host of an Origin or Referer", () => {
    expect(headerHost("https://portal.example.org")).toBe("portal.example.org");
    expect(headerHost("http://localhost:3000/contact/form?x=1")).toBe("localhost:3000");
    expect(headerHost("null")).toBeNull();
    expect(headerHost("file:///etc/passwd")).toBeNull();
    expect(headerHost("not a url")).toBeNull();
    expect(headerHost(undefined)).toBeNull();
  });

  it("accepts requests from this host's pages only", () => {
    expect(sameOrigin({ origin: "http://localhost:3000" }, "localhost:3000")).toBe(true);
    expect(sameOrigin({ origin: "https://Portal.example.org" }, "portal.example.org")).toBe(true);
    expect(sameOrigin({ referer: "http://localhost:3000/data/share" }, "localhost:3000")).toBe(true);
    expect(sameOrigin({ origin: "http://evil.example" }, "localhost:3000")).toBe(false);
    expect(sameOrigin({ origin: "http://localhost:3001" }, "localhost:3000")).toBe(false);
    // an Origin decides even when the Referer would pass
    expect(sameOrigin({ origin: "null", referer: "http://localhost:3000/" }, "localhost:3000")).toBe(false);
    expect(sameOrigin({}, "localhost:3000")).toBe(false);
    expect(sameOrigin({ origin: "http://localhost:3000" }, undefined)).toBe(false);
  });
});

describe("readLimitedForm", () => {
  const post = (body: BodyInit, type = "application/x-www-form-urlencoded") =>
    new Request("http://localhost/contact/form", { method: "POST", body, headers: { "Content-Type": type }, duplex: "half" } as RequestInit);

  it("parses a form within the limit", async () => {
    const form = await readLimitedForm(post("name=Asha&message=Hello%20there"), 1024);
    expect(form.get("name")).toBe("Asha");
    expect(form.get("message")).toBe("Hello there");
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("a".repeat(1000)));
        if (pulled > 1000) controller.close();
      },
    });
    await expect(readLimitedForm(post(stream), 4096)).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(pulled).toBeLessThan(10);
  });
});
