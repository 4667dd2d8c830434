/**
 * Part of `npm run bench:yeekee`: WebSocket watchers of one yeekee round, in their own process so the
 * load generator does not starve them. Each watcher follows the feed from the opening bytes of each
 * message (seq `from` to `count`), counting gaps; one in SAMPLE parses the shots to time the fan-out.
 * Commands over IPC: "reset" (zero the counters; acknowledged), "report" (send them back), "close".
 */
import WebSocket from "ws";
import { decodeLiveShots, liveShotsRange } from "../src/contract/yeekee-live-binary";

const [base, round, countArg, token, sampleArg] = process.argv.slice(2);
const COUNT = Number(countArg);
// Five watchers per process time the fan-out (every shot each): decoding every row is the costliest
// part of a watcher, and at 10,000 watchers one in 50 decoding took CPU the server needed.
const SAMPLE = Number(sampleArg ?? Math.max(1, Math.ceil(COUNT / 5)));
// A sampled watcher reads every row's instant; the shooters it names by earlier shots are not kept here.
const ANYONE = () => ({ shooter: "0".repeat(16), username: "" });

let received = 0;
let gaps = 0;
let delays: number[] = [];
const last: number[] = [];

const sockets: WebSocket[] = [];
const url = `${base!.replace("http", "ws")}/api/ws/yeekee?activityid=${round}&after=0`;
// Connections are opened in waves of WAVE, each retried when its handshake fails: 10,000 opened at once
// overflow the server's accept backlog (511) and the refused ones were reset (ECONNRESET), ending the process.
const WAVE = 200;

function open(i: number, attempt = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    // The feed is a player's: signed in by the jwt cookie, as the page is (docs/decisions/048).
    const ws = new WebSocket(url, { headers: { cookie: `jwt=${token}` } });
    let opened = false;
    ws.once("open", () => {
      opened = true;
      sockets[i] = ws;
      resolve();
    });
    ws.on("error", (err) => {
      if (opened) return console.error(`watcher ${i}: ${err.message}`);
      if (attempt >= 5) return reject(err);
      setTimeout(
        () => {
          open(i, attempt + 1).then(resolve, reject);
        },
        200 * (attempt + 1),
      );
    });
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      // Shots come as binary frames (docs/decisions/064), followed from their opening fields.
      const range = isBinary ? liveShotsRange(data) : null;
      if (!range) return;
      if (range.from !== last[i]! + 1) gaps += 1;
      received += range.count - range.from + 1;
      last[i] = range.count;
      if (i % SAMPLE === 0) {
        const now = Date.now();
        // The receive time of each shot (row field 4), without recomputing the chain.
        const message = decodeLiveShots(data, ANYONE);
        if (!message) throw new Error(`watcher ${i}: a frame that does not decode`);
        for (const row of message.shots) delays.push(now - Date.parse(row[4]));
      }
    });
  });
}

void (async () => {
  for (let i = 0; i < COUNT; i += WAVE) {
    const wave: Promise<void>[] = [];
    for (let j = i; j < Math.min(COUNT, i + WAVE); j++) {
      last.push(0);
      wave.push(open(j));
    }
    await Promise.all(wave);
  }
  process.send!({ ready: true });
})().catch((err: unknown) => {
  console.error("watchers could not connect:", err);
  process.exit(1);
});

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
