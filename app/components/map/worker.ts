/** The MapLibre worker script, copied into public/build by scripts/build-server.mjs (versioned name). */
export const MAPLIBRE_WORKER_URL = "/build/maplibre/maplibre-gl-csp-worker-5.24.1.js";
