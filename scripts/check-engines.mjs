// The Node.js version the project promises is package.json's `engines.node` (">=MAJOR.MINOR[.PATCH]").
//
//   node scripts/check-engines.mjs             this Node satisfies it (no dependency: runs before `npm install`)
//   node scripts/check-engines.mjs --packages  every installed package accepts the oldest promised Node
//                                              (what npm warns about as EBADENGINE), listing those that do not
import { existsSync, readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);
const promise = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).engines?.node ?? "";
const match = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(promise.trim());
if (!match) {
  console.error(`package.json engines.node must read ">=MAJOR.MINOR[.PATCH]" (found "${promise}")`);
  process.exit(1);
}
const oldest = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
const oldestText = oldest.join(".");

if (!process.argv.includes("--packages")) {
  const current = process.versions.node.split(".").map(Number);
  const older = current[0] - oldest[0] || current[1] - oldest[1] || current[2] - oldest[2];
  if (older < 0) {
    console.error(`Node.js ${oldestText} or later is required (package.json engines); found ${process.version}`);
    process.exit(1);
  }
  console.log(`Node.js ${process.version} satisfies engines ${promise}`);
  process.exit(0);
}

const { default: semver } = await import("semver");
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));
const refusing = [];
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  // The root is the promise itself; entries for other platforms' optional binaries are not installed here.
  if (path === "" || !existsSync(new URL(path, root))) continue;
  const range = entry.engines?.node;
  if (range && !semver.satisfies(oldestText, range))
    refusing.push(`${path.replace(/^.*node_modules\//, "")}@${entry.version} wants node ${range}`);
}
if (refusing.length > 0) {
  console.error(`These packages do not support Node.js ${oldestText}, the oldest package.json promises:\n  ${refusing.join("\n  ")}`);
  console.error("Choose versions that do, or raise engines.node (and README, DESIGN.md) to what they need.");
  process.exit(1);
}
console.log(`Every installed package supports Node.js ${oldestText} (engines ${promise})`);
