/**
 * `npm run bench:web`: builds the web app and prints, per route, the JavaScript and CSS a first visit
 * loads (raw, gzip -9 and brotli -11 bytes). A first visit loads the entry `index.html` names and
 * everything it imports statically, then the lazy chunks of the route's modules (the shell and the
 * page) with their static imports; both are read from Vite's manifest (`build.manifest`).
 * It builds into a folder of its own (`dist/bench-web`), so a build or a browser test running beside it
 * keeps `dist/web`; `BENCH_WEB_BUILD=0` measures the last such build again without building.
 * Then Lighthouse (mobile) on every player page of that build served by the real server (`PAGES` of
 * bench/lighthouse.ts), through an HTTP/2 TLS proxy as in production and straight over HTTP/1.1, against the
 * performance ≥ 90 and accessibility ≥ 95 of docs/decisions/025, ending with one JSON object per page: its
 * first-load JS gzip and, per transport, every run's performance score with their lowest, median and highest
 * and the lowest accessibility score. `BENCH_WEB_LIGHTHOUSE=0` leaves Lighthouse out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { entryKey, firstLoadKeys, type Manifest, pageModules, PLAYER_PAGE_ROUTES } from "../src/build/first-load";
import { CATEGORIES, lighthouseScores, PAGES, SELECTED_PAGES } from "./lighthouse";

const dist = join(import.meta.dirname, "..", "dist", "bench-web");

/** The modules (relative to src/web) whose code a first visit of each route needs, shell included: the ones the server preloads. */
const ROUTES: Record<string, readonly string[]> = {
  ...PLAYER_PAGE_ROUTES,
  "/yeekeePage/:id + ตรวจสอบผล": [...pageModules("/yeekeePage/1"), "features/yeekee/verify-panel.tsx"],
  "/admin": pageModules("/admin"),
};

// Every page Lighthouse measures has its row here, for the JSON printout's JS gzip.
for (const p of PAGES) if (!ROUTES[p.route]) throw new Error(`bench/web.ts: no first-load row for ${p.id} (${p.route})`);

if (process.env.BENCH_WEB_BUILD !== "0") {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", dist, "--emptyOutDir"], { stdio: "inherit" });
}
const manifestFile = join(dist, ".vite", "manifest.json");
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: is build.manifest on in vite.config.ts?`);
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;

/** The manifest key of the script the built index.html loads. */
const entry = entryKey(manifest);
const entryFile = manifest[entry]!.file;
if (!readFileSync(join(dist, "index.html"), "utf8").includes(`/${entryFile}`)) {
  throw new Error(`index.html does not load ${entryFile}`);
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizes(file: string) {
  let s = sizeCache.get(file);
  if (!s) {
    const bytes = readFileSync(join(dist, file));
    s = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizeCache.set(file, s);
  }
  return s;
}
const sum = (files: Iterable<string>) => {
  const t = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const s = sizes(f);
    t.files += 1;
    t.raw += s.raw;
    t.gzip += s.gzip;
    t.brotli += s.brotli;
  }
  return t;
};
const kb = (n: number) => (n / 1024).toFixed(1);

const rows = Object.entries(ROUTES).map(([route, modules]) => {
  const keys = firstLoadKeys(manifest, modules);
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    js.add(manifest[k]!.file);
    for (const c of manifest[k]!.css ?? []) css.add(c);
  }
  // Fonts the CSS declares (woff2, already compressed): the browser fetches only the faces and
  // unicode ranges a page uses, so this is an upper bound.
  const fonts = new Set<string>();
  for (const c of css) {
    for (const m of readFileSync(join(dist, c), "utf8").matchAll(/url\(\/?(assets\/[^)]+\.woff2)\)/g)) fonts.add(m[1]!);
  }
  return { route, js: sum(js), css: sum(css), fonts: sum(fonts) };
});

const allJs = sum(
  new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith(".js")),
  ),
);
console.log(
  `first visit per route (KB; gzip -9, brotli -11); the whole build has ${allJs.files} JS files, ${kb(allJs.raw)} KB raw, ${kb(allJs.gzip)} KB gzip`,
);
console.log(["route".padEnd(30), "JS files", "JS raw", "JS gzip", "JS br", "CSS raw", "CSS gzip", "CSS br", "woff2 declared"].join("\t"));
for (const r of rows) {
  console.log(
    [
      r.route.padEnd(30),
      r.js.files,
      kb(r.js.raw),
      kb(r.js.gzip),
      kb(r.js.brotli),
      kb(r.css.raw),
      kb(r.css.gzip),
      kb(r.css.brotli),
      `${r.fonts.files} (${kb(r.fonts.raw)} KB)`,
    ].join("\t"),
  );
}
const limit = 200 * 1024;
for (const route of ["/singInPage", "/"]) {
  const r = rows.find((x) => x.route === route)!;
  console.log(`${route}: ${kb(r.js.gzip)} KB JS gzip ${r.js.gzip <= limit ? "≤" : ">"} 200 KB`);
}

if (process.env.BENCH_WEB_LIGHTHOUSE !== "0") {
  console.log("\nLighthouse (mobile, simulated throttling; Chromium headless) on this build, served by the real server:");
  const scores = await lighthouseScores(dist);
  console.log(`Each page's median run of ${scores[0]?.runs.length ?? 0} (BENCH_WEB_RUNS), with every run's performance:`);
  console.log(["page".padEnd(24), "transport".padEnd(22), ...CATEGORIES, "FCP", "LCP", "TBT", "CLS", "SI", "runs"].join("\t"));
  for (const r of scores)
    console.log(
      [r.page.padEnd(24), r.transport.padEnd(22), ...CATEGORIES.map((c) => r[c]), r.fcp, r.lcp, r.tbt, r.cls, r.si, r.runs.join(" ")].join(
        "\t",
      ),
    );
  for (const r of scores) {
    const ok = r.median >= 90 && r.lowestAccessibility >= 95;
    console.log(
      `${r.page} (${r.transport}): performance median ${r.median} ${r.median >= 90 ? "≥" : "<"} 90 (min ${r.min}, max ${r.max}), accessibility ${r.lowestAccessibility} ${r.lowestAccessibility >= 95 ? "≥" : "<"} 95${ok ? "" : "  (below target)"}`,
    );
  }
  // The same, one object per page, for comparing builds: performance over the runs per transport, the lowest
  // accessibility of the runs, and the first-load JS gzip (KB, as in the table above).
  const perPage = SELECTED_PAGES.map((p) => {
    const transports = scores
      .filter((r) => r.page === p.id)
      .map((r) => [
        r.transport.startsWith("HTTP/2") ? "HTTP/2" : "HTTP/1.1",
        { runs: r.runs, min: r.min, median: r.median, max: r.max, accessibility: r.lowestAccessibility },
      ]);
    const jsGzipKB = +kb(rows.find((r) => r.route === p.route)!.js.gzip);
    return [p.id, { route: p.route, jsGzipKB, ...Object.fromEntries(transports) }] as const;
  });
  // A page a line, still one JSON object: `{"runs": 5, "pages": {"signin": {...}, ...}}`.
  console.log(
    `{"runs": ${scores[0]?.runs.length ?? 0}, "pages": {\n${perPage.map(([id, v]) => `  ${JSON.stringify(id)}: ${JSON.stringify(v)}`).join(",\n")}\n}}`,
  );
}
