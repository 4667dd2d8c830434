import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { z } from "zod";
import { type LiveMessage, packLiveShots } from "../../contract/yeekee";
import type { Db } from "../db/client";
import { YEEKEE_CHANNEL, yeekeeService } from "./service";

type Socket = {
  send(data: string): void;
  send(data: Buffer, options: { binary: boolean }): void;
  on(event: "close" | "pong" | "message", fn: () => void): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  readyState: number;
};
type ShotRecord = Awaited<ReturnType<ReturnType<typeof yeekeeService>["shots"]>>["recordlist"][number];

interface Watcher {
  socket: Socket;
  lastSeq: number;
  /** Live shots that arrived while the catch-up was being read; sent after it, in order. */
  queued: ShotRecord[] | null;
  alive: boolean;
}

/** New shots of a round are sent to its watchers together, at most this often. */
const FLUSH_MS = 100;
const CHUNK = 1000;
const FANOUT_SLICE = 100;
const PING_MS = 30_000;

const Query = z.object({ activityid: z.coerce.number().int().positive(), after: z.coerce.number().int().min(0).default(0) });

/** Every message sent is one of the contract's. */
const encode = (m: LiveMessage) => JSON.stringify(m);

/** The range comes first: a reader can follow the feed from the opening bytes without parsing the shots. */
const shotsMessage = (records: ShotRecord[]) => encode(packLiveShots(records));

/**
 * Live yeekee rounds over WebSocket (`GET /api/ws/yeekee?activityid=N&after=SEQ`): a watcher first gets
 * every shot after `after` (so a reconnect has no gap), then the new shots, batched every 100 ms, with
 * the count and chain head, and the result. Shots reach every instance through PostgreSQL
 * LISTEN/NOTIFY, sent when the shot's transaction commits; each instance reads the new shots once per
 * 100 ms and fans them out to its own watchers, so the cost per watcher does not grow with the shot rate. A
 * watcher is only ever sent consecutive shots: behind, it is served from the database first.
 */
/** The largest frame a watcher may send: it is never expected to send anything (issue 17). */
const MAX_CLIENT_FRAME_BYTES = 1024;

