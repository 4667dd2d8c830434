import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { z } from "zod";
import type { Db } from "../db/client";
import { YEEKEE_CHANNEL, yeekeeService } from "./service";

type Socket = { send(data: string): void; on(event: "close", fn: () => void): void; readyState: number };

type ShotRecord = Awaited<ReturnType<ReturnType<typeof yeekeeService>["shots"]>>["recordlist"][number];

interface Watcher {
  socket: Socket;
  lastSeq: number;
  /** Live shots that arrived while the catch-up was being read; sent after it, in order. */
  queued: ShotRecord[] | null;
}

/** New shots of a round are sent to its watchers together, at most this often. */
const FLUSH_MS = 100;
const CHUNK = 1000;

const Query = z.object({ activityid: z.coerce.number().int().positive(), after: z.coerce.number().int().min(0).default(0) });

function shotsMessage(records: ShotRecord[]): string {
  const last = records[records.length - 1]!;
  return JSON.stringify({ type: "shots", records, count: last.seq, head: last.hash });
}

/**
 * Live yeekee rounds over WebSocket (`GET /api/ws/yeekee?activityid=N&after=SEQ`): a watcher first gets
 * every shot after `after` (so a reconnect has no gap), then the new shots, batched every 100 ms, with
 * the count and chain head, and the result. Shots reach every instance through PostgreSQL
 * LISTEN/NOTIFY, sent when the shot's transaction commits; each instance reads the new shots once and
 * fans them out to its own watchers, so the cost per watcher does not grow with the shot rate.
 */
export async function yeekeeLive(app: FastifyInstance, db: Db, databaseUrl: string): Promise<void> {
  const service = yeekeeService(db);
  const watchers = new Map<number, Set<Watcher>>();
  const lastRead = new Map<number, number>();
  const buffered = new Map<number, ShotRecord[]>();
  let reading = Promise.resolve();

  /** Sends a watcher the records it has not seen, in one message per chunk. */
  const deliver = (w: Watcher, records: ShotRecord[]) => {
    if (w.queued) return void w.queued.push(...records);
    const fresh = records.filter((r) => r.seq > w.lastSeq);
    if (fresh.length === 0 || w.socket.readyState !== 1) return;
    for (let i = 0; i < fresh.length; i += CHUNK) w.socket.send(shotsMessage(fresh.slice(i, i + CHUNK)));
    w.lastSeq = fresh[fresh.length - 1]!.seq;
  };

  function flush(round: number) {
    const records = buffered.get(round) ?? [];
    buffered.delete(round);
    if (records.length === 0) return;
    const message = shotsMessage(records);
    for (const w of watchers.get(round) ?? []) {
      // The common case shares one encoded message; a watcher behind or queued gets its own.
      if (!w.queued && w.socket.readyState === 1 && records[0]!.seq === w.lastSeq + 1) {
        w.socket.send(message);
        w.lastSeq = records[records.length - 1]!.seq;
      } else deliver(w, records);
    }
  }

  async function readNew(round: number) {
    const set = watchers.get(round);
    if (!set?.size) return;
    const from = lastRead.get(round) ?? Math.min(...[...set].map((w) => w.lastSeq));
    const shots = await service.shots(null, round, from);
    if (shots.recordlist.length === 0) return;
    lastRead.set(round, shots.recordlist[shots.recordlist.length - 1]!.seq);
    const pending = buffered.get(round);
    if (pending) return void pending.push(...shots.recordlist);
    buffered.set(round, [...shots.recordlist]);
    setTimeout(() => flush(round), FLUSH_MS);
  }

  const listener = new pg.Client({ connectionString: databaseUrl });
  listener.on("error", (err) => app.log.error({ err }, "yeekee listener failed"));
  await listener.connect();
  await listener.query(`listen ${YEEKEE_CHANNEL}`);
  listener.on("notification", (n) => {
    const note = JSON.parse(n.payload ?? "{}") as { round?: number; result?: string };
    if (!note.round) return;
    const round = note.round;
    if (note.result !== undefined) {
      const message = JSON.stringify({ type: "result", activityid: round, result: note.result });
      for (const w of watchers.get(round) ?? []) if (w.socket.readyState === 1) w.socket.send(message);
      return;
    }
    // One read at a time per instance keeps the order of the fan-out.
    reading = reading.then(() => readNew(round)).catch((err) => app.log.error({ err }, "yeekee fan-out failed"));
  });
  app.addHook("onClose", async () => {
    await listener.end().catch(() => {});
  });

  await app.register(websocket);
  app.get("/api/ws/yeekee", { websocket: true }, (socket: Socket, request) => {
    const query = Query.safeParse(request.query);
    if (!query.success) {
      socket.send(JSON.stringify({ type: "error", message: "รหัสงวดไม่ถูกต้อง" }));
      return;
    }
    const { activityid, after } = query.data;
    const w: Watcher = { socket, lastSeq: after, queued: [] };
    const set = watchers.get(activityid) ?? new Set<Watcher>();
    watchers.set(activityid, set);
    set.add(w);
    socket.on("close", () => {
      set.delete(w);
      if (set.size === 0) {
        watchers.delete(activityid);
        lastRead.delete(activityid);
      }
    });
    void (async () => {
      try {
        const shots = await service.shots(null, activityid, after);
        socket.send(JSON.stringify({ type: "hello", activityid, timenow: new Date().toISOString(), shootUntil: shots.shootUntil, count: shots.count, head: shots.head }));
        const queued = w.queued ?? [];
        w.queued = null;
        deliver(w, shots.recordlist);
        deliver(w, queued.sort((a, b) => a.seq - b.seq));
        lastRead.set(activityid, Math.max(lastRead.get(activityid) ?? 0, w.lastSeq));
      } catch {
        socket.send(JSON.stringify({ type: "error", message: "ไม่พบงวดนี้" }));
      }
    })();
  });
}
