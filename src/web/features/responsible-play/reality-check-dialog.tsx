import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useNavigate } from "react-router";
import type { RgSettings } from "../../../contract/rg";
import { PATHS } from "../../lib/paths";
import { COOKIE, removeCookie } from "../../lib/cookies";
import { useServerNow } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { useAnswerRealityCheck } from "./api/answer-reality-check";
import { showBaht, showNet, showSpan } from "./show";

/** The reality check's dialog, which cannot be dismissed: continue or sign out (reality-check.tsx opens it). */
export function RealityCheckDialog({ reality }: { reality: RgSettings["reality"] }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const now = useServerNow(15_000);
  const answer = useAnswerRealityCheck();
  const signingOut = answer.isPending && answer.variables === "signout";

  const leave = () =>
    answer.mutate("signout", {
      // Signed out whatever the answer: the player asked to stop. When the answer went through, the server
      // has already ended this session, so the browser forgets it without asking to log out.
      // mutate's callbacks are not awaited: the navigation, then the sign-out, run on their own.
      onSettled: (_data, error) => {
        if (!error) removeCookie(COOKIE.jwt);
        void (async () => {
          await navigate(PATHS.signIn, { replace: true, flushSync: true });
          await signOut();
        })();
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
          <Button
            variant="default"
            onClick={leave}
            loading={signingOut}
            disabled={answer.isPending && !signingOut}
            data-testid="reality-signout"
          >
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
