import { get } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/** A response as sent (the body not decompressed). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

async function assetsOfHome(baseURL: string) {
  const html = await (await fetch(new URL("/", baseURL))).text();
  const css = /<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
  // the page's module preloads, written inert until first paint (app/lib/scripts-after-paint.server.ts)
  const js = /<link rel="preload-after-paint" href="(\/build\/entry\.client-[^"]+\.js)"/.exec(html)?.[1];
  expect(css).toBeTruthy();
  expect(js).toBeTruthy();
  return { html, css: new URL(css!, baseURL).href, js: new URL(js!, baseURL).href };
}

test("hashed assets are sent precompressed (brotli, else gzip) with their own type, Vary and a year's immutable cache", async ({ baseURL }) => {
  const { css, js } = await assetsOfHome(baseURL!);
  const plain = await raw(js, { "accept-encoding": "identity" });
  expect(plain.headers["content-encoding"]).toBeUndefined();

  for (const [url, type] of [
    [css, "text/css"],
    [js, "text/javascript"],
  ] as const) {
    const identity = await raw(url, { "accept-encoding": "identity" });
    const br = await raw(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain(type);
    expect(br.headers["vary"]).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

    const gz = await raw(url, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-type"]).toContain(type);
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);

    const refused = await raw(url, { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  }
});

test("no font is preloaded or named before the document is marked; every Public Sans face is optional and cached for good", async ({ baseURL }) => {
  const { html, css } = await assetsOfHome(baseURL!);
  // a first visit paints in the system's sans-serif: nothing asks for a font before first paint
  expect(html).not.toMatch(/<link[^>]+as="font"/);
  expect(html).toContain('localStorage.getItem("sacap-webfont")');
  const stylesheet = (await raw(css, { "accept-encoding": "identity" })).body.toString("utf8");
  const rootFont = /:root\s*\{[^}]*--sacap-font:\s*([^;]+);/.exec(stylesheet)?.[1];
  expect(rootFont).toBeTruthy();
  expect(rootFont).not.toContain("Public Sans");
  expect(stylesheet).toMatch(/:root\[data-webfont\]\s*\{\s*--sacap-font:\s*"Public Sans"/);
  // the faces never block first paint for long nor swap in late
  const faces = stylesheet.split("@font-face").filter((block) => /font-family:\s*"?Public Sans/.test(block));
  expect(faces).toHaveLength(10);
  for (const face of faces) expect(face).toMatch(/font-display:\s*optional/);
  const body = faces.find((face) => /font-weight:\s*400/.test(face) && /font-style:\s*normal/.test(face));
  const file = /url\(([^)]+\.woff2)\)/.exec(body!)?.[1];
  expect(file).toMatch(/public-sans-latin-400-normal-[A-Z0-9]+\.woff2$/);
  const font = await raw(new URL(file!.replace(/^["']|["']$/g, ""), new URL(css, baseURL)).href, {});
  expect(font.status).toBe(200);
  expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("the icon is in the document as a data URL (no request of its own during the load), and /favicon.svg still answers", async ({ baseURL }) => {
  const { html } = await assetsOfHome(baseURL!);
  const href = /<link rel="icon" href="(data:image\/svg\+xml,[^"]+)" type="image\/svg\+xml"\/>/.exec(html)?.[1];
  expect(href).toBeTruthy();
  const file = await raw(new URL("/favicon.svg", baseURL).href, {});
  expect(file.status).toBe(200);
  expect(decodeURIComponent(href!.slice("data:image/svg+xml,".length).replace(/&amp;/g, "&"))).toBe(file.body.toString("utf8").trim());
});
