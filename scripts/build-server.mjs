// Compiles the Express server (TypeScript) into build/server/index.js and the operators' submissions
// export into build/server/submissions.js; npm packages (the database drivers among them) stay external.
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts", submissions: "server/cli/submissions.ts" },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
