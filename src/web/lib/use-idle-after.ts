import { useEffect, useState } from "react";

/**
 * False until `ready` has been true and the browser has then been idle once: for a part of a page that is not
 * needed for its first paint and whose code or data would otherwise go out beside the page's own, on the way to
 * that paint (docs/decisions/065). Once true, stays true.
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }, [ready, idle]);
  return idle;
}
