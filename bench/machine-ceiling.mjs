// What two processes can get out of this machine's two cores, whatever they run: a compute-only loop, a
// memory-streaming loop (64 MB read and written per pass), zlib inflation of a deflated field (what reading
// a NetCDF-4 chunk does) and random reads over 24 MB (a working set that fits the shared 32 MB L3 cache
// alone, not twice), each timed alone and then as two copies side by side. The ratio of the pair's total work to one copy's is the ceiling of any "2 workers / 1 worker"
// figure for work of that kind on this machine (bench/ingest-scale.mjs reads its result beside its own).
//
//   node bench/machine-ceiling.mjs [--seconds 8] [--out FILE]
//
// Writes bench/results/machine-ceiling.json.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchmarkIndex, loadAverage, option, root, round } from "./lib.mjs";

const SECONDS = Number(option("seconds", 8));
const outArg = process.argv.indexOf("--out");
const OUT = outArg === -1 ? path.join(root, "bench/results/machine-ceiling.json") : path.resolve(process.argv[outArg + 1]);

const LOOPS = {
  compute: `(() => { let x = 0, n = 0; const t0 = performance.now();
    while (performance.now() - t0 < ${SECONDS * 1000}) { for (let i = 0; i < 1e6; i++) x = (x * 1.0000001 + i) % 1e9; n++; }
    console.log(JSON.stringify({ perSecond: n / ${SECONDS}, x })); })();`,
  memory: `(() => { const a = new Float64Array(8e6); let s = 0, n = 0; const t0 = performance.now();
    while (performance.now() - t0 < ${SECONDS * 1000}) { for (let i = 0; i < a.length; i++) { a[i] = a[i] * 0.5 + i; s += a[i]; } n++; }
    console.log(JSON.stringify({ perSecond: n / ${SECONDS}, s })); })();`,
  inflate: `(() => { const zlib = require("node:zlib"); const f = new Float32Array(160 * 160 * 92);
    for (let i = 0; i < f.length; i++) f[i] = 280 + 10 * Math.sin(i / 977) + Math.sin(i * 12.9898) * 0.5;
    const packed = zlib.deflateSync(Buffer.from(f.buffer), { level: 4 }); let s = 0, n = 0; const t0 = performance.now();
    while (performance.now() - t0 < ${SECONDS * 1000}) { s += zlib.inflateSync(packed).length; n++; }
    console.log(JSON.stringify({ perSecond: n / ${SECONDS}, s })); })();`,
  cache: `(() => { const a = new Int32Array(6e6); for (let i = 0; i < a.length; i++) a[i] = (i * 2654435761) % a.length;
    let j = 0, s = 0, n = 0; const t0 = performance.now();
    while (performance.now() - t0 < ${SECONDS * 1000}) { for (let i = 0; i < 1e6; i++) { j = a[(j + i) % a.length]; s += j; } n++; }
    console.log(JSON.stringify({ perSecond: n / ${SECONDS}, s })); })();`,
};

const runCopies = (code, copies) =>
  Promise.all(
    Array.from(
      { length: copies },
      () =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
          let out = "";
          child.stdout.on("data", (d) => (out += d));
          child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out).perSecond) : reject(new Error(`loop exited ${code}`))));
        }),
    ),
  );

const loadAtStart = loadAverage();
const benchmarkIndexAtStart = await benchmarkIndex();
const results = {};
for (const [kind, code] of Object.entries(LOOPS)) {
  const alone = (await runCopies(code, 1))[0];
  const pair = await runCopies(code, 2);
  const total = pair[0] + pair[1];
  results[kind] = { alone: round(alone, 2), pairEach: pair.map((x) => round(x, 2)), pairOverAlone: round(total / alone, 2) };
  console.log(`${kind}: alone ${round(alone, 2)} per s, two copies ${pair.map((x) => round(x, 2)).join(" + ")} = ${round(total / alone, 2)} x alone`);
}
const result = {
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model, cpus: os.cpus().length, node: process.version, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadAverage(), benchmarkIndexAtStart, benchmarkIndexAtEnd: await benchmarkIndex() },
  secondsPerMeasurement: SECONDS,
  results,
};
writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(`load average ${loadAtStart.join(" ")} -> ${result.machine.loadAverageAtEnd.join(" ")}, benchmarkIndex ${benchmarkIndexAtStart} -> ${result.machine.benchmarkIndexAtEnd}; wrote ${path.relative(process.cwd(), OUT)}`);
