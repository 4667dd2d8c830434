import Fastify, { type FastifyInstance } from "fastify";
import { once } from "node:events";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { liveSockets, type Socket } from "../../src/server/http/live-sockets";

// The live feeds' pings, a share of the sockets at a time (docs/decisions/068), on a real server and real
// sockets: an interval of 600 ms in slices of 100 ms, so each socket is pinged about every 600 ms.
let app: FastifyInstance;
let url: string;
const gone: number[] = [];

beforeAll(async () => {
  app = Fastify();
  const sockets = await liveSockets(
    app,
    100,
    { liveSessions: async (ids) => new Set(ids), recheckMs: 60_000 },
    { pingMs: 600, pingSliceMs: 100 },
  );
  app.get<{ Querystring: { n: string } }>("/ws", { websocket: true }, (socket: Socket, request) => {
    sockets.admit(socket, request.ip, "too many", () => gone.push(Number(request.query.n)), "yeekee");
  });
  url = (await app.listen({ port: 0, host: "127.0.0.1" })).replace("http", "ws");
});
afterAll(async () => {
  await app.close();
});

async function watcher(n: number, autoPong: boolean) {
  const ws = new WebSocket(`${url}/ws?n=${n}`, { autoPong });
  const pings: number[] = [];
  ws.on("ping", () => pings.push(Date.now()));
  await once(ws, "open");
  return { ws, pings };
}

it("pings every socket about once per interval, terminating one that stopped answering and keeping the rest", async () => {
  const answering = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => watcher(n, true)));
  const silent = await watcher(99, false);
  // The silent one is pinged, does not answer, and is terminated at its next turn.
  await once(silent.ws, "close");
  expect(silent.pings.length).toBeGreaterThanOrEqual(1);
  expect(gone).toEqual([99]);
  // Every answering socket has been pinged at least twice meanwhile or since (so checked after answering)...
  for (const a of answering) while (a.pings.length < 3) await once(a.ws, "ping");
  // ...about once per interval, not once per slice: eight sockets over six slices are not all pinged each slice.
  for (const a of answering) {
    const gaps = a.pings.slice(1).map((t, i) => t - a.pings[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(250);
  }
  expect(answering.every((a) => a.ws.readyState === WebSocket.OPEN)).toBe(true);
  expect(gone).toEqual([99]);
  for (const a of answering) a.ws.close();
});
