// The browser tests drive Debian's Chromium (a test tool's own browser download fails on these machines).
// `npm test` runs this first, so the README's test command works on a fresh machine by itself:
// - Chromium at CHROMIUM_PATH (default /usr/bin/chromium): nothing to do;
// - missing, as root with apt-get: installs Debian's package, as `.ci/run` did before;
// - missing otherwise: one line saying which command installs it, and a failing exit.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const INSTALL = "sudo apt-get update && sudo apt-get install -y chromium";

if (!existsSync(path)) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!root || !existsSync("/usr/bin/apt-get") || path !== "/usr/bin/chromium") {
    console.error(`The browser tests need Chromium at ${path}; install it with: ${INSTALL} (or set CHROMIUM_PATH)`);
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's package (apt-get install -y chromium)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: ["ignore", "ignore", "inherit"], env });
  } catch {
    console.error(`Installing Chromium failed; install it with: ${INSTALL}`);
    process.exit(1);
  }
  if (!existsSync(path)) {
    console.error(`Chromium is still missing at ${path}; install it with: ${INSTALL}`);
    process.exit(1);
  }
}
