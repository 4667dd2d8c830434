import { once } from "node:events";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import type { Socket } from "../../src/server/http/live-sockets";
import { buildFrame, MAX_UNREAD_BYTES, sendBuilt } from "../../src/server/http/ws-frame";

// Frames built once and written as they are, read by a real `ws` client over loopback (docs/decisions/068).
let server: WebSocketServer;
let url: string;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await once(server, "listening");
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const c of server.clients) c.terminate();
  await new Promise((r) => server.close(r));
});

/** A client and the server's side of its connection. */
async function pair(): Promise<{ client: WebSocket; socket: WebSocket }> {
  const accepted = once(server, "connection");
  const client = new WebSocket(url);
  const [socket] = (await accepted) as [WebSocket];
  if (client.readyState !== WebSocket.OPEN) await once(client, "open");
  return { client, socket };
}

it("every payload length's header form reaches the reader whole, binary and text, without going through ws's send", async () => {
  const { client, socket } = await pair();
  // Were ws's own send used, the frame would not have been written as built.
  socket.send = () => {
    throw new Error("sent through ws");
  };
  const lengths = [0, 1, 125, 126, 127, 65_535, 65_536, 70_001];
  const got: Array<{ data: Buffer; binary: boolean }> = [];
  const all = new Promise<void>((resolve) =>
    client.on("message", (data: Buffer, binary: boolean) => {
      got.push({ data, binary });
      if (got.length === lengths.length * 2) resolve();
    }),
  );
  const payloads = lengths.flatMap((n, i) => [
    { payload: Buffer.alloc(n, i + 1), binary: true },
    { payload: Buffer.from("ก".repeat(Math.floor(n / 3)) + "x".repeat(n % 3)), binary: false },
  ]);
  for (const p of payloads) expect(sendBuilt(socket as unknown as Socket, buildFrame(p.payload, p.binary))).toBe(true);
  await all;
  expect(got.map((g) => ({ length: g.data.length, binary: g.binary }))).toEqual(
    payloads.map((p) => ({ length: p.payload.length, binary: p.binary })),
  );
  for (const [i, g] of got.entries()) expect(g.data.equals(payloads[i]!.payload)).toBe(true);
  client.close();
});

it("a reader that stops reading is cut off once its unread bytes pass the limit, not buffered without end", async () => {
  const { client, socket } = await pair();
  // The client's process stops reading: the kernel's buffers fill, then the server's.
  (client as unknown as { _socket: { pause(): void } })._socket.pause();
  const closed = once(socket, "close");
  const frame = buildFrame(Buffer.alloc(64 * 1024, 7), true);
  const tcp = (socket as unknown as { _socket: { writableLength: number } })._socket;
  let written = 0;
  let highest = 0;
  while (sendBuilt(socket as unknown as Socket, frame)) {
    written += 1;
    highest = Math.max(highest, tcp.writableLength);
    // Let the kernel take what it will between writes.
    if (written % 16 === 0) await new Promise((r) => setImmediate(r));
    expect(written).toBeLessThan(100_000);
  }
  expect(highest).toBeGreaterThan(MAX_UNREAD_BYTES);
  expect(highest).toBeLessThanOrEqual(MAX_UNREAD_BYTES + frame.frame.length);
  await closed;
  expect(sendBuilt(socket as unknown as Socket, frame)).toBe(false);
  client.terminate();
});
