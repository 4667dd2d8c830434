/**
 * `npx tsx bench/first-load-breakdown.ts [dist]`: what each player page's first-load JavaScript is made of
 * (docs/decisions/059). Builds with source maps into `dist/first-load` (unless `BREAKDOWN_BUILD=0`), takes the
 * files bench/web.ts counts per route (the entry's closure plus the route's shell and page chunks, from Vite's
 * manifest), attributes every byte of them to its source through the maps, and prints per route and group
 * (npm package, or src/<area>) the gzip -9 size of that group's bytes alone. Groups compress apart, so their sum
 * is a little above the route's own gzip, which is printed beside it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { decodedMappings, originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chunkClosure, entryKey, type Manifest, moduleKey, PLAYER_PAGE_ROUTES } from "../src/build/first-load";

const dist = process.argv[2] ?? join(import.meta.dirname, "..", "dist", "first-load");
if (process.env.BREAKDOWN_BUILD !== "0") {
  execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--sourcemap", "--outDir", dist, "--emptyOutDir"], { stdio: "inherit" });
}
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;

function group(source: string | null): string {
  if (!source) return "(bundler glue)";
  const nm = source.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = source.slice(nm + "node_modules/".length).split("/");
    const pkg = rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (pkg === "zod") return `zod/${rest[2] ?? ""}/${rest[3] ?? ""}`.replace(/\/+$/, "");
    if (pkg === "@mantine/core") return `@mantine/core ${rest[3] === "components" ? "components" : (rest[3] ?? "")}`;
    return pkg;
  }
  const m = /src\/(contract|domain|web\/(?:app|lib|components|features\/[^/]+))/.exec(source);
  return m ? `src/${m[1]}` : source;
}

/** The bytes of one built file, split by group. */
const fileGroups = new Map<string, Map<string, string[]>>();
function groupsOf(file: string): Map<string, string[]> {
  let g = fileGroups.get(file);
  if (g) return g;
  g = new Map();
  const code = readFileSync(join(dist, file), "utf8");
  const map = new TraceMap(readFileSync(join(dist, file + ".map"), "utf8"));
  const lines = code.split("\n");
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    // Walk the generated columns where a mapping starts; a segment runs to the next one.
    let last = 0;
    let lastGroup = "(bundler glue)";
    const row = decodedMappings(map)[li] ?? [];
    for (const seg of row) {
      const col = seg[0]!;
      if (col > last) push(g, lastGroup, line.slice(last, col));
      last = col;
      lastGroup = group(originalPositionFor(map, { line: li + 1, column: col }).source);
    }
    push(g, lastGroup, line.slice(last) + "\n");
  }
  fileGroups.set(file, g);
  return g;
}
function push(g: Map<string, string[]>, k: string, s: string) {
  if (!s) return;
  let a = g.get(k);
  if (!a) g.set(k, (a = []));
  a.push(s);
}
const gz = (s: string) => gzipSync(Buffer.from(s), { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

const entry = entryKey(manifest);
for (const [route, modules] of Object.entries(PLAYER_PAGE_ROUTES)) {
  const keys = chunkClosure(manifest, entry);
  for (const m of modules) {
    const k = moduleKey(manifest, m);
    if (k) chunkClosure(manifest, k, keys);
  }
  const files = [...keys].map((k) => manifest[k]!.file);
  const total = files.reduce((t, f) => t + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  const byGroup = new Map<string, string[]>();
  for (const f of files) for (const [k, parts] of groupsOf(f)) (byGroup.get(k) ?? byGroup.set(k, []).get(k)!).push(...parts);
  const rows = [...byGroup].map(([k, parts]) => ({ k, raw: parts.join("").length, gzip: gz(parts.join("")) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`\n${route}: ${files.length} files, ${kb(total)} KB gzip (groups apart: ${kb(rows.reduce((t, r) => t + r.gzip, 0))})`);
  for (const r of rows) if (r.gzip >= 512) console.log(`  ${kb(r.gzip).padStart(6)}  ${kb(r.raw).padStart(7)} raw  ${r.k}`);
}
