import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Plugin } from "vite";

/** The placeholder public/sw.js carries where the build writes its version into the cache's name. */
export const VERSION_MARKER = "__BUILD_VERSION__";

/**
 * The build's version: a hash of every file it wrote (path and content) but the service worker itself and
 * Vite's manifest (and the compressed copies), so any change to the shell (a script, a style, the offline page, an icon) gives a new one.
 */
export function buildVersion(files: ReadonlyArray<{ path: string; content: Uint8Array | string }>): string {
  const hash = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(f.path).update("\0").update(f.content).update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

/** The service worker's source with the build's version in place of the marker (there must be one). */
export function versionServiceWorker(source: string, version: string): string {
  if (!source.includes(VERSION_MARKER)) throw new Error(`sw.js has no ${VERSION_MARKER} to put the build's version in`);
  return source.replaceAll(VERSION_MARKER, version);
}

function filesUnder(dir: string, root = dir): { path: string; content: Buffer }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === ".vite" ? [] : filesUnder(full, root);
    const path = relative(root, full);
    // The worker itself, and the .br/.gz copies of files already counted (written beside them by precompress).
    return path === "sw.js" || /\.(br|gz)$/.test(path) ? [] : [{ path, content: readFileSync(full) }];
  });
}

/**
 * Vite plugin: after the build, writes the build's version into outDir/sw.js, so each build's worker has a
 * cache of its own name and, when it activates, deletes the caches of the builds before it (docs/decisions/025).
 */
export function serviceWorkerVersion(): Plugin {
  let outDir = "";
  return {
    name: "lotto:service-worker-version",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const sw = join(outDir, "sw.js");
      writeFileSync(sw, versionServiceWorker(readFileSync(sw, "utf8"), buildVersion(filesUnder(outDir))));
    },
  };
}
