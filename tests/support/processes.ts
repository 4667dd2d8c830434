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
