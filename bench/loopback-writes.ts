/**
 * What one write to a watcher costs on this machine, with nothing of the app in the way: a process holds
 * WATCHERS loopback TCP sockets (read by READERS processes, as `npm run bench:yeekee`'s watchers are) and
 * writes one buffer to each, as a pass of the yeekee fan-out does, timing the pass and the CPU it took
 * (user and kernel). It is the floor under the fan-out's cost a pass: on loopback the writer's kernel also
 * does the reading side's TCP work (bench/README.md, "Yeekee with 10,000 watchers").
 *
 *   npx tsx bench/loopback-writes.ts          (WATCHERS=10000 READERS=4 PASSES=6 SIZES=300,3000,12000)
 */
import { fork } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

const WATCHERS = Number(process.env.WATCHERS ?? 10_000);
const READERS = Number(process.env.READERS ?? 4);
const PASSES = Number(process.env.PASSES ?? 6);
const SIZES = (process.env.SIZES ?? "300,3000,12000").split(",").map(Number);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function reader(port: number, count: number) {
  const buffer = Buffer.allocUnsafe(256 * 1024);
  let open = 0;
  for (let i = 0; i < count; i++) {
    const socket = net.connect({ port, host: "127.0.0.1", onread: { buffer, callback: () => true } });
    socket.on("connect", () => {
      if (++open === count) process.send!("connected");
    });
    socket.on("error", (err) => {
      console.error("reader:", err.message);
      process.exit(1);
    });
    // A hundred connections at a time: the listen backlog is not what is measured.
    if (i % 100 === 99) await pause(5);
  }
  process.on("disconnect", () => process.exit(0));
}

async function writer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.push(socket);
  });
  await new Promise<void>((r) => server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, r));
  const port = (server.address() as net.AddressInfo).port;
  const self = fileURLToPath(import.meta.url);
  const children = Array.from({ length: READERS }, (_, i) => {
    const share = Math.floor(WATCHERS / READERS) + (i < WATCHERS % READERS ? 1 : 0);
    return fork(self, ["reader", String(port), String(share)], { execArgv: process.execArgv });
  });
  await Promise.all(children.map((c) => new Promise((r) => c.once("message", r))));
  while (sockets.length < WATCHERS) await pause(10);

  const results = [];
  for (const size of SIZES) {
    const frame = Buffer.alloc(size, 0x2a);
    const wall: number[] = [];
    const user: number[] = [];
    const system: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      for (const socket of sockets) socket.write(frame);
      wall.push(((performance.now() - start) * 1000) / WATCHERS);
      const used = process.cpuUsage(cpu);
      user.push(used.user / WATCHERS);
      system.push(used.system / WATCHERS);
      // The readers drain what was written before the next pass.
      await pause(300);
    }
    const round = (x: number) => Math.round(x * 100) / 100;
    results.push({
      bytes: size,
      µsPerWriteMedian: { wall: round(median(wall)), user: round(median(user)), kernel: round(median(system)) },
      passOfAllWatchersMs: Math.round((median(wall) * WATCHERS) / 1000),
    });
  }
  console.log(JSON.stringify({ watchers: WATCHERS, readers: READERS, passes: PASSES, results }, null, 2));
  for (const c of children) c.disconnect();
  for (const s of sockets) s.destroy();
  server.close();
}

if (process.argv[2] === "reader") void reader(Number(process.argv[3]), Number(process.argv[4]));
else void writer();
