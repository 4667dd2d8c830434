import { Alert, Button, Card, Stack, Text, Title } from "@mantine/core";
import type { RgSettings } from "../../../contract/rg";
import { RETURN_DELAY_MS } from "../../../domain/rg";
import { useServerNow } from "../../lib/server-clock";
import { useRequestReturn } from "./api/request-return";
import { showWhen } from "./show";

type Held = NonNullable<RgSettings["break"]>;

export const breakTitle = (kind: Held["kind"]) => (kind === "timeout" ? "บัญชีพักการเล่นชั่วคราว" : "บัญชีระงับตนเอง");

/**
 * A break in force: when it ends; after the end, the player asks to come back, and the account opens a day
 * after asking.
 */
export function BreakStatus({ held }: { held: Held }) {
  const now = useServerNow(30_000);
  const ask = useRequestReturn();
  const ended = now >= Date.parse(held.until);
  return (
    <Card withBorder radius="lg" data-testid="break-status" data-kind={held.kind}>
      <Stack gap="xs">
        <Title order={4}>{breakTitle(held.kind)}</Title>
        <Text size="sm">เริ่ม {showWhen(held.started_at)}</Text>
        <Text size="sm" fw={600} data-testid="break-until">
          ถึง {showWhen(held.until)}
        </Text>
        <Text size="sm" c="dimmed">
          ระหว่างนี้แทงหวย เล่นเกม และฝากเงินไม่ได้ ดูยอดและถอนเงินได้ตามปกติ ระยะเวลาพักย่นให้สั้นลงไม่ได้
        </Text>
        {held.return_requested_at && held.opens_at ? (
          <Alert color="teal" data-testid="break-opens-at">
            ขอกลับมาเล่นแล้ว บัญชีจะเปิดให้เล่นได้ {showWhen(held.opens_at)}
          </Alert>
        ) : ended ? (
          <>
            <Text size="sm">ครบกำหนดพักแล้ว บัญชีจะเปิดให้เล่นหลังจากขอกลับมาเล่น {RETURN_DELAY_MS / 3600_000} ชั่วโมง</Text>
            {ask.error && <Alert color="red">{ask.error.message}</Alert>}
            <Button onClick={() => ask.mutate()} loading={ask.isPending} data-testid="request-return">
              ขอกลับมาเล่น
            </Button>
          </>
        ) : null}
        {ask.data?.message && <Text size="sm">{ask.data.message}</Text>}
      </Stack>
    </Card>
  );
}
