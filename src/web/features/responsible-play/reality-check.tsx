import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { ApiCallError } from "../../lib/api-error";
import { useServerOffset } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { rgSettingsKey, useRgSettings } from "./api/settings";

// The dialog (and Mantine's Modal with it) is fetched only when a check falls due: the shell on every
// first visit stays light (docs/decisions/025).
const RealityCheckDialog = lazy(async () => ({ default: (await import("./reality-check-dialog")).RealityCheckDialog }));

/** How the server begins its 409 when a bet or game stake waits for the reality check's answer. */
const WAITING_FOR_ANSWER = "กรุณาตอบการเตือนเวลาเล่น";
/** After the due time passes without the server calling it due (clocks a little apart), ask again this often. */
const RECHECK_MS = 5_000;

/**
 * Watches the reality check from the shell, over every page: a timer to the due time, the settings read
 * again every minute and on focus, and any bet or game call refused because the check is waiting. When due,
 * a dialog that cannot be dismissed asks to continue or sign out. Admins have none.
 */
export function RealityCheck() {
  const { isAdmin, uuid } = useSession();
  const queryClient = useQueryClient();
  const settings = useRgSettings("watch");
  const offset = useServerOffset();
  const { refetch } = settings;
  const dueAt = settings.data?.reality.due_at ?? null;
  const due = settings.data?.reality.due === true;

  useEffect(() => {
    if (!dueAt || due) return;
    let again: ReturnType<typeof setInterval> | undefined;
    const wait = Math.max(0, Date.parse(dueAt) - (Date.now() + offset));
    const timer = setTimeout(() => {
      void refetch();
      again = setInterval(() => void refetch(), RECHECK_MS);
    }, wait + 250);
    return () => {
      clearTimeout(timer);
      clearInterval(again);
    };
  }, [dueAt, due, offset, refetch]);

  // A bet or game stake refused while the check waits: read the settings now, which opens the dialog.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        const e = event.action.error;
        if (e instanceof ApiCallError && e.statusCode === 409 && e.message.startsWith(WAITING_FOR_ANSWER)) {
          void queryClient.invalidateQueries({ queryKey: rgSettingsKey(uuid) });
        }
      }),
    [queryClient, uuid],
  );

  if (isAdmin || !settings.data || !due) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog reality={settings.data.reality} />
    </Suspense>
  );
}
