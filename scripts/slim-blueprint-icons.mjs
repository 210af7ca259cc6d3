// Blueprint's icon loader can fall back to loaders that import every icon path. With code splitting,
// those dynamic imports make the bundler keep all icon paths (about 200 KB compressed) in chunks that
// every page preloads. The portal always registers its own loader (app/lib/icons.ts), so the fallbacks
// are cut from the ES module build before bundling. Idempotent; run by `npm run build`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve("@blueprintjs/icons/package.json")), "lib/esm/iconLoader.js");
const source = readFileSync(file, "utf8");
const MARK = "/* slimmed: icon paths come from the application's own loader */";
if (source.includes(MARK)) process.exit(0);

const start = source.indexOf("async function getLoaderFn(options) {");
const end = source.indexOf("/**", start);
if (start < 0 || end < 0) throw new Error(`Unexpected shape of ${file}; update scripts/slim-blueprint-icons.mjs`);
const replacement = `${MARK}
async function getLoaderFn(options) {
    const { loader = singleton.defaultLoader } = options;
    if (typeof loader === "function") {
        return loader;
    }
    return async () => [];
}
`;
writeFileSync(file, source.slice(0, start) + replacement + source.slice(end));
console.log("slimmed @blueprintjs/icons icon loader");
