/**
 * Ends the current task and resumes in a new one, letting the browser run what is waiting (a frame, a tap)
 * in between. Work that would be one long task on a phone's main thread is split with it (docs/decisions/025:
 * Lighthouse counts each task's time over 50 ms as blocking). `scheduler.yield` where the browser has it (the rest runs
 * ahead of other queued tasks), a zero timeout elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves in a task after the browser's next frame, so what is started then does not race the frame being shown:
 * for what a page's first frame does not need, started as the page mounts (docs/decisions/066). A tab that draws no
 * frames (hidden) resolves after `boundMs`.
 */
export function afterNextFrame(boundMs = 500): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, boundMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
