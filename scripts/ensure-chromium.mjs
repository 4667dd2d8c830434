// The browser tests drive Debian's Chromium headless shell (a test tool's own browser download fails on these
// machines; docs/decisions/061). `npm test` runs this first, so the README's test command works on a fresh
// machine by itself:
// - the browser at CHROMIUM_PATH (default /usr/bin/chromium-headless-shell): nothing to do;
// - missing, as root with apt-get: installs Debian's package;
// - missing otherwise: one line saying which command installs it, and a failing exit.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEFAULT = "/usr/bin/chromium-headless-shell";
const PACKAGE = "chromium-headless-shell";
const path = process.env.CHROMIUM_PATH ?? DEFAULT;
const INSTALL = `sudo apt-get update && sudo apt-get install -y ${PACKAGE}`;

if (!existsSync(path)) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get") || path !== DEFAULT) {
    console.error(`The browser tests need Chromium at ${path}; install it with: ${INSTALL} (or set CHROMIUM_PATH)`);
    process.exit(1);
  }
  console.log(`Chromium's headless shell is missing: installing Debian's package (apt-get install -y ${PACKAGE})`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", PACKAGE], { stdio: ["ignore", "ignore", "inherit"], env });
  } catch {
    console.error(`Installing Chromium failed; install it with: ${INSTALL}`);
    process.exit(1);
  }
  if (!existsSync(path)) {
    console.error(`Chromium is still missing at ${path}; install it with: ${INSTALL}`);
    process.exit(1);
  }
}
