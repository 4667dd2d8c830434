import { useEffect, useState } from "react";
import { type FeedSnapshot, parseLiveMessage, ShotFeed } from "./live-feed";
import { reconnectDelay } from "../../lib/reconnect";

const EMPTY = new ShotFeed().snapshot();
/** Shots arriving together are shown together, at most one render per this many ms. */
const RENDER_EVERY_MS = 50;

export interface LiveState extends FeedSnapshot {
  connected: boolean;
}

/**
 * The round's live feed over WebSocket: the catch-up from seq 0 first, then each new shot. A dropped
 * connection is reopened with `after=lastSeq` (0.5 s, 1 s, 2 s, 4 s, then every 5 s), so the list
 * has no gaps. Renders are coalesced when shots arrive quickly.
 */
export function useYeekeeLive(activityid: number): LiveState {
  const [state, setState] = useState<{ id: number; snapshot: FeedSnapshot; connected: boolean }>({ id: activityid, snapshot: EMPTY, connected: false });

  useEffect(() => {
    const feed = new ShotFeed();
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let connected = false;

    const publish = () => {
      pending = undefined;
      if (!stopped) setState({ id: activityid, snapshot: feed.snapshot(), connected });
    };
    const schedule = () => {
      if (pending === undefined) pending = setTimeout(publish, RENDER_EVERY_MS);
    };

    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const ws = new WebSocket(`${scheme}://${location.host}/api/ws/yeekee?activityid=${activityid}&after=${feed.lastSeq}`);
      socket = ws;
      ws.onmessage = (e) => {
        const message = parseLiveMessage(e.data);
        if (!message) return;
        if (message.type === "hello") {
          attempt = 0;
          connected = true;
        }
        if (feed.apply(message)) schedule();
      };
      ws.onclose = () => {
        if (socket !== ws) return;
        socket = null;
        connected = false;
        if (stopped) return;
        schedule();
        retry = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
      ws.onerror = () => ws.close();
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(pending);
      socket?.close();
      socket = null;
    };
  }, [activityid]);

  // Until the new round's socket answers, nothing of the previous round is shown.
  const snapshot = state.id === activityid ? state.snapshot : EMPTY;
  return { ...snapshot, connected: state.id === activityid && state.connected };
}
