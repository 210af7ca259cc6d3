import { existsSync, readFileSync, readdirSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const PUBLIC = "public";

export function readManifest(): Manifest {
  const file = readdirSync(path.join(PUBLIC, "build")).find((f) => f.startsWith("manifest-"));
  if (!file) throw new Error("No build manifest: run npm run build first");
  const text = readFileSync(path.join(PUBLIC, "build", file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

const gzipCache = new Map<string, number>();
export function gzipSize(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(PUBLIC, url)), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

const brotliCache = new Map<string, number>();
/**
 * Bytes of an asset as sent to a browser that accepts brotli (every current browser): the `.br` copy the
 * build writes (scripts/precompress.mjs), or, for assets too small to have one, brotli at quality 11.
 */
export function brotliSize(url: string): number {
  let size = brotliCache.get(url);
  if (size === undefined) {
    const file = path.join(PUBLIC, url);
    size = existsSync(`${file}.br`)
      ? readFileSync(`${file}.br`).length
      : brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    brotliCache.set(url, size);
  }
  return size;
}

/** The JavaScript a route loads before it is interactive: the entry, and each route of its branch with imports. */
export function routeScripts(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Stylesheets of a page, read from its server HTML (fonts are excluded: they are not render-blocking scripts or CSS). */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]).filter((href) => href.startsWith("/build/"));
}

/**
 * The body of a response as sent (not decompressed), with the given Accept-Encoding ("identity": the
 * uncompressed document), with the encoding it was sent in and the bytes of its status line and headers.
 */
export function sent(url: string, encoding: string): Promise<{ bytes: number; encoding?: string; headerBytes: number; status?: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      let bytes = 0;
      // the status line, each header as `name: value\r\n` (two bytes after each name and each value),
      // and the empty line that ends them
      const headerBytes =
        `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0) + 2;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"], headerBytes, status: res.statusCode }));
    }).on("error", reject);
  });
}
