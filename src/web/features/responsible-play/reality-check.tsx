import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { RgSettings } from "../../../contract/rg";
import { PATHS } from "../../app/paths";
import { ApiCallError } from "../../lib/api";
import { COOKIE, removeCookie } from "../../lib/cookies";
import { useServerNow, useServerOffset } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { useAnswerRealityCheck } from "./api/answer-reality-check";
import { rgSettingsKey, useRgSettings } from "./api/settings";
import { showBaht, showNet, showSpan } from "./show";

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
  return <RealityCheckDialog reality={settings.data.reality} />;
}

function RealityCheckDialog({ reality }: { reality: RgSettings["reality"] }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const now = useServerNow(15_000);
  const answer = useAnswerRealityCheck();
  const signingOut = answer.isPending && answer.variables === "signout";

  const leave = () =>
    answer.mutate("signout", {
      // Signed out whatever the answer: the player asked to stop. When the answer went through, the server
      // has already ended this session, so the browser forgets it without asking to log out.
      onSettled: async (_data, error) => {
        if (!error) removeCookie(COOKIE.jwt);
        await navigate(PATHS.signIn, { replace: true, flushSync: true });
        await signOut();
      },
    });

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={1000}
      title="เตือนเวลาเล่น"
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="sm" data-testid="reality-check">
        <Text>
          คุณเข้าสู่ระบบมาแล้ว{" "}
          <Text span fw={700} data-testid="reality-elapsed">
            {reality.started_at ? showSpan(now - Date.parse(reality.started_at)) : "-"}
          </Text>
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <Paper withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              ยอดแทงในช่วงนี้
            </Text>
            <Text fw={700} data-testid="reality-stakes">
              {showBaht(reality.stakes)}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              ได้/เสียสุทธิ
            </Text>
            <Text fw={700} c={reality.net < 0 ? "red.7" : reality.net > 0 ? "teal.8" : undefined} data-testid="reality-net">
              {showNet(reality.net)}
            </Text>
          </Paper>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          การแทงหวยและเกมจะรอจนกว่าคุณจะตอบ พักสักครู่ได้เสมอ
        </Text>
        {answer.error && <Alert color="red">{answer.error.message}</Alert>}
        <Group grow>
          <Button variant="default" onClick={leave} loading={signingOut} disabled={answer.isPending && !signingOut} data-testid="reality-signout">
            ออกจากระบบ
          </Button>
          <Button
            onClick={() => answer.mutate("continue")}
            loading={answer.isPending && !signingOut}
            disabled={signingOut}
            data-testid="reality-continue"
          >
            เล่นต่อ
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
