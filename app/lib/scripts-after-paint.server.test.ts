import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { INERT_MODULE, INERT_PRELOAD, PAINTED_ATTRIBUTE, scriptsAfterPaint } from "./scripts-after-paint.server";

/** The document as the browser receives it when the renderer writes it in the given chunks. */
async function through(chunks: (string | Buffer)[], nonce = "abc+/=", stages: string[] = ["/build/_shared/chunk-A.js"]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipe(scriptsAfterPaint(nonce, stages));
  for await (const chunk of stream) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

const DOC =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Zone agro-écologique — ধান, type=&quot;module&quot;</p>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/_shared/chunk-A.js"/>' +
  '<script nonce="abc+/=">window.__remixContext = {};</script>' +
  '<script nonce="abc+/=" type="module" async="">import "/build/manifest.js";\nimport("/build/entry.client.js");</script></body></html>';

describe("scripts after first paint", () => {
  it("writes the module preloads and the module script inert, and starts them from one script with the nonce", async () => {
    const html = await through([DOC]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html.match(new RegExp(`<link ${INERT_PRELOAD}`, "g"))).toHaveLength(2);
    expect(html).toContain(`<script nonce="abc+/=" ${INERT_MODULE} async="">import "/build/manifest.js";`);
    // the starter is the last thing in the body, with the response's nonce; it marks the page as painted
    expect(html).toMatch(/<script nonce="abc\+\/=">\(function\(\)\{[^<]*\}\)\(\)<\/script><\/body><\/html>$/);
    expect(html).toContain(`d.documentElement.setAttribute("${PAINTED_ATTRIBUTE}","")`);
    // everything else is as it was
    expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(html).toContain("<p>Zone agro-écologique — ধান, type=&quot;module&quot;</p>");
    expect(html).toContain('<script nonce="abc+/=">window.__remixContext = {};</script>');
  });

  it("finds what it rewrites split across chunks at any point, and multibyte characters split across chunks", async () => {
    const expected = await through([DOC]);
    const bytes = Buffer.from(DOC);
    for (let cut = 1; cut < bytes.length; cut += 5) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
  });

  it("keeps a document that ends in what looks like the start of a tag, and writes no nonce when there is none", async () => {
    expect(await through(['<p>x</p><link rel="module'])).toBe('<p>x</p><link rel="module');
    expect(await through(["<body></body>"], "")).toMatch(/^<body><script>\(function/);
  });

  it("lists the modules to evaluate one per task, in the given order, safe inside the script", async () => {
    const html = await through([DOC], "n", ["/build/_shared/a.js", "/build/b</script>.js"]);
    expect(html).toContain('S=["/build/_shared/a.js","/build/b\\u003c/script>.js"]');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });
});
