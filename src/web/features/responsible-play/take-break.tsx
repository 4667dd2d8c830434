import { Alert, Button, Card, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { BREAK_LABELS, type BreakLength, breakEnd, EXCLUSIONS, RETURN_DELAY_MS, TIMEOUTS } from "../../../domain/rg";
import { PATHS } from "../../lib/paths";
import { COOKIE, removeCookie } from "../../lib/cookies";
import { useServerNow } from "../../lib/server-clock";
import { useSession } from "../../lib/session";
import { useTakeBreak } from "./api/take-break";
import { showWhen } from "./show";

const isExclusion = (l: BreakLength) => (EXCLUSIONS as readonly string[]).includes(l);

/**
 * Time-out (24 hours to 6 weeks) and self-exclusion (6 months to 5 years), asked twice: a choice and a
 * dialog that says what happens and when it ends. The server revokes every session, so the browser then
 * forgets its own and goes to the sign-in page.
 */
export function TakeBreak() {
  const [length, setLength] = useState<BreakLength | null>(null);
  const [asking, setAsking] = useState(false);
  return (
    <Card withBorder radius="lg" padding="sm" data-testid="take-break">
      <Stack gap="xs">
        <Title order={4} size="h5">
          พักการเล่น
        </Title>
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm">
            มีผลทันทีและ<b>ย่นระยะเวลาให้สั้นลงไม่ได้</b> ทุกอุปกรณ์จะออกจากระบบ เกมที่รอผู้ท้าจะถูกยกเลิกและคืนเงิน ระหว่างพักแทงหวย เล่นเกม และฝากเงินไม่ได้
            แต่เข้าสู่ระบบเพื่อดูยอดและถอนเงินได้ เมื่อครบกำหนดต้องขอกลับมาเล่น แล้วรออีก {RETURN_DELAY_MS / 3600_000} ชั่วโมง
          </Text>
        </Alert>
        <Radio.Group value={length} onChange={(v) => setLength(v as BreakLength)} name="break-length">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              พักชั่วคราว
            </Text>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
              {TIMEOUTS.map((l) => (
                <Radio key={l} value={l} label={BREAK_LABELS[l]} data-testid={`break-${l}`} />
              ))}
            </SimpleGrid>
            <Text size="sm" fw={600} mt={4}>
              ระงับตนเอง
            </Text>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
              {EXCLUSIONS.map((l) => (
                <Radio key={l} value={l} label={BREAK_LABELS[l]} data-testid={`break-${l}`} />
              ))}
            </SimpleGrid>
          </Stack>
        </Radio.Group>
        <Button color="orange" disabled={length === null} onClick={() => setAsking(true)} data-testid="break-open">
          {length === null ? "เลือกระยะเวลาพัก" : `${isExclusion(length) ? "ระงับตนเอง" : "พักการเล่น"} ${BREAK_LABELS[length]}`}
        </Button>
      </Stack>
      {length && <ConfirmBreak length={length} opened={asking} onClose={() => setAsking(false)} />}
    </Card>
  );
}

function ConfirmBreak({ length, opened, onClose }: { length: BreakLength; opened: boolean; onClose: () => void }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const now = useServerNow(30_000);
  const [sure, setSure] = useState(false);
  const take = useTakeBreak();
  const what = isExclusion(length) ? "ระงับตนเอง" : "พักการเล่น";
  const submit = () =>
    take.mutate(length, {
      // mutate's callbacks are not awaited: the navigation, then the sign-out, run on their own.
      onSuccess: () => {
        // Every session is already revoked on the server: forget this one without asking it to log out,
        // and say on the sign-in page what happened. The sign-in page is on screen (flushSync) before the
        // session is cleared, or the signed-in guard would redirect first and lose the notice.
        removeCookie(COOKIE.jwt);
        void (async () => {
          await navigate(`${PATHS.signIn}?break=1`, { replace: true, flushSync: true });
          await signOut();
        })();
      },
    });
  const close = () => {
    setSure(false);
    take.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={take.isPending ? () => undefined : close}
      centered
      title={`ยืนยัน${what} ${BREAK_LABELS[length]}`}
      closeButtonProps={{ "aria-label": "ปิด" }}
    >
      <Stack gap="sm" data-testid="break-dialog">
        <Text>
          {what}ถึง <b data-testid="break-dialog-until">{showWhen(breakEnd(new Date(now), length).toISOString())}</b>
        </Text>
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">ระยะเวลานี้ย่นให้สั้นลงไม่ได้ ทั้งตัวคุณเองและผู้ดูแลระบบ หลังยืนยันทุกอุปกรณ์จะออกจากระบบทันที</Text>
        </Alert>
        <Checkbox
          checked={sure}
          onChange={(e) => setSure(e.currentTarget.checked)}
          label={`ฉันเข้าใจและต้องการ${what}`}
          data-testid="break-sure"
        />
        {take.error && <Alert color="red">{take.error.message}</Alert>}
        <Group grow>
          <Button variant="default" onClick={close} disabled={take.isPending}>
            ยกเลิก
          </Button>
          <Button color="red" onClick={submit} disabled={!sure} loading={take.isPending} data-testid="break-confirm">
            ยืนยัน
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
