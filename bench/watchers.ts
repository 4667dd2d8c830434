/**
 * Part of `npm run bench:yeekee`: WebSocket watchers of one yeekee round, in their own process so the
 * load generator does not starve them. Each watcher follows the feed from the opening bytes of each
 * message (seq `from` to `count`), counting gaps; one in SAMPLE parses the shots to time the fan-out.
 * Commands over IPC: "reset" (zero the counters; acknowledged), "report" (send them back), "close".
 *
 * Each watcher is a WebSocket client of its own making (RFC 6455: the upgrade, then frames read from their
 * headers), not `ws`'s: these processes share the machine's two cores with the server, and `ws`'s reader
 * took twice the CPU a frame (19-21 µs against 10-13 µs, 2,000 sockets of 12 KB frames on loopback), CPU
 * the server needed. It reads what a page reads: every frame, answering the server's pings.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
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

const sockets: net.Socket[] = [];
const target = new URL(`${base!}/api/ws/yeekee?activityid=${round}&after=0`);
// Connections are opened in waves of WAVE, each retried when its handshake fails: 10,000 opened at once
// overflow the server's accept backlog (511) and the refused ones were reset (ECONNRESET), ending the process.
const WAVE = 200;

/** A client's frame to the server: masked (RFC 6455 §5.3), here only pongs and the closing frame. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let k = 0; k < payload.length; k++) frame[6 + k] = payload[k]! ^ mask[k % 4]!;
  return frame;
}

function onShots(i: number, data: Buffer) {
  // Shots come as binary frames (docs/decisions/064), followed from their opening fields.
  const range = liveShotsRange(data);
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
}

/** Reads the server's frames (final, unmasked) from a connection's bytes, however TCP cut them. */
function frameReader(i: number, socket: net.Socket) {
  let held: Buffer | null = null;
  return (chunk: Buffer) => {
    const bytes = held ? Buffer.concat([held, chunk]) : chunk;
    held = null;
    let at = 0;
    while (bytes.length - at >= 2) {
      const opcode = bytes[at]! & 0x0f;
      let length = bytes[at + 1]! & 0x7f;
      let head = 2;
      if (length === 126) {
        if (bytes.length - at < 4) break;
        length = bytes.readUInt16BE(at + 2);
        head = 4;
      } else if (length === 127) {
        if (bytes.length - at < 10) break;
        length = Number(bytes.readBigUInt64BE(at + 2));
        head = 10;
      }
      if (bytes.length - at < head + length) break;
      const payload = bytes.subarray(at + head, at + head + length);
      at += head + length;
      if (opcode === 0x2) onShots(i, payload);
      else if (opcode === 0x9) socket.write(clientFrame(0xa, payload));
      else if (opcode === 0x8) socket.end();
    }
    // The bytes of a frame still coming: copied, as the process's read buffer is reused for the next read.
    if (at < bytes.length) held = Buffer.from(bytes.subarray(at));
  };
}

/**
 * One read buffer for the process: each connection's bytes are handed to its reader as read, without
 * the stream machinery and a new buffer each time (`onread`). The reader keeps nothing of it past the call.
 */
const READ_BUFFER = Buffer.alloc(256 * 1024);

function open(i: number, attempt = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    let onBytes: (chunk: Buffer) => void = () => {};
    const socket = net.connect({
      host: target.hostname,
      port: Number(target.port),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (length: number) => {
          onBytes(READ_BUFFER.subarray(0, length));
          return true;
        },
      },
    });
    let opened = false;
    let answer = Buffer.alloc(0);
    const retry = (why: string) => {
      socket.destroy();
      if (attempt >= 5) return reject(new Error(`watcher ${i}: ${why}`));
      setTimeout(
        () => {
          open(i, attempt + 1).then(resolve, reject);
        },
        200 * (attempt + 1),
      );
    };
    const read = frameReader(i, socket);
    socket.on("connect", () =>
      // The feed is a player's: signed in by the jwt cookie, as the page is (docs/decisions/048).
      socket.write(
        `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\nCookie: jwt=${token}\r\n\r\n`,
      ),
    );
    onBytes = (chunk: Buffer) => {
      if (opened) return read(chunk);
      answer = Buffer.concat([answer, chunk]);
      const end = answer.indexOf("\r\n\r\n");
      if (end < 0) return;
      if (!answer.subarray(0, 13).equals(Buffer.from("HTTP/1.1 101 ")))
        return retry(`upgrade refused: ${answer.subarray(0, 40).toString()}`);
      opened = true;
      sockets[i] = socket;
      resolve();
      if (answer.length > end + 4) read(answer.subarray(end + 4));
    };
    socket.on("error", (err) => {
      if (opened) return console.error(`watcher ${i}: ${err.message}`);
      retry(err.message);
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
    for (const socket of sockets) socket.end(clientFrame(0x8, Buffer.from([0x03, 0xe8])));
    setTimeout(() => process.exit(0), 200);
  }
});
