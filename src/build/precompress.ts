import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/** The files a build compresses: text files of 1 KB or more, the service worker aside (it is rewritten after). */
export function shouldCompress(path: string, size: number): boolean {
  return COMPRESSIBLE.test(path) && size >= 1024 && !path.endsWith("sw.js") && !path.includes(".vite");
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Vite plugin: writes `.br` (quality 11) and `.gz` (level 9) beside each text file of the build, which the
 * server sends to a browser that accepts them (@fastify/static `preCompressed`): a phone on a slow network
 * fetches the first load's ~560 KB of JavaScript as ~150 KB (for the Lighthouse performance docs/decisions/025 asks for).
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "lotto:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!shouldCompress(file, statSync(file).size)) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
