import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** The one media query list every caller reads (made at the first read: the module also loads in Node's tests). */
let list: MediaQueryList | null = null;
const query = () => (list ??= window.matchMedia(QUERY));

function subscribe(onChange: () => void): () => void {
  query().addEventListener("change", onChange);
  return () => query().removeEventListener("change", onChange);
}

/**
 * Mantine's `useReducedMotion` (@mantine/hooks), as the build uses it in place of Mantine's own (vite.config.ts),
 * like `useId` (mantine-use-id.ts). Mantine's starts with no answer and sets the media query's in its state in an
 * effect: every Transition (one in each Mantine Button, for its loader; the loading overlay; Collapse) drew itself
 * again just after it was first put on the page, the page's whole layout with it, in a task after the first paint
 * (docs/decisions/025). This one reads the answer as it renders, from one shared media query list, and draws again only
 * when the player's setting changes. Its value is what Mantine's was after that effect, so behaviour is unchanged.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query().matches,
    () => false,
  );
}
