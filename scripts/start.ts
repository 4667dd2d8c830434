import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// `npm start` builds the browser app only when it is missing or older than its sources.
const builtIndex = "dist/web/index.html";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => {
  const built = statSync(builtIndex).mtimeMs;
  return ["src/web", "src/domain", "src/contract", "vite.config.ts"].some((p) =>
    existsSync(p) ? (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built : false,
  );
};

if (!existsSync(builtIndex) || sourcesChanged()) {
  console.log("Building the browser app…");
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], { stdio: "inherit" });
}

await import("../src/server/main");
