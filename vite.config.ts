import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { PLAYER_PAGE_ROUTES } from "./src/build/first-load";
import { firstLoadBudget } from "./src/build/first-load-budget";
import { firstLoadChunks } from "./src/build/first-load-chunks";
import { inlineIcon } from "./src/build/inline-icon";
import { precompress } from "./src/build/precompress";
import { serviceWorkerVersion } from "./src/build/sw-version";

const web = fileURLToPath(new URL("./src/web", import.meta.url));

/**
 * Where @mantine/hooks' index imports its `useId`, the one in src/web/lib/mantine-use-id.ts is taken
 * instead (it says why). Only that package imports this path; src/build/mantine-use-id.test.ts fails if
 * an upgrade moves it, so the replacement cannot drop out silently.
 */
export const MANTINE_USE_ID = {
  find: /^\.\/use-id\/use-id\.mjs$/,
  replacement: fileURLToPath(new URL("./src/web/lib/mantine-use-id.ts", import.meta.url)),
};

/**
 * Where @mantine/hooks' index imports its `useReducedMotion`, the one in src/web/lib/mantine-reduced-motion.ts is
 * taken instead (it says why); checked by the same test as `useId`.
 */
export const MANTINE_REDUCED_MOTION = {
  find: /^\.\/use-reduced-motion\/use-reduced-motion\.mjs$/,
  replacement: fileURLToPath(new URL("./src/web/lib/mantine-reduced-motion.ts", import.meta.url)),
};

const preact = (path: string) => fileURLToPath(new URL(`./node_modules/preact/${path}`, import.meta.url));

/**
 * React's runtime in the browser is Preact's compatibility layer (docs/decisions/059): React DOM, React and its
 * scheduler were 68 KB of every player page's first-load JavaScript (gzip), Preact and its compat layer are 10.
 * The code is still written and type-checked against React's API (@types/react); only the build swaps the runtime.
 * The server never imports React, and the unit tests run under vitest.config.ts, which does not read these aliases.
 * Not merged yet: its first render is one long task where React's was sliced (docs/decisions/059, "Decision" 3).
 */
export const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: preact("compat/client.mjs") },
  { find: /^react-dom$/, replacement: preact("compat/dist/compat.mjs") },
  { find: /^react$/, replacement: preact("compat/dist/compat.mjs") },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: preact("compat/jsx-runtime.mjs") },
];

/** The browser's stand-in for zod's `z` (src/web/lib/zod-on-demand.ts) and the one module that reads the real one. */
const ZOD_ON_DEMAND = fileURLToPath(new URL("./src/web/lib/zod-on-demand.ts", import.meta.url));
const ZOD_MEMBERS = fileURLToPath(new URL("./src/web/lib/zod-members.ts", import.meta.url));

/**
 * `import { z } from "zod"` in the contract and the browser's modules resolves to zod-on-demand.ts, which hands
 * on zod's members once `loadZod()` has fetched them: zod was about 27 KB of every page's first-load JavaScript
 * (gzip), and a first visit parses nothing until a form is sent (docs/decisions/059). Only zod-members.ts, which
 * names the members used, imports the package itself, and a page that parses as it draws imports zod-now.ts.
 */
export function zodOnDemand(): Plugin {
  return {
    name: "zod-on-demand",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "zod" || !importer) return null;
      const from = importer.replaceAll("\\", "/");
      if (!/\/src\/(contract|web|domain)\//.test(from) || from === ZOD_MEMBERS.replaceAll("\\", "/")) return null;
      return ZOD_ON_DEMAND;
    },
  };
}

/**
 * The app as Rollup builds it: the build below and the first pass of its first-load chunking share it
 * (src/build/first-load-chunks.ts, docs/decisions/065).
 */
function app(): UserConfig {
  return {
    root: web,
    publicDir: "public",
    resolve: { alias: [MANTINE_USE_ID, MANTINE_REDUCED_MOTION, ...PREACT_FOR_REACT] },
    plugins: [zodOnDemand(), react()],
    build: {
      // dist/web/.vite/manifest.json: the server and bench/web.ts read which chunks each route loads.
      manifest: true,
      chunkSizeWarningLimit: 1500,
      rollupOptions: {
        onwarn(warning, warn) {
          // zod's own comments mention `@__PURE__` in prose, which Rollup takes for misplaced annotations and
          // reports on every build, `npm start`'s included: only those are left unsaid (docs/decisions/049).
          if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")) return;
          // Two chunks importing each other can run a module before one it needs: the first-load plan never makes
          // such a pair, and a build that has one stops (docs/decisions/065).
          if (warning.code === "CIRCULAR_CHUNK") throw new Error(warning.message);
          warn(warning);
        },
        treeshake: {
          // The contract and domain modules only declare schemas, routes and pure functions: a page that
          // imports `auth` from the contract's index does not need the other contract modules' top-level
          // schemas, which Rollup would otherwise keep for their (absent) side effects (docs/decisions/025).
          moduleSideEffects: (id, external) => external || !/[\\/]src[\\/](contract|domain)[\\/]/.test(id),
        },
      },
    },
  };
}

export default defineConfig(() => {
  const base = app();
  return {
    ...base,
    plugins: [
      ...base.plugins!,
      // Each player page's first load in at most 7 files besides the entry, none over 168 KB gzip (docs/decisions/065).
      firstLoadChunks({ firstPass: app, root: web, pageModules: PLAYER_PAGE_ROUTES, plan: { maxFiles: 7, maxKB: 168 } }),
      // And each as built within 170 KB, or the build stops (docs/decisions/066).
      firstLoadBudget(PLAYER_PAGE_ROUTES, { maxKB: 170 }),
      // The tab's icon inside the HTML, not a request beside the first load's (docs/decisions/066).
      inlineIcon(fileURLToPath(new URL("./src/web/public", import.meta.url))),
      serviceWorkerVersion(),
      precompress(),
    ],
    build: { ...base.build, outDir: fileURLToPath(new URL("./dist/web", import.meta.url)), emptyOutDir: true },
    server: {
      proxy: {
        // The live yeekee feed is a WebSocket; listed first so it is upgraded rather than proxied as HTTP.
        "/api/ws": { target: "ws://127.0.0.1:3000", ws: true },
        "^/(api|register$|login|get-|check-|read-)": "http://127.0.0.1:3000",
      },
    },
  };
});
