// Marks the browser modules that a first load evaluates with V8's explicit compile hint, the magic comment
// `//# allFunctionsCalledOnLoad` on the file's first line (Chromium 136 and later; other engines read a
// comment). V8 then compiles every function of the file while the file streams in, on a background thread,
// instead of compiling each function on the main thread the first time it is called: module evaluation
// and hydration call most functions of these files at once, and on a slow phone the lazy compiles are a
// good part of the long tasks after first paint (bench/README.md, "Compile hints"). Code loaded on demand
// (maps, charts, the search and the preferences dialog) is left to lazy compilation.
//
// The modules are those of Remix's asset manifest: the entry and its imports, and every route's module and
// imports (imports there are already transitive). A source map beside a file gets one empty line in front,
// so that it still points at the right lines. Run by `npm run build` after the Remix build, before the
// copies are compressed; running it twice changes nothing.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const PUBLIC = "public";

/** The route manifest the server build refers to (an older one may still be on disk). */
function readManifest() {
  const url = /"(\/build\/manifest-[A-Z0-9]+\.js)"/.exec(readFileSync("build/index.js", "utf8"))?.[1];
  if (!url) throw new Error("compile hints: no route manifest named in build/index.js; run the Remix build first");
  const text = readFileSync(path.join(PUBLIC, url), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

const manifest = readManifest();
const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const route of Object.values(manifest.routes)) {
  modules.add(route.module);
  for (const file of route.imports ?? []) modules.add(file);
}

let marked = 0;
let bytes = 0;
for (const url of modules) {
  const file = path.join(PUBLIC, url);
  const source = readFileSync(file, "utf8");
  bytes += source.length;
  if (source.startsWith(COMPILE_HINT)) continue;
  writeFileSync(file, `${COMPILE_HINT}\n${source}`);
  const map = `${file}.map`;
  if (existsSync(map)) {
    const sourceMap = JSON.parse(readFileSync(map, "utf8"));
    sourceMap.mappings = `;${sourceMap.mappings}`;
    writeFileSync(map, JSON.stringify(sourceMap));
  }
  marked++;
}
console.log(`compile hints: ${modules.size} first-load modules (${(bytes / 1024).toFixed(0)} KB), ${marked} marked`);