export async function yeekeeLive(app: FastifyInstance, db: Db, databaseUrl: string, shooterSecret: string, maxPerAddress: number): Promise<void> {
  const service = yeekeeService(db, shooterSecret);
  const watchers = new Map<number, Set<Watcher>>();
  /** The last shot this instance read for each watched round; only readNew moves it. */
  const lastRead = new Map<number, number>();
  const buffered = new Map<number, ShotRecord[]>();
  let reading: Promise<unknown> = Promise.resolve();
  const serially = (step: () => Promise<unknown>) => {
    reading = reading.then(step).catch((err) => app.log.error({ err }, "yeekee fan-out failed"));
  };

  const drop = (round: number, w: Watcher) => {
    const set = watchers.get(round);
    set?.delete(w);
    if (set && set.size === 0) {
      watchers.delete(round);
      lastRead.delete(round);
      buffered.delete(round);
    }
  };

  /** Sends a watcher the shots after its last one, reading the database for any it missed. */
  async function catchUp(round: number, w: Watcher, records: ShotRecord[]) {
    let fresh = records.filter((r) => r.seq > w.lastSeq);
    if (fresh.length && fresh[0]!.seq > w.lastSeq + 1) fresh = await service.shotsAfter(null, round, w.lastSeq);
    if (fresh.length === 0 || w.socket.readyState !== 1) return;
    for (let i = 0; i < fresh.length; i += CHUNK) w.socket.send(shotsMessage(fresh.slice(i, i + CHUNK)));
    w.lastSeq = Math.max(w.lastSeq, fresh[fresh.length - 1]!.seq);
  }

  async function flush(round: number) {
    const records = buffered.get(round) ?? [];
    buffered.delete(round);
    if (records.length === 0) return;
    // Encoded once as UTF-8 for every watcher (sent as a string, ws would encode it again for each one).
    const message = Buffer.from(shotsMessage(records));
    let visited = 0;
    for (const w of watchers.get(round) ?? []) {
      // Shots (HTTP) are served between slices of watchers, not after all of them.
      if (++visited % FANOUT_SLICE === 0) await new Promise((r) => setImmediate(r));
      if (w.queued) w.queued.push(...records);
      else if (w.socket.readyState === 1 && records[0]!.seq === w.lastSeq + 1) {
        // The common case shares one encoded message.
        w.socket.send(message, { binary: false });
        w.lastSeq = records[records.length - 1]!.seq;
      } else await catchUp(round, w, records);
    }
  }

  /** Reads the shots this instance has not read yet into the round's buffer. */
  async function readNew(round: number) {
    const set = watchers.get(round);
    if (!set?.size) return;
    const from = lastRead.get(round) ?? Math.min(...[...set].map((w) => w.lastSeq));
    const records = await service.shotsAfter(null, round, from);
    if (records.length === 0) return;
    lastRead.set(round, records[records.length - 1]!.seq);
    const pending = buffered.get(round);
    if (pending) pending.push(...records);
    else buffered.set(round, records);
  }

  /**
   * New shots are read and sent FLUSH_MS after the first notification, once for all the notifications
   * that come meanwhile (one per batch of shots). A notification that arrives once the read has begun
   * schedules another, so every committed shot is read.
   */
  const scheduled = new Set<number>();
  function schedule(round: number) {
    if (scheduled.has(round)) return;
    scheduled.add(round);
    setTimeout(
      () =>
        serially(async () => {
          scheduled.delete(round);
          if (closing) return;
          try {
            await readNew(round);
            await flush(round);
          } catch (err) {
            // Read again shortly: a quiet round would otherwise wait for its next shot or its result.
            app.log.error({ err }, "yeekee fan-out failed; reading again");
            schedule(round);
          }
        }),
      FLUSH_MS,
    );
  }

  function onNotification(payload: string | undefined) {
    const note = JSON.parse(payload ?? "{}") as { round?: number; result?: string };
    const round = note.round;
    if (!round) return;
    if (note.result === undefined) return schedule(round);
    // The result goes after every shot before it has been sent.
    serially(async () => {
      await readNew(round);
      await flush(round);
      const message = encode({ type: "result", activityid: round, result: note.result === "void" ? "void" : "result" });
      for (const w of watchers.get(round) ?? []) if (w.socket.readyState === 1) w.socket.send(message);
    });
  }

  // One LISTEN connection per instance, re-established if it drops; watchers are then brought up to date.
  let listener: pg.Client | null = null;
  let closing = false;
  async function listen(attempt = 0): Promise<void> {
    if (closing) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    const retry = () => {
      if (listener !== client || closing) return;
      listener = null;
      client.end().catch(() => {});
      setTimeout(() => void listen(attempt + 1), Math.min(5_000, 250 * 2 ** attempt));
    };
    client.on("error", (err) => {
      app.log.error({ err }, "yeekee listener lost; reconnecting");
      retry();
    });
    client.on("end", retry);
    client.on("notification", (n) => onNotification(n.payload));
    try {
      await client.connect();
      await client.query(`listen ${YEEKEE_CHANNEL}`);
      listener = client;
      for (const round of watchers.keys()) schedule(round);
    } catch (err) {
      app.log.error({ err }, "yeekee listener could not connect; retrying");
      client.end().catch(() => {});
      if (!closing) setTimeout(() => void listen(attempt + 1), Math.min(5_000, 250 * 2 ** attempt));
      if (attempt === 0) throw err;
    }
  }
  await listen();

  // Half-open connections are found by ping and dropped.
  const pinger = setInterval(() => {
    for (const [round, set] of watchers)
      for (const w of set) {
        if (!w.alive) {
          w.socket.terminate();
          drop(round, w);
          continue;
        }
        w.alive = false;
        w.socket.ping();
      }
  }, PING_MS);
  app.addHook("onClose", async () => {
    closing = true;
    clearInterval(pinger);
    await listener?.end().catch(() => {});
  });

  // Open sockets per client address: one address cannot hold the server's memory with watchers.
  const perAddress = new Map<string, number>();
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  app.get("/api/ws/yeekee", { websocket: true }, (socket: Socket, request) => {
    const address = request.ip;
    const open = perAddress.get(address) ?? 0;
    if (open >= maxPerAddress) {
      socket.send(encode({ type: "error", message: "เปิดหน้ายิงเลขจากเครือข่ายนี้มากเกินไป กรุณาปิดหน้าที่ไม่ใช้แล้วลองใหม่" }));
      socket.close(1013, "too many connections from this address");
      return;
    }
    perAddress.set(address, open + 1);
    socket.on("close", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
    // A watcher only listens: anything it sends closes it.
    socket.on("message", () => socket.close(1008, "unexpected message"));
    const query = Query.safeParse(request.query);
    if (!query.success) {
      socket.send(encode({ type: "error", message: "รหัสงวดไม่ถูกต้อง" }));
      socket.close(1008, "bad query");
      return;
    }
    const { activityid, after } = query.data;
    const w: Watcher = { socket, lastSeq: after, queued: [], alive: true };
    const set = watchers.get(activityid) ?? new Set<Watcher>();
    watchers.set(activityid, set);
    set.add(w);
    socket.on("pong", () => {
      w.alive = true;
    });
    socket.on("close", () => drop(activityid, w));
    void (async () => {
      try {
        const shots = await service.shots(null, activityid, after);
        const round = await db.$client.query("select status from rounds where id = $1", [activityid]);
        const status = round.rows[0]?.status as string | undefined;
        socket.send(encode({ type: "hello", activityid, timenow: new Date().toISOString(), shootUntil: shots.shootUntil, count: shots.count, head: shots.head, status }));
        const queued = w.queued ?? [];
        w.queued = null;
        await catchUp(activityid, w, shots.recordlist);
        await catchUp(activityid, w, queued.sort((a, b) => a.seq - b.seq));
        // A watcher joining after the result still learns it.
        if (status === "add award" || status === "cancel activity") {
          socket.send(encode({ type: "result", activityid, result: status === "add award" ? "result" : "void" }));
        }
      } catch {
        socket.send(encode({ type: "error", message: "ไม่พบงวดนี้" }));
        socket.close(1008, "unknown round");
        drop(activityid, w);
      }
    })();
  });
}
