/**
 * What a first visit to a page loads beyond the entry script (docs/decisions/025). Every page is a lazy chunk
 * (src/web/app/lazy-pages.tsx; the signed-in pages are imported in app/signed-in.ts), fetched only once the
 * entry has run; the server names those chunks in the page's HTML as `<link rel="modulepreload">`, so the
 * browser fetches them beside the entry instead of after it. `npm run bench:web` sums the same chunks per route.
 */

/** A chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: a shared chunk is named after the module it was made for. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The shell around every signed-in page (manifest keys are paths under src/web). */
const SHELL = "app/shell.tsx";

/** The modules each page shows first, by its path (the lazy imports of app/lazy-pages.tsx and app/signed-in.ts). */
const PAGE_MODULES: Record<string, readonly string[]> = {
  "/singInPage": ["features/auth/sign-in-page.tsx"],
  "/registerPage": ["features/auth/register-page.tsx"],
  "/forgotPasswordPage": ["features/auth/forgot-password-page.tsx"],
  "/": [SHELL, "features/home/home-page.tsx"],
  "/mainCredit": [SHELL, "features/wallet/main-credit-page.tsx"],
  "/yourselfPage": [SHELL, "features/referral/yourself-page.tsx"],
  "/privilegePage": [SHELL, "features/privilege/privilege-page.tsx"],
  // The round's data is asked for by a chunk of its own as the start-up runs (app/signed-in.ts): preloaded with the page.
  "/homeAllLotto": [SHELL, "features/betting/home-all-lotto-page.tsx", "features/betting/api/prefetch-round.ts"],
  "/reviewPostList": [SHELL, "features/betting/review-post-list-page.tsx"],
  "/changePasswordPage": [SHELL, "features/account/change-password-page.tsx"],
  "/admin": [SHELL, "features/admin/admin-page.tsx"],
  "/resultsPage": [SHELL, "features/lottery/results-page.tsx"],
  "/yeekeePage": [SHELL, "features/yeekee/yeekee-page.tsx"],
  "/gamePage": [SHELL, "features/games/games-page.tsx"],
};

/** The modules a first visit to `pathname` shows first; none for a path not listed. */
export function pageModules(pathname: string): readonly string[] {
  if (pathname.startsWith("/register/")) return PAGE_MODULES["/registerPage"]!;
  if (pathname.startsWith("/yeekeePage/")) return PAGE_MODULES["/yeekeePage"]!;
  return PAGE_MODULES[pathname] ?? [];
}

/**
 * The player pages whose first load the benchmarks measure (`npm run bench:web`, bench/first-load-breakdown.ts),
 * by route, with the modules a first visit shows first (docs/decisions/025, 059).
 */
export const PLAYER_PAGE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  "/singInPage": pageModules("/singInPage"),
  "/registerPage": pageModules("/registerPage"),
  "/": pageModules("/"),
  "/homeAllLotto": pageModules("/homeAllLotto"),
  "/yeekeePage/:id": pageModules("/yeekeePage/1"),
  "/mainCredit": pageModules("/mainCredit"),
  "/reviewPostList": pageModules("/reviewPostList"),
  "/yourselfPage": pageModules("/yourselfPage"),
  "/gamePage": pageModules("/gamePage"),
};

/** The manifest key of the entry the built index.html loads. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith("index.html"));
  if (!key) throw new Error("no index.html entry in the build manifest");
  return key;
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
export function chunkClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const k of manifest[key].imports ?? []) chunkClosure(manifest, k, into);
  return into;
}

/** The manifest keys of every chunk a first visit showing `modules` loads: the entry's and the modules', with their imports. */
export function firstLoadKeys(manifest: Manifest, modules: readonly string[]): Set<string> {
  const keys = chunkClosure(manifest, entryKey(manifest));
  for (const m of modules) {
    const key = moduleKey(manifest, m);
    // A module with no chunk of its own is bundled into a chunk already counted.
    if (key) chunkClosure(manifest, key, keys);
  }
  return keys;
}

/**
 * The manifest key of the chunk holding `module`: its own, or, when another chunk imports the module too
 * and Rollup made it a shared chunk (`_yeekee-page-<hash>.js`), the shared chunk named after it.
 */
export function moduleKey(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  return Object.keys(manifest).find((k) => k.startsWith("_") && manifest[k]!.name === name);
}

/** The script files the page's modules need that the entry does not already load, in manifest order. */
export function pagePreloads(manifest: Manifest, modules: readonly string[]): string[] {
  const loaded = chunkClosure(manifest, entryKey(manifest));
  const wanted = new Set<string>();
  for (const m of modules) {
    const key = moduleKey(manifest, m);
    if (key) chunkClosure(manifest, key, wanted);
  }
  return [...wanted].filter((k) => !loaded.has(k)).map((k) => manifest[k]!.file);
}

/** index.html with the page's chunks named for preloading before `</head>`. */
export function withPreloads(indexHtml: string, files: readonly string[]): string {
  if (files.length === 0) return indexHtml;
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("\n    ");
  return indexHtml.replace("</head>", `  ${links}\n  </head>`);
}
