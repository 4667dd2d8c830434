import { Alert, Button, Text } from "@mantine/core";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";

/**
 * Draws `children` (a dialog) from the first time `opened` is true, and keeps it drawn after, so its
 * closing transition still plays. A closed Mantine Modal is not nothing: its portal sets its own state in
 * a layout effect as it is first put on the page, which makes React draw it again synchronously and run
 * the whole page's pending effects in the same task. The bet form's four dialogs, drawn closed with the
 * form, did that on every visit (docs/decisions/025). The first opening shows the dialog at once, without the fade,
 * or, for a dialog whose code is still coming (`lazyDialog`), as soon as it has come.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [once, setOnce] = useState(opened);
  // Set while rendering, as React allows for a component's own state: drawn in the same render, not one after.
  if (opened && !once) setOnce(true);
  return once || opened ? children : null;
}

export interface LazyDialog<P> {
  /** The dialog, drawn inside `OnceOpened`: at once when its code is there, else when it has come. */
  Dialog: ComponentType<P>;
  /** Starts fetching the dialog's code ahead of its first opening; a failed fetch is asked for again next time. */
  preload: () => void;
}

/**
 * A dialog whose code is not part of its page's first load (`preload()` fetches it ahead: `usePreloadOnFirstTouch`).
 * The bet form's dialogs and Mantine's Modal, focus trap and scroll area were a tenth of the bet page's script,
 * all of it on the way to its first paint, for dialogs opened only after a number has been typed (docs/decisions/025).
 * If the code cannot be fetched (the connection dropped; a new build replaced the files while the page was open)
 * the dialog's place says so with a button to try again, and the page and what the player typed stay as they are.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchDialog = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function Dialog(props: P) {
    const [failed, setFailed] = useState(false);
    const [, setLoaded] = useState<ComponentType<P>>();
    useEffect(() => {
      if (loaded || failed) return;
      let current = true;
      fetchDialog().then(
        (component) => current && setLoaded(() => component),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [failed]);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (!failed) return null;
    return (
      <Alert color="red" data-testid="dialog-load-failed" title="เปิดหน้าต่างนี้ไม่ได้">
        <Text size="sm">เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ รายการที่กรอกไว้ยังอยู่ครบ</Text>
        <Button mt="sm" h={44} variant="light" color="red" onClick={() => setFailed(false)} data-testid="dialog-load-retry">
          ลองใหม่
        </Button>
      </Alert>
    );
  }
  return { Dialog, preload: () => void fetchDialog().catch(() => undefined) };
}

const FIRST_TOUCH = ["pointerdown", "keydown"] as const;

/**
 * Preloads `dialogs` as the player first taps or types anywhere on the page: before any of them can be
 * opened, and after the page's own first load. (Not on focus: a page can move focus itself as it loads.)
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
