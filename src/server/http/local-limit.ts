/** Keys held at most; past it, windows that have ended are forgotten first, then all (a flood of new keys). */
const MAX_KEYS = 50_000;

/**
 * Counts calls per key in fixed windows in this instance's memory, for a call too frequent for the shared
 * store and for the rate-limit plugin's work on every request (yeekee shots, docs/decisions/072). Each call
 * counts; the answer is 0 while the key is within `max` in its window, else the whole seconds until the
 * window ends (for `retry-after`). A window starts at its key's first call, as the plugin's do.
 */
export function localLimit(max: number, windowMs: number): (key: string) => number {
  const windows = new Map<string, { count: number; start: number }>();
  return (key) => {
    const now = Date.now();
    let w = windows.get(key);
    if (!w || w.start + windowMs <= now) {
      if (windows.size >= MAX_KEYS) {
        for (const [k, old] of windows) if (old.start + windowMs <= now) windows.delete(k);
        if (windows.size >= MAX_KEYS) windows.clear();
      }
      w = { count: 0, start: now };
      windows.set(key, w);
    }
    w.count += 1;
    return w.count > max ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : 0;
  };
}
