import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { MAPLIBRE_WORKER_URL } from "./worker";

it("names the worker of the installed maplibre-gl version", () => {
  const { version } = JSON.parse(readFileSync("node_modules/maplibre-gl/package.json", "utf8"));
  expect(MAPLIBRE_WORKER_URL).toBe(`/build/maplibre/maplibre-gl-csp-worker-${version}.js`);
});
