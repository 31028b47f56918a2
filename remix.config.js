import { flatRoutes } from "remix-flat-routes";

// REMIX_BUILD_DIR lets several checkouts' test runs build side by side (default: build/).
const buildDir = process.env.REMIX_BUILD_DIR || "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // routes come from remix-flat-routes below (docs/decisions/012-route-folders-and-layers.md)
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [
        "**/.*",
        "**/*.test.{ts,tsx}",
        // modules that sit beside the routes using them without being routes themselves:
        // `*.server.ts` helpers, `__`-prefixed components and the `__`-prefixed folders of screens
        // that two URL trees share
        "**/*.server.*",
        "**/__*.*",
        "**/__*/**",
      ],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: `${buildDir}/client`,
  publicPath: "/build/",
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
