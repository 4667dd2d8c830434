import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type LiveMessage, type NumberRecord, packLiveShots } from "../../contract/yeekee";
import { encodeLiveShots } from "../../contract/yeekee-live-binary";
import type { Db } from "../db/client";
import { listenTo } from "../db/listen";
import { SESSION_ENDED_CODE } from "../../contract/auth";
import { type LiveSockets, SESSION_ENDED_MESSAGE, type Socket } from "../http/live-sockets";
import { type BuiltFrame, buildFrame, sendBuilt } from "../http/ws-frame";
import type { Authenticate } from "../http/register-route";
import { YEEKEE_CHANNEL, yeekeeService } from "./service";

type LiveShot = Awaited<ReturnType<ReturnType<typeof yeekeeService>["liveShotsAfter"]>>[number];

interface Watcher {
  socket: Socket;
  lastSeq: number;
  /** Opened from the round's first shot (`after=0`): it holds every shot a frame may refer back to. */
  fromStart: boolean;
  /** Live shots that arrived while the catch-up was being read; sent after it, in order. */
  queued: NumberRecord[] | null;
}

/** New shots of a round are sent to its watchers together, at most this often. */
const FLUSH_MS = 100;
const CHUNK = 1000;
/**
 * The fan-out sends for this long at most before the shots (HTTP) waiting meanwhile are served. Sliced by
 * time, not by a count of watchers: with 10,000 watchers, a pause every 100 of them made a fan-out last
 * 1.4-3.7 s, as each pause waited for a whole turn of the busy event loop (docs/decisions/064).
 */
const FANOUT_SLICE_MS = 10;
/**
 * In a live worker, a pass begins at least this many times its predecessor's CPU time after that one
 * began: the fan-out takes at most a third of a core, and the machine's other processes (the workers
 * answering the shots, PostgreSQL) keep the rest (docs/decisions/073). A short pass (a small site) still
 * goes every FLUSH_MS.
 */
const PASS_SPACING = 3;

const Query = z.object({ activityid: z.coerce.number().int().positive(), after: z.coerce.number().int().min(0).default(0) });

/** Every message sent is one of the contract's. */
const encode = (m: LiveMessage) => JSON.stringify(m);

/**
 * Consecutive shots as one frame: binary (docs/decisions/064) with each shooter named once, either in the
 * round (`firstSeq`, for watchers holding it from its first shot) or in the frame; JSON for shots the
 * binary layout cannot carry. Built once, as a whole WebSocket frame, for every watcher it goes to
 * (docs/decisions/068).
 */
function shotsFrame(records: readonly NumberRecord[], firstSeq?: (i: number) => number): BuiltFrame {
  const first = records[0]!;
  const bytes = encodeLiveShots(first, records, { first: first.hash, head: records[records.length - 1]!.hash }, firstSeq);
  if (bytes) return buildFrame(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), true);
  return buildFrame(Buffer.from(encode(packLiveShots([...records]))), false);
}

/**
 * Live yeekee rounds over WebSocket (`GET /api/ws/yeekee?activityid=N&after=SEQ`), for a signed-in player
 * (the page's jwt cookie; closed with 4401 when the session ends, docs/decisions/048): a watcher first gets
 * every shot after `after` (so a reconnect has no gap), then the new shots, batched every 100 ms, with
 * the count and chain head, and the result. Shots reach every instance through PostgreSQL
 * LISTEN/NOTIFY, sent when the shot's transaction commits; each instance reads the new shots once per
 * 100 ms and fans them out to its own watchers, so the cost per watcher does not grow with the shot rate. A
 * watcher is only ever sent consecutive shots: behind, it is served from the database first.
 */
