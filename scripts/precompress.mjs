// Writes brotli (.br, quality 11) and gzip (.gz, level 9) copies of the hashed browser assets in
// public/build, so the server sends them without compressing on each request
// (server/static-compressed.ts). Text assets only; copies that would not be smaller are skipped.
// Run by `npm run build` after the Remix build.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "public/build";
const TEXT = /\.(js|mjs|css|svg|json|map|txt|html|wasm)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (TEXT.test(name)) yield file;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(ROOT)) {
  const source = readFileSync(file);
  if (source.length < 256) continue;
  const brotli = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      [constants.BROTLI_PARAM_MODE]: file.endsWith(".wasm") ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(source, { level: 9 });
  if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
  count++;
  raw += source.length;
  br += brotli.length;
}
console.log(`precompressed ${count} assets: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`);
