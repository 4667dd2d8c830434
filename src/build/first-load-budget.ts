import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { firstLoadKeys, type Manifest } from "./first-load";

/** What a first visit of a page loads, as `npm run bench:web` counts it: its script files, entry included, and their gzip -9 bytes. */
export interface FirstLoad {
  route: string;
  files: number;
  gzipBytes: number;
}

export interface FirstLoadBudget {
  /** JavaScript gzip -9, in KB (1,024 bytes), a page may load on its first visit. */
  maxKB: number;
  /**
   * Script files a page may load on its first visit, the entry included; unbounded when not given. The build does not
   * bound them: the chunk plan's second pass has given 9 files for a page it planned at 8 in one build of the same
   * code (docs/decisions/066).
   */
  maxFiles?: number;
}

/** Each route's first load in the build at `dir`, from its Vite manifest. */
export function firstLoadsOf(dir: string, manifest: Manifest, routes: Readonly<Record<string, readonly string[]>>): FirstLoad[] {
  const gzipBytes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let n = gzipBytes.get(file);
    if (n === undefined) gzipBytes.set(file, (n = gzipSync(readFileSync(join(dir, file)), { level: 9 }).length));
    return n;
  };
  return Object.entries(routes).map(([route, modules]) => {
    const files = [...firstLoadKeys(manifest, modules)].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js"));
    return { route, files: files.length, gzipBytes: files.reduce((sum, f) => sum + sizeOf(f), 0) };
  });
}

/** A line for each first load over the budget; none when all are within it. */
export function overBudget(loads: readonly FirstLoad[], budget: FirstLoadBudget): string[] {
  return loads.flatMap((l) => {
    const kb = l.gzipBytes / 1024;
    const files = budget.maxFiles ?? Infinity;
    return kb > budget.maxKB || l.files > files
      ? [
          `${l.route}: ${l.files} files, ${kb.toFixed(1)} KB of JavaScript gzip (at most ${budget.maxFiles ?? "any number of"} files, ${budget.maxKB} KB)`,
        ]
      : [];
  });
}

/**
 * Vite plugin: after the build is written, each player page's first load as built (the files its HTML preloads and
 * the entry) is checked against the budget of docs/decisions/059 and 065, and a build over it stops, naming the
 * pages. The chunk plan (first-load-chunks.ts) aims within it from its first pass's estimates; this reads the real
 * files, so a budget broken by a change in either is found by every build, not only by `npm run bench:web`.
 */
export function firstLoadBudget(routes: Readonly<Record<string, readonly string[]>>, budget: FirstLoadBudget): Plugin {
  let outDir = "";
  return {
    name: "lotto:first-load-budget",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
      const over = overBudget(firstLoadsOf(outDir, manifest, routes), budget);
      if (over.length > 0) throw new Error(`first loads over their budget (docs/decisions/066):\n${over.join("\n")}`);
    },
  };
}
