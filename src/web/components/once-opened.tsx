import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";

/**
 * Draws `children` (a dialog) from the first time `opened` is true, and keeps it drawn after, so its
 * closing transition still plays. A closed Mantine Modal is not nothing: its portal sets its own state in
 * a layout effect as it is first put on the page, which makes React draw it again synchronously and run
 * the whole page's pending effects in the same task. The bet form's four dialogs, drawn closed with the
 * form, did that on every visit (issue 18). The first opening shows the dialog at once, without the fade,
 * or, for a dialog whose code is still coming (`lazyDialog`), as soon as it has come.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [once, setOnce] = useState(opened);
  // Set while rendering, as React allows for a component's own state: drawn in the same render, not one after.
  if (opened && !once) setOnce(true);
  return once || opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * A dialog whose code is not part of its page's first load: `Dialog` is drawn inside `OnceOpened`, and
 * `preload()` starts fetching its chunk ahead of the first opening (the bet form calls it as the player first
 * touches the form). A dialog and Mantine's Modal, focus trap and scroll area were a tenth of the bet page's
 * script, all of it on the way to its first paint, for dialogs opened only after a number has been typed
 * (issue 18).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): { Dialog: ComponentType<P>; preload: () => void } {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  return { Dialog: lazy(start), preload: () => void start() };
}

const FIRST_TOUCH = ["pointerdown", "keydown", "focusin"] as const;

/**
 * Preloads `dialogs` as the player first taps, types or moves focus anywhere on the page: before any of
 * them can be opened, and after the page's own first load.
 */
export function usePreloadOnFirstTouch(dialogs: readonly { preload: () => void }[]) {
  useEffect(() => {
    const preload = () => {
      for (const d of dialogs) d.preload();
      stop();
    };
    const stop = () => {
      for (const e of FIRST_TOUCH) document.removeEventListener(e, preload, true);
    };
    for (const e of FIRST_TOUCH) document.addEventListener(e, preload, true);
    return stop;
  }, [dialogs]);
}
