// Blueprint's icon loader can fall back to loaders that import every icon path. With code splitting,
// those dynamic imports make the bundler keep all icon paths (about 200 KB compressed) in chunks that
// every page preloads. The portal always registers its own loader (app/lib/icons.ts), so the fallbacks
// are cut from the ES module build before bundling. The loader also checks each name against the list
// of all icon names (an enum of every icon plus a case-conversion library, about 9 KB compressed on
// every page); the portal's loader knows its own icons, so that check becomes "a non-empty name".
// Idempotent (each cut has its own mark); run by `npm run build`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve("@blueprintjs/icons/package.json")), "lib/esm/iconLoader.js");
let source = readFileSync(file, "utf8");
const unexpected = () => {
  throw new Error(`Unexpected shape of ${file}; update scripts/slim-blueprint-icons.mjs`);
};

const MARK = "/* slimmed: icon paths come from the application's own loader */";
if (!source.includes(MARK)) {
  const start = source.indexOf("async function getLoaderFn(options) {");
  const end = source.indexOf("/**", start);
  if (start < 0 || end < 0) unexpected();
  const replacement = `${MARK}
async function getLoaderFn(options) {
    const { loader = singleton.defaultLoader } = options;
    if (typeof loader === "function") {
        return loader;
    }
    return async () => [];
}
`;
  source = source.slice(0, start) + replacement + source.slice(end);
}

const NAMES_MARK = "/* slimmed: no list of all icon names */";
if (!source.includes(NAMES_MARK)) {
  const cuts = [
    ['import { IconNames, IconNamesSet } from "./iconNames";', NAMES_MARK],
    ["const allIcons = Object.values(IconNames);", "const allIcons = [];"],
    ["return IconNamesSet.has(iconName);", 'return typeof iconName === "string" && iconName !== "";'],
  ];
  for (const [from, to] of cuts) {
    if (!source.includes(from)) unexpected();
    source = source.replace(from, to);
  }
}

if (source !== readFileSync(file, "utf8")) {
  writeFileSync(file, source);
  console.log("slimmed @blueprintjs/icons icon loader");
}
