import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A loopback port free at this moment, for a server or an embedded PostgreSQL a test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Stops a server process as an operator's SIGTERM does, and waits until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Stops a server process as Ctrl-C in its terminal or a service manager stopping its whole group does: the
 * signal reaches the server and its embedded PostgreSQL together. The child must have been spawned
 * `detached` (a process group of its own). Resolves with its exit code once its output has all been read.
 */
export async function stopProcessGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  // "close": exited, and everything it wrote to its pipes has been read.
  const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)));
  process.kill(-child.pid!, signal);
  return exited;
}

/** A line that asks for action: PostgreSQL's ERROR/WARNING/FATAL/PANIC, the app's JSON at warn (40) or above, a warning word. */
export const ALARMING = /\b(ERROR|WARNING|WARN|FATAL|PANIC)\b|"level":\s*(4|5|6)0\b|\bwarn(ing)?\b/i;
