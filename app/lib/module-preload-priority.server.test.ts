import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preload-priority.server";

/** The document as the browser receives it when the renderer writes it in the given chunks. */
async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

const DOC =
  '<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Zone agro-écologique — ধান</p>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/_shared/chunk-A.js"/>' +
  '<script type="module" async="">import "/build/entry.client.js";</script></body></html>';
const EXPECTED = DOC.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("module preloads at low priority", () => {
  it("marks every modulepreload link and leaves the rest of the document as it was", async () => {
    const html = await through([DOC]);
    expect(html).toBe(EXPECTED);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
  });

  it("finds tags split across chunks at any point, and multibyte characters split across chunks", async () => {
    const bytes = Buffer.from(DOC);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(EXPECTED);
    }
    // one byte at a time
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(EXPECTED);
  });

  it("keeps a document that ends in what looks like the start of a tag", async () => {
    expect(await through(["<p>x</p><link rel=\"module"])).toBe('<p>x</p><link rel="module');
  });
});
