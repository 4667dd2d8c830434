import { useId as useReactId } from "react";

/**
 * Mantine's `useId` (@mantine/hooks), as the build uses it in place of Mantine's own (vite.config.ts).
 * Mantine's starts from React's id and then, in a layout effect, sets a random one in its state: every
 * input, menu, tooltip or modal drew itself again synchronously right after it was first put on the page,
 * and React flushed the page's pending effects with it, in the same task. On the bet form that was one
 * task of 0.14 s of an unthrottled main thread, four times that on Lighthouse's phone (docs/decisions/025). The
 * random id is only needed by a React without `useId` (before 18); React's own is unique in the root and
 * the same on every render, so the id is right from the first render and never changes.
 */
export function useId(staticId?: string): string {
  // Called on every render whatever `staticId` is: hooks are called in the same order each time.
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;
}
