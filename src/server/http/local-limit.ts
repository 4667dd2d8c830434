/** Keys held at most; past it, windows that have ended are forgotten, then the oldest under way. */
const MAX_KEYS = 50_000;

/**
 * Counts calls per key in fixed windows in this instance's memory, for a call too frequent for the shared
 * store and for the rate-limit plugin's work on every request (yeekee shots, docs/decisions/072). Each call
 * counts; the answer is 0 while the key is within `max` in its window, else the whole seconds until the
 * window ends (for `retry-after`). A window starts at its key's first call, as the plugin's do. Time is the
 * monotonic clock's, so a step of the wall clock neither lengthens nor ends a window.
 */
export function localLimit(max: number, windowMs: number, now: () => number = () => performance.now()): (key: string) => number {
  // In the order the windows started (a renewed key goes to the end), so the ended ones are at the front.
  const windows = new Map<string, { count: number; start: number }>();
  return (key) => {
    const at = now();
    let w = windows.get(key);
    if (!w || w.start + windowMs <= at) {
      if (w) windows.delete(key);
      for (const [k, first] of windows) {
        if (windows.size < MAX_KEYS && first.start + windowMs > at) break;
        windows.delete(k);
      }
      w = { count: 0, start: at };
      windows.set(key, w);
    }
    w.count += 1;
    return w.count > max ? Math.max(1, Math.ceil((w.start + windowMs - at) / 1000)) : 0;
  };
}
