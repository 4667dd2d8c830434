import type { z as Z } from "zod";
import type { ZMembers } from "./zod-members";

/**
 * zod, fetched when the browser first needs it rather than with every page's first load (docs/decisions/059).
 * The build resolves `import { z } from "zod"` in src/ to this module (vite.config.ts, `ZOD_ON_DEMAND`), so the
 * contract and the browser keep writing their schemas with zod's own `z`, one shape for server and browser. A
 * schema is only made on its first use (`route()`, `schema()`: docs/decisions/032), and a first visit uses none
 * until a form is sent or a stored value read: the client awaits `loadZod()` before checking a body, a cache
 * read before zod has come is a miss, and a page that parses as it draws imports `zod-now.ts`, which brings
 * zod with the page's own chunk. Outside a browser (the unit tests, the server) zod is imported as usual.
 */
let zod: ZMembers | undefined;
let loading: Promise<void> | undefined;

/** Called by zod-now.ts, which a page that parses at once imports (zod then comes with its chunk). */
export function provideZod(members: ZMembers): void {
  zod = members;
}

/** Whether the contract's schemas can be used now (always, outside a browser). */
export function zodReady(): boolean {
  return zod !== undefined || typeof window === "undefined";
}

/** zod, fetched once; resolves at once when it is already there. */
export function loadZod(): Promise<void> {
  if (zodReady()) return Promise.resolve();
  return (loading ??= import("./zod-members").then(
    (m) => provideZod(m.Z_MEMBERS),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/**
 * What counts as the player's first touch of a page: from it on a call's body may hold what the player typed
 * (lib/api.ts checks it before sending) and zod is fetched (`loadZodWhenIdle`). A click or submit from a screen reader
 * or voice control comes without a pointerdown or keydown.
 */
export const FIRST_TOUCH_EVENTS = ["pointerdown", "keydown", "input", "paste", "change", "click", "submit"] as const;

/** How long after the page's load event zod waits for the player's first touch before it is fetched anyway. */
const AFTER_LOAD_MS = 4000;

/**
 * Fetches zod at the player's first touch of the page (a form may be sent next), or when the browser is idle a few
 * seconds after the page's load event, whichever comes first (main.tsx, after the first render). Fetched at the first
 * idle moment, it went out beside the page's own reads, a file more on the way to its first paint over HTTP/1.1
 * (docs/decisions/065); a call sent before it has come waits for it (lib/api.ts).
 */
export function loadZodWhenIdle(): void {
  const touches = FIRST_TOUCH_EVENTS;
  const load = () => {
    for (const type of touches) window.removeEventListener(type, load, true);
    void loadZod().catch((error: unknown) => console.warn("zod not loaded", error));
  };
  for (const type of touches) window.addEventListener(type, load, { capture: true, passive: true });
  const whenIdle = () =>
    setTimeout(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 3000 });
      else load();
    }, AFTER_LOAD_MS);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/**
 * zod's `z` for the modules the build points here. Only the schema makers (run on a schema's first use) read it,
 * after `loadZod()`: a read before zod has come is a defect, and says so.
 */
export const z = new Proxy({} as typeof Z, {
  get(_, key) {
    if (!zod) throw new Error(`zod read before it was loaded (z.${String(key)}; docs/decisions/059)`);
    if (!(key in zod)) throw new Error(`z.${String(key)} is not in lib/zod-members.ts (docs/decisions/059)`);
    return zod[key as keyof ZMembers];
  },
});
