import { type ReactNode, useLayoutEffect, useState } from "react";
import { yieldToMain } from "../lib/yield-to-main";

/*
 * The browser's React is Preact's compatibility layer (docs/decisions/059), which draws a render in one piece:
 * a signed-in page's first render (shell, page, two dozen cards) was one task of 100-160 ms on the bench machine,
 * 400-650 ms under Lighthouse's 4x slowdown, where React had drawn it in slices of a few milliseconds
 * (docs/decisions/063). `InTurn` cuts such a render by hand: what it wraps is drawn in a task of its own, after
 * the one that drew the part around it.
 *
 * The parts wait in one queue and are drawn one per task, in the page's order: the parts a part holds are drawn
 * right after it, before the parts that come after it on the page, so a part never appears above one already
 * drawn and nothing on screen is pushed down by a part that comes later (no layout shift).
 */

const queue: Array<() => void> = [];
/** Where a part put in the queue now goes: -1 at the end; else the place after the parts of the part being drawn. */
let insertAt = -1;
let draining = false;

async function drain() {
  draining = true;
  try {
    while (queue.length > 0) {
      await yieldToMain();
      const show = queue.shift();
      if (!show) continue;
      // The parts this one holds are put in the queue as it is drawn (the render the state change asks for runs in
      // a microtask queued by it): ahead of the rest, and the queue goes back to its end once that render is done.
      insertAt = 0;
      show();
      queueMicrotask(() => {
        insertAt = -1;
      });
    }
  } finally {
    insertAt = -1;
    draining = false;
  }
}

/** Puts `show` in the queue; the returned function takes it out again (the part left the page before its turn). */
function inTurn(show: () => void): () => void {
  if (insertAt >= 0) queue.splice(insertAt++, 0, show);
  else queue.push(show);
  if (!draining) void drain();
  return () => {
    const i = queue.indexOf(show);
    if (i >= 0) {
      queue.splice(i, 1);
      if (insertAt > i) insertAt -= 1;
    }
  };
}

/**
 * Draws `children` in a task after the one that drew this component (`placeholder`, nothing unless given, until
 * then); once drawn they stay drawn. For the first render of a page's parts below the first screen's top, and for
 * lists: each `InTurn` is a task of its own, so a part should be a few milliseconds of work (a card, a section).
 */
export function InTurn({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => (shown ? undefined : inTurn(() => setShown(true))), [shown]);
  return shown ? children : placeholder;
}
