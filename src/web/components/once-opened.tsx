import { type ReactNode, useState } from "react";

/**
 * Draws `children` (a dialog) from the first time `opened` is true, and keeps it drawn after, so its
 * closing transition still plays. A closed Mantine Modal is not nothing: its portal sets its own state in
 * a layout effect as it is first put on the page, which makes React draw it again synchronously and run
 * the whole page's pending effects in the same task. The bet form's four dialogs, drawn closed with the
 * form, did that on every visit (issue 18). The first opening shows the dialog at once, without the fade.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [once, setOnce] = useState(opened);
  // Set while rendering, as React allows for a component's own state: drawn in the same render, not one after.
  if (opened && !once) setOnce(true);
  return once || opened ? children : null;
}