export async function yeekeeLive(
  app: FastifyInstance,
  db: Db,
  databaseUrl: string,
  shooterSecret: string,
  authenticate: Authenticate,
  sockets: LiveSockets,
  { spacePasses = false }: { spacePasses?: boolean } = {},
): Promise<void> {
  const service = yeekeeService(db, shooterSecret);
  const watchers = new Map<number, Set<Watcher>>();
  /** The last shot this instance read for each watched round; only readNew moves it. */
  const lastRead = new Map<number, number>();
  const buffered = new Map<number, LiveShot[]>();
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
  async function catchUp(round: number, w: Watcher, records: NumberRecord[]) {
    let fresh = records.filter((r) => r.seq > w.lastSeq);
    if (fresh.length && fresh[0]!.seq > w.lastSeq + 1) fresh = await service.shotsAfter(null, round, w.lastSeq);
    if (fresh.length === 0 || w.socket.readyState !== 1) return;
    // Each frame of a catch-up stands alone.
    for (let i = 0; i < fresh.length; i += CHUNK) if (!sendBuilt(w.socket, shotsFrame(fresh.slice(i, i + CHUNK)))) return;
    w.lastSeq = Math.max(w.lastSeq, fresh[fresh.length - 1]!.seq);
  }

  async function flush(round: number) {
    const records = buffered.get(round) ?? [];
    buffered.delete(round);
    if (records.length === 0) return;
    // Encoded once for every watcher that opened from the round's first shot, once for the others.
    let fromStart: BuiltFrame | undefined;
    let alone: BuiltFrame | undefined;
    let visited = 0;
    let sliceStart = performance.now();
    for (const w of watchers.get(round) ?? []) {
      // Shots (HTTP) are served between slices of the fan-out, not after all of it.
      if (++visited % 64 === 0 && performance.now() - sliceStart > FANOUT_SLICE_MS) {
        await new Promise((r) => setImmediate(r));
        sliceStart = performance.now();
      }
      if (w.queued) w.queued.push(...records);
      else if (w.socket.readyState === 1 && records[0]!.seq === w.lastSeq + 1) {
        // The common case shares one encoded frame.
        const frame = w.fromStart ? (fromStart ??= shotsFrame(records, (i) => records[i]!.firstSeq)) : (alone ??= shotsFrame(records));
        if (sendBuilt(w.socket, frame)) w.lastSeq = records[records.length - 1]!.seq;
      } else await catchUp(round, w, records);
    }
  }

  /** Reads the shots this instance has not read yet into the round's buffer. */
  async function readNew(round: number) {
    const set = watchers.get(round);
    if (!set?.size) return;
    const from = lastRead.get(round) ?? Math.min(...[...set].map((w) => w.lastSeq));
    const records = await service.liveShotsAfter(round, from);
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
  let passStart = 0;
  let passCpuMs = 0;
  function schedule(round: number) {
    if (scheduled.has(round)) return;
    scheduled.add(round);
    setTimeout(
      () =>
        serially(async () => {
          if (spacePasses) {
            const wait = passStart + passCpuMs * PASS_SPACING - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            passStart = performance.now();
          }
          scheduled.delete(round);
          if (closing) return;
          const cpu = spacePasses ? process.cpuUsage() : null;
          try {
            await readNew(round);
            await flush(round);
          } catch (err) {
            // Read again shortly: a quiet round would otherwise wait for its next shot or its result.
            app.log.error({ err }, "yeekee fan-out failed; reading again");
            schedule(round);
          }
          if (cpu) {
            const used = process.cpuUsage(cpu);
            passCpuMs = (used.user + used.system) / 1000;
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
      const message = buildFrame(
        Buffer.from(encode({ type: "result", activityid: round, result: note.result === "void" ? "void" : "result" })),
        false,
      );
      for (const w of watchers.get(round) ?? []) sendBuilt(w.socket, message);
    });
  }

  // One LISTEN connection per instance; once (re)connected, watchers are brought up to date.
  let closing = false;
  const listener = await listenTo(
    databaseUrl,
    YEEKEE_CHANNEL,
    {
      onNotification,
      onConnected: () => {
        for (const round of watchers.keys()) schedule(round);
      },
    },
    app.log,
  );
  // At the start of the app's close, before a stopping database could drop it (docs/decisions/071).
  app.addHook("preClose", async () => {
    closing = true;
    await listener.close();
  });

  app.get("/api/ws/yeekee", { websocket: true }, (socket: Socket, request) => {
    const query = Query.safeParse(request.query);
    const w: Watcher = { socket, lastSeq: query.data?.after ?? 0, fromStart: (query.data?.after ?? 0) === 0, queued: [] };
    const activityid = query.data?.activityid ?? 0;
    if (!sockets.admit(socket, request.ip, "เปิดหน้ายิงเลขจากเครือข่ายนี้มากเกินไป กรุณาปิดหน้าที่ไม่ใช้แล้วลองใหม่", () => drop(activityid, w), "yeekee"))
      return;
    if (!query.success) {
      socket.send(encode({ type: "error", message: "รหัสงวดไม่ถูกต้อง" }));
      socket.close(1008, "bad query");
      return;
    }
    void (async () => {
      // A player's socket, as the shots are a player's call over HTTP: signed in by the page's jwt cookie and
      // closed when that session ends (docs/decisions/048).
      try {
        sockets.bindSession(socket, (await authenticate(request.cookies.jwt ?? "")).sessionId);
      } catch {
        socket.send(encode({ type: "error", message: SESSION_ENDED_MESSAGE }));
        socket.close(SESSION_ENDED_CODE, "not signed in");
        return;
      }
      if (socket.readyState !== 1) return;
      // Watching before the catch-up is read: a shot committed meanwhile is queued or read, never missed.
      const set = watchers.get(activityid) ?? new Set<Watcher>();
      watchers.set(activityid, set);
      set.add(w);
      try {
        const shots = await service.shots(null, activityid, w.lastSeq);
        const round = await db.$client.query("select status from rounds where id = $1", [activityid]);
        const status = round.rows[0]?.status as string | undefined;
        socket.send(
          encode({
            type: "hello",
            activityid,
            timenow: new Date().toISOString(),
            shootUntil: shots.shootUntil,
            count: shots.count,
            head: shots.head,
            status,
          }),
        );
        const queued = w.queued ?? [];
        w.queued = null;
        await catchUp(activityid, w, shots.recordlist);
        await catchUp(
          activityid,
          w,
          queued.sort((a, b) => a.seq - b.seq),
        );
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
