/** @type {import('@remix-run/dev').AppConfig} */
export default {
  appDirectory: "app",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Server dependencies stay external (serverDependenciesToBundle defaults to none): better-sqlite3's
  // native addon and pg are loaded from node_modules at run time, never bundled.
  // Browser code must not pull node built-ins; anything that needs them is a *.server.ts module.
  browserNodeBuiltinsPolyfill: { modules: {} },
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
  },
};
