/**
 * Part of `npm run bench:yeekee`: WebSocket watchers of one yeekee round, in their own process so the
 * load generator does not starve them. Each watcher follows the feed from the opening bytes of each
 * message (seq `from` to `count`), counting gaps; one in SAMPLE parses the shots to time the fan-out.
 * Commands over IPC: "reset" (zero the counters; acknowledged), "report" (send them back), "close".
 */
import WebSocket from "ws";
import type { LiveMessage } from "../src/contract/yeekee";

const [base, round, countArg, token, sampleArg] = process.argv.slice(2);
const COUNT = Number(countArg);
const SAMPLE = Number(sampleArg ?? 50);
const HEAD = /^\{"type":"shots","from":(\d+),"count":(\d+),/;

let received = 0;
let gaps = 0;
let delays: number[] = [];
const last: number[] = [];

const sockets: WebSocket[] = [];
for (let i = 0; i < COUNT; i++) {
  last.push(0);
  // The feed is a player's: signed in by the jwt cookie, as the page is (docs/decisions/048).
  const ws = new WebSocket(`${base!.replace("http", "ws")}/api/ws/yeekee?activityid=${round}&after=0`, {
    headers: { cookie: `jwt=${token}` },
  });
  ws.on("message", (data: Buffer) => {
    const head = HEAD.exec(data.toString("latin1", 0, 64));
    if (!head) return;
    const from = Number(head[1]);
    const to = Number(head[2]);
    if (from !== last[i]! + 1) gaps += 1;
    received += to - from + 1;
    last[i] = to;
    if (i % SAMPLE === 0) {
      const now = Date.now();
      // The receive time of each shot (row field 4), without recomputing the chain.
      const message = JSON.parse(data.toString("utf8")) as Extract<LiveMessage, { type: "shots" }>;
      for (const row of message.shots) delays.push(now - Date.parse(row[4]));
    }
  });
  sockets.push(ws);
}

void Promise.all(sockets.map((ws) => new Promise((r) => ws.once("open", r)))).then(() => process.send!({ ready: true }));

process.on("message", (cmd: string) => {
  if (cmd === "reset") {
    received = 0;
    gaps = 0;
    delays = [];
    process.send!({ reset: true });
  } else if (cmd === "report") {
    process.send!({ received, gaps, delays, lowestLast: Math.min(...last), highestLast: Math.max(...last) });
  } else if (cmd === "close") {
    for (const ws of sockets) ws.close();
    setTimeout(() => process.exit(0), 200);
  }
});
