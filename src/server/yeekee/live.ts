import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { z } from "zod";
import type { Db } from "../db/client";
import { YEEKEE_CHANNEL, yeekeeService } from "./service";

type Socket = { send(data: string): void; on(event: "close", fn: () => void): void; readyState: number };

interface Watcher {
  socket: Socket;
  lastSeq: number;
  /** Live shots that arrived while the catch-up was being read; flushed after it, in order. */
  queued: Array<{ seq: number; message: string }> | null;
}

const Query = z.object({ activityid: z.coerce.number().int().positive(), after: z.coerce.number().int().min(0).default(0) });

/**
 * Live yeekee rounds over WebSocket (`GET /api/ws/yeekee?activityid=N&after=SEQ`): a watcher first gets
 * every shot after `after` (so a reconnect has no gap), then each new shot, the count and chain head with
 * it, and the result. Shots reach every instance through PostgreSQL LISTEN/NOTIFY, sent when the shot's
 * transaction commits; each instance reads the new shots once and fans them out to its own watchers.
 */
export async function yeekeeLive(app: FastifyInstance, db: Db, databaseUrl: string): Promise<void> {
  const service = yeekeeService(db);
  const watchers = new Map<number, Set<Watcher>>();
  const lastRead = new Map<number, number>();
  let reading = Promise.resolve();

  const send = (w: Watcher, seq: number, message: string) => {
    if (w.queued) return void w.queued.push({ seq, message });
    if (seq > w.lastSeq && w.socket.readyState === 1) {
      w.socket.send(message);
      w.lastSeq = seq;
    }
  };

  async function readNew(round: number) {
    const set = watchers.get(round);
    if (!set?.size) return;
    const from = lastRead.get(round) ?? Math.min(...[...set].map((w) => w.lastSeq));
    const shots = await service.shots(null, round, from);
    for (const r of shots.recordlist) {
      const message = JSON.stringify({ type: "shot", record: r, count: r.seq, head: r.hash });
      for (const w of set) send(w, r.seq, message);
      lastRead.set(round, r.seq);
    }
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
        for (const r of shots.recordlist) {
          socket.send(JSON.stringify({ type: "shot", record: r, count: r.seq, head: r.hash }));
          w.lastSeq = r.seq;
        }
        const queued = w.queued ?? [];
        w.queued = null;
        for (const q of queued.sort((a, b) => a.seq - b.seq)) send(w, q.seq, q.message);
        lastRead.set(activityid, Math.max(lastRead.get(activityid) ?? 0, w.lastSeq));
      } catch {
        socket.send(JSON.stringify({ type: "error", message: "ไม่พบงวดนี้" }));
      }
    })();
  });
}
