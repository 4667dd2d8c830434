import { startTransition, useEffect, useRef, useState } from "react";
import { site } from "../../contract";
import { callApi } from "./api";

/*
 * The server's clock is the only clock (DESIGN §6): the offset to it is measured through /get-timenow
 * (halving the round trip) and applied to the local clock. Server time = Date.now() + offset.
 *
 * One offset and one ticking second for the whole page, kept here rather than in a query per component:
 * a home page of forty cards read it eighty times, and each reading through the query cache cost more
 * than the card (docs/decisions/025).
 */

/** How long a measured offset is used before it is measured again. */
const OFFSET_STALE_MS = 5 * 60_000;

let offset = 0;
let measuredAt = Number.NEGATIVE_INFINITY;
let measuring: Promise<void> | null = null;
const offsetListeners = new Set<() => void>();

/**
 * Calls the listeners in a transition: what a new second or a new offset changes (countdowns, a round
 * closing) is drawn in slices React can pause, not in one task that holds the main thread; a clock drawn a
 * frame late is harmless. A whole bet form drawn again at once for the offset's answer held a phone's main
 * thread for 0.3 s (docs/decisions/025).
 */
function notify(listeners: Iterable<() => void>) {
  startTransition(() => {
    for (const l of listeners) l();
  });
}

/**
 * Measures the offset when it is unknown or stale; a failure leaves the last one and is tried again later.
 * Settles when the measurement (this one, or the one already under way) has ended; never rejects.
 * Asked for at start-up too (app/prefetch.ts), beside the page's data, so the first render has the offset
 * and no clock on the page is drawn again for its answer.
 */
export function measureServerOffset(): Promise<void> {
  if (measuring) return measuring;
  if (Date.now() - measuredAt < OFFSET_STALE_MS) return Promise.resolve();
  const sent = Date.now();
  measuring = callApi(site.getTimeNow, {})
    .then((r) => {
      const received = Date.now();
      offset = r.timestamp + (received - sent) / 2 - received;
      measuredAt = received;
      tickNow = received + offset;
      notify(offsetListeners);
    })
    .catch(() => undefined)
    .finally(() => {
      measuring = null;
    });
  return measuring;
}

/** The server's time now, by the last measured offset (0 until measured). */
export function serverNow(): number {
  return Date.now() + offset;
}

function subscribeToOffset(listener: () => void): () => void {
  offsetListeners.add(listener);
  void measureServerOffset();
  return () => offsetListeners.delete(listener);
}

/**
 * The offset from this device's clock to the server's (0 until measured). Kept in the component's state
 * and updated by a subscription rather than read through useSyncExternalStore: a store read that way which
 * changes while React draws a render in slices makes React draw the whole render again at once, unsliced,
 * to keep it consistent (docs/decisions/025). A clock a second or an offset behind for one frame is harmless.
 */
export function useServerOffset(): number {
  const [value, setValue] = useState(() => offset);
  useEffect(() => {
    const update = () => setValue(offset);
    update();
    return subscribeToOffset(update);
  }, []);
  return value;
}

/** The server's time, ticking every `tickMs`: the component renders again on every tick. */
export function useServerNow(tickMs = 1000): number {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => startTransition(() => setNow(Date.now())), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now + offset;
}

// ---- one shared second for everything that shows time ----

const tickListeners = new Set<() => void>();
let tickTimer: ReturnType<typeof setInterval> | undefined;
/**
 * The server's time at the last tick (or offset measurement). What `useServerClock` shows is read from it,
 * not from `Date.now()`: every component drawn in the same second shows the same second, and a component
 * renders again only when the tick changes its answer.
 */
let tickNow = Date.now();

/** `tickNow`, brought up to date first when no timer keeps it (nothing subscribed yet, or any more). */
function clockNow(): number {
  if (tickTimer === undefined && Date.now() + offset - tickNow >= 1000) tickNow = Date.now() + offset;
  return tickNow;
}

/** Calls `listener` every second (one timer for all) and when the offset is measured. */
function subscribeToClock(listener: () => void): () => void {
  tickListeners.add(listener);
  const unsubscribeOffset = subscribeToOffset(listener);
  tickTimer ??= setInterval(() => {
    tickNow = Date.now() + offset;
    notify(tickListeners);
  }, 1000);
  return () => {
    unsubscribeOffset();
    tickListeners.delete(listener);
    if (tickListeners.size === 0) {
      clearInterval(tickTimer);
      tickTimer = undefined;
    }
  };
}

/**
 * What `select` makes of the server's time, checked every second on one shared timer; the component
 * renders again only when the answer changes. `select` must return a string, number, boolean or null
 * (compared with Object.is). A countdown's text changes each second and re-renders only itself; a round's
 * phase re-renders its card only when the round opens or closes — rather than a whole page every second,
 * which held a phone's main thread for a tenth of a second each time (docs/decisions/025).
 * The answer is the component's state, set by the shared timer, not a store React checks
 * (useSyncExternalStore): a tick while React draws a page in slices would make it draw the whole page
 * again at once (see `useServerOffset`).
 */
export function useServerClock<T extends string | number | boolean | null>(select: (serverNow: number) => T): T {
  // The answer the timer last saw: setting the same one again renders nothing.
  const [, setAnswer] = useState(() => select(clockNow()));
  // The newest `select`, for the timer to ask; written after each commit, never during a render.
  const latest = useRef(select);
  useEffect(() => {
    latest.current = select;
  });
  useEffect(() => {
    const update = () => setAnswer(latest.current(clockNow()));
    update();
    return subscribeToClock(update);
  }, []);
  // Drawn from the clock as it is now, so a new `select` (a countdown's target that has just come) is
  // answered for this second, not for the second of the last change.
  return select(clockNow());
}
