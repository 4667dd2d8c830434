// `npm run lint`: the type check, ESLint and the format check, run side by side (docs/decisions/046).
// Each is one process on one core; one after another they took ~95 s of CI, side by side about as long
// as ESLint alone. Each one's output is printed whole when it ends, so the three never interleave.
import { spawn } from "node:child_process";
import { join } from "node:path";

const bin = (name) => join("node_modules", ".bin", name);
const checks = [
  { name: "tsc", command: bin("tsc"), args: ["--noEmit", "-p", "."] },
  { name: "eslint", command: bin("eslint"), args: ["."] },
  { name: "prettier", command: bin("prettier"), args: ["--check", "--log-level", "warn", "."] },
];

function run({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0" } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (e) => resolve({ name, code: 1, output: `${output}${e.message}\n`, seconds: 0 }));
    child.on("close", (code) => resolve({ name, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(checks.map(run));
for (const r of results) {
  console.log(`${r.code === 0 ? "ok  " : "FAIL"} ${r.name} (${r.seconds.toFixed(1)} s)`);
  if (r.output.trim()) console.log(r.output.trimEnd());
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
