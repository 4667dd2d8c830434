/**
 * How fast the machine is at the yeekee bench's kind of work at the time of a run: a bare Node `http` server (a
 * process of its own, nothing of the app) answering a small JSON POST on loopback, saturated by autocannon
 * for a moment. Read before and after a run's phases, as pgbench is beside the slips (bench/run.ts): a
 * change can be judged against runs that read alike, as the same code's figures move with the machine's
 * pace from one hour to the next (bench/README.md).
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";

const SERVER = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const answer = JSON.stringify({ status: "Success", got: JSON.parse(body || "{}") });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

/** Requests a second the bare server answered over `seconds` (64 connections, keep-alive). */
export async function httpYardstick(seconds = 2): Promise<number> {
  // The server ends when this process closes its stdin (or ends).
  const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["pipe", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
      child.once("exit", (code) => reject(new Error(`the yardstick's server ended (exit ${code})`)));
    });
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uuid: "00000000-0000-4000-8000-000000000000", activityid: 1, number: "12345" }),
      connections: 64,
      duration: seconds,
    });
    return Math.round(result.requests.average);
  } finally {
    child.stdin.end();
  }
}
