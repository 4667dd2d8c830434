import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { GameTypeSchema, type GamesLiveMessage } from "../../contract/games";
import type { GameType } from "../../domain/games";
import type { Db } from "../db/client";
import { listenTo } from "../db/listen";
import { SESSION_ENDED_CODE } from "../../contract/auth";
import { type LiveSockets, type Socket } from "../http/live-sockets";
import type { Authenticate } from "../http/register-route";
import { GAMES_CHANNEL, type GameNote, gameById } from "./service";
import { gameView } from "./views";

interface Watcher {
  socket: Socket;
  uuid: string;
}

const Query = z.object({ gametype: GameTypeSchema });
const encode = (m: GamesLiveMessage) => JSON.stringify(m);

/**
 * The games lobby live (`GET /api/ws/games?gametype=huakoi|hilow`): a signed-in watcher (the jwt cookie
 * the page already holds) is sent each game of that type as it opens and each one as it leaves the open
 * list, so the lobby needs no polling. Changes reach every instance through LISTEN/NOTIFY, sent when the
 * game's transaction commits; each instance reads the game once and sends it to its own watchers (its
 * creator gets it as their own). After the listener reconnects every watcher gets `hello` again and
 * reads the list afresh, so nothing missed meanwhile stays missing.
 */
export async function gamesLive(
  app: FastifyInstance,
  db: Db,
  databaseUrl: string,
  authenticate: Authenticate,
  sockets: LiveSockets,
): Promise<void> {
  const watchers = new Map<GameType, Set<Watcher>>([
    ["huakoi", new Set()],
    ["hilow", new Set()],
  ]);
  let sending: Promise<unknown> = Promise.resolve();

  async function send(note: GameNote) {
    const set = watchers.get(note.gametype);
    if (!set?.size) return;
    const g = await gameById(db, note.id);
    if (!g) return;
    if (note.event === "open") {
      // Taken (or cancelled) before this was read: its "closed" follows, and the open list never showed it.
      if (g.status !== "open") return;
      const others = encode({ type: "open", game: gameView(g, "") });
      for (const w of set)
        if (w.socket.readyState === 1)
          w.socket.send(w.uuid === g.creator_id ? encode({ type: "open", game: gameView(g, w.uuid) }) : others);
      return;
    }
    const closed = (mine: boolean) => encode({ type: "closed", id: Number(g.id), gametype: g.type, status: g.status, mine });
    for (const w of set) if (w.socket.readyState === 1) w.socket.send(closed(w.uuid === g.creator_id));
  }

  const listener = await listenTo(
    databaseUrl,
    GAMES_CHANNEL,
    {
      onNotification(payload) {
        const note = JSON.parse(payload ?? "{}") as GameNote;
        sending = sending.then(() => send(note)).catch((err) => app.log.error({ err }, "games fan-out failed"));
      },
      onConnected() {
        for (const [gametype, set] of watchers)
          for (const w of set) if (w.socket.readyState === 1) w.socket.send(encode({ type: "hello", gametype }));
      },
    },
    app.log,
  );
  // At the start of the app's close, before a stopping database could drop it (docs/decisions/071).
  app.addHook("preClose", async () => listener.close());

  app.get("/api/ws/games", { websocket: true }, (socket: Socket, request) => {
    const query = Query.safeParse(request.query);
    const w: Watcher = { socket, uuid: "" };
    const gametype = query.data?.gametype ?? "huakoi";
    if (
      !sockets.admit(
        socket,
        request.ip,
        "เปิดหน้าเกมจากเครือข่ายนี้มากเกินไป กรุณาปิดหน้าที่ไม่ใช้แล้วลองใหม่",
        () => watchers.get(gametype)!.delete(w),
        "games",
      )
    )
      return;
    if (!query.success) {
      socket.send(encode({ type: "error", message: "ประเภทเกมต้องเป็น huakoi หรือ hilow" }));
      socket.close(1008, "bad query");
      return;
    }
    void (async () => {
      try {
        const user = await authenticate(request.cookies.jwt ?? "");
        w.uuid = user.uuid;
        // Closed when the session ends: a lobby open before a logout, ban or password change hears no more.
        sockets.bindSession(socket, user.sessionId);
      } catch {
        socket.send(encode({ type: "error", message: "กรุณาเข้าสู่ระบบใหม่" }));
        socket.close(SESSION_ENDED_CODE, "not signed in");
        return;
      }
      if (socket.readyState !== 1) return;
      watchers.get(gametype)!.add(w);
      socket.send(encode({ type: "hello", gametype }));
    })();
  });
}
