import { useEffect, useState } from "react";
import { type FeedSnapshot, parseLiveMessage, ShotFeed } from "./live-feed";
import { openLiveSocket } from "../../lib/live-socket";

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
  const [state, setState] = useState<{ id: number; snapshot: FeedSnapshot; connected: boolean }>({
    id: activityid,
    snapshot: EMPTY,
    connected: false,
  });

  useEffect(() => {
    const feed = new ShotFeed();
    let pending: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connected = false;

    const publish = () => {
      pending = undefined;
      if (!stopped) setState({ id: activityid, snapshot: feed.snapshot(), connected });
    };
    const schedule = () => {
      if (pending === undefined) pending = setTimeout(publish, RENDER_EVERY_MS);
    };

    const stop = openLiveSocket(() => `/api/ws/yeekee?activityid=${activityid}&after=${feed.lastSeq}`, {
      onMessage(data, healthy) {
        const message = parseLiveMessage(data, feed.held);
        if (!message) return;
        if (message.type === "hello") {
          healthy();
          connected = true;
        }
        if (feed.apply(message)) schedule();
      },
      onDrop() {
        connected = false;
        schedule();
      },
    });

    return () => {
      stopped = true;
      clearTimeout(pending);
      stop();
    };
  }, [activityid]);

  // Until the new round's socket answers, nothing of the previous round is shown.
  const snapshot = state.id === activityid ? state.snapshot : EMPTY;
  return { ...snapshot, connected: state.id === activityid && state.connected };
}
