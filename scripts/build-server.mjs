// Compiles the Express server (TypeScript) into build/server/index.js (and its series and on-demand worker
// threads, build/server/series-worker.js and ondemand-worker.js), the operators' submissions
// export into build/server/submissions.js, the NetCDF ingest into build/server/ingest.js and the grid tools
// (MapServer mapfile) into build/server/grids.js; npm packages (the database drivers among them) stay external.
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts", "series-worker": "server/series/worker.ts", "ondemand-worker": "server/ondemand/worker.ts", submissions: "server/cli/submissions.ts", ingest: "server/cli/ingest.ts", "ingest-worker": "server/cli/ingest-worker.ts", grids: "server/cli/grids.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The MapLibre worker (the map pages use the CSP build, which has no inline worker), under a versioned name.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
const maplibreVersion = JSON.parse(readFileSync("node_modules/maplibre-gl/package.json", "utf8")).version;
mkdirSync("public/build/maplibre", { recursive: true });
copyFileSync("node_modules/maplibre-gl/dist/maplibre-gl-csp-worker.js", `public/build/maplibre/maplibre-gl-csp-worker-${maplibreVersion}.js`);
