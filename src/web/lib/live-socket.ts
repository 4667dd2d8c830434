import type { z } from "zod";
import { getCredit, SESSION_ENDED_CODE } from "../../contract/auth";
import { ApiCallError, callApi } from "./api";
import { afterNextFrame } from "./yield-to-main";
import { loadZod, zodReady } from "./zod-on-demand";

/** A live socket's reconnect delays: 0.5 s, 1 s, 2 s, 4 s, then 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(5000, 500 * 2 ** attempt);
}

export interface LiveSocketHandlers {
  /** Each message; `healthy()` (on the feed's greeting) resets the reconnect delays. */
  onMessage(data: unknown, healthy: () => void): void;
  /** The socket dropped; it is reopened after the next delay. */
  onDrop(): void;
}

/**
 * A WebSocket of this site's live feeds (`path()` is read again at every reconnect, so a feed can resume
 * where it left off), reopened after each drop with growing delays until the returned stop is called.
 */
export function openLiveSocket(path: () => string, handlers: LiveSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  const healthy = () => {
    attempt = 0;
  };

  const reconnect = () => {
    retry = setTimeout(open, reconnectDelay(attempt));
    attempt += 1;
  };

  /**
   * The server closed the socket as its session ended: one call, answered 401, takes the page to the sign-in
   * page saying why, as any call's 401 does (lib/api.ts), and the socket stays closed. A call that goes through
   * (another tab signed in again meanwhile) or cannot reach the server leaves it to reconnect as after any drop.
   */
  const sessionEnded = async () => {
    try {
      await callApi(getCredit, {});
    } catch (e) {
      if (e instanceof ApiCallError && e.statusCode === 401) return;
    }
    if (!stopped) reconnect();
  };

  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}${path()}`);
    // A binary frame (the yeekee feed's shots, docs/decisions/064) arrives as an ArrayBuffer.
    ws.binaryType = "arraybuffer";
    socket = ws;
    ws.onmessage = (e) => handlers.onMessage(e.data, healthy);
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      handlers.onDrop();
      if (e.code === SESSION_ENDED_CODE) return void sessionEnded();
      reconnect();
    };
    ws.onerror = () => ws.close();
  };
  // The feeds' messages are read with the contract's schemas, which need zod: a page's first load fetches it only
  // later (docs/decisions/065), and a greeting read before it came was dropped. The socket opens once zod is here,
  // asked for after the page's first frame (it is not needed for it: docs/decisions/066); zod not coming counts as a
  // drop (tried again after the next delay), not a socket whose every message is lost.
  const open = () => {
    if (stopped) return;
    if (zodReady()) return connect();
    afterNextFrame()
      .then(loadZod)
      .then(
        () => !stopped && connect(),
        () => !stopped && reconnect(),
      );
  };
  open();

  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
    socket = null;
  };
}

/** A feed's message read with its contract schema; anything else (not JSON, another shape) is null. */
export function parseMessage<T>(schema: z.ZodType<T>, data: unknown): T | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
