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

/** Consecutive shots read together, with their frames once built (a live worker's, docs/decisions/073). */
interface Segment {
  records: LiveShot[];
  first: number;
  last: number;
  fromStart?: BuiltFrame;
  alone?: BuiltFrame;
}

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
 * In a live worker, a pass begins at least this many times the passes' CPU time (RECENT_PASSES) after the
 * previous one began: the fan-out takes at most two fifths of a core, and the machine's other processes (the
 * workers answering the shots, PostgreSQL) keep the rest (docs/decisions/073).
 */
const PASS_SPACING = 2.5;
/**
 * How many of a live worker's last passes set the spacing, by their median CPU time: the process's CPU time
 * also counts the garbage collector's threads, and one collection made a pass cost three times the others
 * and held the next one back 750 ms.
 */
const RECENT_PASSES = 5;
/** The middle value (the upper of the two middle ones), 0 for none. */
function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return [...values].sort((a, b) => a - b)[values.length >> 1]!;
}
/**
 * A fan-out's turns, called once per watcher: a promise to await once FANOUT_SLICE_MS have gone by (checked
 * every 64 watchers), so what waits on the event loop is served; otherwise nothing to await (no tick per watcher).
 */
function slices(): () => Promise<void> | undefined {
  let visited = 0;
  let sliceStart = performance.now();
  return () => {
    if (++visited % 64 !== 0 || performance.now() - sliceStart <= FANOUT_SLICE_MS) return undefined;
    return new Promise<void>((resume) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resume();
      }),
    );
  };
}
/** In a live worker, new shots are read this long after the first notification, whether or not a pass is under way. */
const ROLLING_READ_MS = 50;

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
  {
    liveWorker = false,
    leastPassGapMs = 0,
  }: {
    liveWorker?: boolean;
    /** The least time between the starts of a live worker's passes, whatever they cost (tests hold passes apart with it). */
    leastPassGapMs?: number;
  } = {},
): Promise<void> {
  const service = yeekeeService(db, shooterSecret);
  const watchers = new Map<number, Set<Watcher>>();
  /** The last shot this instance read for each watched round; only readNew moves it. */
  const lastRead = new Map<number, number>();
  const buffered = new Map<number, LiveShot[]>();
  /**
   * In a live worker (docs/decisions/073): each read's shots, in order, each with its frames built once,
   * kept until a pass has offered them to every watcher. A pass sends each watcher every segment it lacks,
   * those read while the pass is under way too, so a shot waits for its watcher's turn, not for a whole pass.
   */
  const segments = new Map<number, Segment[]>();
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
      segments.delete(round);
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
    // Shots (HTTP) are served between slices of the fan-out, not after all of it.
    const between = slices();
    for (const w of watchers.get(round) ?? []) {
      const pause = between();
      if (pause) await pause;
      if (w.queued) w.queued.push(...records);
      else if (w.socket.readyState === 1 && records[0]!.seq === w.lastSeq + 1) {
        // The common case shares one encoded frame.
        const frame = w.fromStart ? (fromStart ??= shotsFrame(records, (i) => records[i]!.firstSeq)) : (alone ??= shotsFrame(records));
        if (sendBuilt(w.socket, frame)) w.lastSeq = records[records.length - 1]!.seq;
      } else await catchUp(round, w, records);
    }
  }

  /** One pass over a round's watchers in a live worker: each is sent the segments it lacks, in one go. */
  async function rollingPass(round: number) {
    const list = segments.get(round);
    if (!list?.length) return;
    // Segments read from here on may miss the watchers already visited: they stay for the next pass.
    const offered = list.length;
    // New watchers and reads are taken between slices.
    const between = slices();
    for (const w of watchers.get(round) ?? []) {
      const pause = between();
      if (pause) await pause;
      if (w.queued) {
        const after = w.queued.length ? w.queued[w.queued.length - 1]!.seq : w.lastSeq;
        for (const segment of list) if (segment.last > after) w.queued.push(...segment.records.filter((r) => r.seq > after));
        continue;
      }
      if (w.socket.readyState !== 1) continue;
      let i = 0;
      while (i < list.length && list[i]!.last <= w.lastSeq) i++;
      if (i === list.length) continue;
      if (list[i]!.first !== w.lastSeq + 1) {
        try {
          await catchUp(
            round,
            w,
            list.slice(i).flatMap((segment) => segment.records),
          );
        } catch (err) {
          // This watcher only: it reconnects from its last shot (`after`), the pass goes on for the others.
          app.log.warn({ err }, "yeekee catch-up failed; the watcher is closed to reconnect");
          w.socket.terminate();
        }
        continue;
      }
      const tcp = (w.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
      const several = i < list.length - 1 && tcp;
      if (several) tcp.cork();
      for (; i < list.length; i++) {
        const segment = list[i]!;
        const frame = w.fromStart
          ? (segment.fromStart ??= shotsFrame(segment.records, (k) => segment.records[k]!.firstSeq))
          : (segment.alone ??= shotsFrame(segment.records));
        if (!sendBuilt(w.socket, frame)) break;
        w.lastSeq = segment.last;
      }
      if (several) tcp.uncork();
    }
    list.splice(0, offered);
  }

  let passing = false;
  let passStart = 0;
  /** The CPU time of the last few passes: the spacing follows their median, not one pass a collection slowed. */
  const recentPassCpuMs: number[] = [];
  const drainedWaiters: Array<() => void> = [];
  const undelivered = () => [...segments.values()].some((list) => list.length > 0);
  /** A live worker's passes, spaced (PASS_SPACING), for as long as some segment is undelivered. */
  async function runPasses() {
    if (passing) return;
    passing = true;
    try {
      while (!closing && undelivered()) {
        const wait = passStart + Math.max(median(recentPassCpuMs) * PASS_SPACING, leastPassGapMs) - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (closing) break;
        passStart = performance.now();
        const cpu = process.cpuUsage();
        for (const round of [...segments.keys()]) await rollingPass(round);
        const used = process.cpuUsage(cpu);
        const passCpuMs = (used.user + used.system) / 1000;
        recentPassCpuMs.push(passCpuMs);
        if (recentPassCpuMs.length > RECENT_PASSES) recentPassCpuMs.shift();
      }
    } catch (err) {
      // Tried again shortly: the segments left are the next passes' to send.
      app.log.error({ err }, "yeekee fan-out failed; passing again");
      setTimeout(() => void runPasses(), FLUSH_MS);
    } finally {
      passing = false;
      for (const wake of drainedWaiters.splice(0)) wake();
    }
  }
  /** Once every segment read so far has been offered to every watcher (or the passes stopped). */
  const drained = () => (passing ? new Promise<void>((r) => drainedWaiters.push(r)) : Promise.resolve());

  /** Reads the shots this instance has not read yet into the round's buffer. */
  async function readNew(round: number) {
    const set = watchers.get(round);
    if (!set?.size) return;
    const from = lastRead.get(round) ?? Math.min(...[...set].map((w) => w.lastSeq));
    const records = await service.liveShotsAfter(round, from);
    if (records.length === 0) return;
    lastRead.set(round, records[records.length - 1]!.seq);
    if (liveWorker) {
      const list = segments.get(round) ?? [];
      segments.set(round, list);
      list.push({ records, first: records[0]!.seq, last: records[records.length - 1]!.seq });
      return;
    }
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
            if (liveWorker) void runPasses();
            else await flush(round);
          } catch (err) {
            // Read again shortly: a quiet round would otherwise wait for its next shot or its result.
            app.log.error({ err }, "yeekee fan-out failed; reading again");
            schedule(round);
          }
        }),
      liveWorker ? ROLLING_READ_MS : FLUSH_MS,
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
      if (liveWorker) {
        // Until this round's segments are all offered (a failed pass is tried again, a few times at most).
        for (let tries = 0; tries < 5 && !closing && segments.get(round)?.length; tries++) {
          void runPasses();
          await drained();
        }
      } else await flush(round);
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
