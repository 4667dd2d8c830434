import { Alert, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { memo, type ReactNode, useCallback, useState } from "react";
import type { NumberRecord } from "../../../contract/yeekee";
import { ApiCallError } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { InTurn } from "../../components/in-turn";
import { NUMBER_PAD_HEIGHT, NumberPad } from "../../components/number-pad";
import { postNumberRecord } from "./api/post-number-record";
import { fieldText } from "../../lib/field-text";

const WIDTH = 5;

/**
 * The shoot box: five digits typed or tapped on the pad, sent with "ยิงเลข". The server decides the
 * pace and the window; its Thai message is shown as it comes (429: too soon, 409: out of the window).
 * Not a mutation, so the shell's loading overlay never covers the pad between quick shots.
 */
export const ShootBox = memo(function ShootBox({
  activityid,
  closedReason,
  pending = false,
  onShot,
}: {
  activityid: number;
  closedReason: string | null;
  /**
   * The shooting time is still on its way: `closedReason` (which says so) is shown where the pad goes, so nothing
   * below the box moves when the time comes and the pad with it, or the reason goes (docs/decisions/066).
   */
  pending?: boolean;
  onShot: (record: NumberRecord) => void;
}) {
  const { uuid } = useSession();
  const [digits, setDigits] = useState("");
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const closed = closedReason !== null;
  const ready = !closed && !sending && digits.length === WIDTH && uuid !== null;

  const change = useCallback((d: string) => {
    setDigits(d.replace(/\D/g, "").slice(0, WIDTH));
    setNotice(null);
  }, []);

  const shoot = useCallback(async () => {
    if (!ready || !uuid) return;
    setSending(true);
    try {
      // Without a message from the server, the specification's "Error posting number record" (callApi).
      const r = await postNumberRecord({ uuid, activityid, number: digits });
      onShot(r.record);
      setNotice({ ok: true, text: `ยิงเลข ${r.record.number} แล้ว · ลำดับที่ ${r.record.seq}` });
      setDigits("");
    } catch (e) {
      setNotice({ ok: false, text: e instanceof ApiCallError ? e.message : "ยิงเลขไม่สำเร็จ กรุณาลองใหม่" });
    } finally {
      setSending(false);
    }
  }, [ready, uuid, activityid, digits, onShot]);

  return (
    <Card withBorder radius="lg" padding="sm" component="section" aria-label="ยิงเลข" data-testid="shoot-box">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>ยิงเลข 5 หลัก</Text>
          <Text size="xs" c="dimmed">
            ผลคำนวณจากเลขที่ผู้เล่นยิงเท่านั้น
          </Text>
        </Group>
        <TextInput
          value={digits}
          onChange={(e) => change(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "").slice(0, WIDTH)))}
          onKeyDown={(e) => {
            if (e.key === "Enter") void shoot();
          }}
          placeholder="_____"
          inputMode="numeric"
          autoComplete="off"
          maxLength={WIDTH}
          aria-label="เลขที่จะยิง 5 หลัก"
          disabled={closed}
          data-testid="shoot-input"
          styles={{
            input: {
              textAlign: "center",
              fontSize: 34,
              fontWeight: 600,
              letterSpacing: "0.4em",
              height: 60,
              fontVariantNumeric: "tabular-nums",
            },
          }}
        />
        {/* The pad (a dozen buttons) is drawn in a task of its own, not in the render that brings the shooting time with
            the page's other answers: together they were one task of 60-70 ms on the bench machine (docs/decisions/066). */}
        {!closed ? (
          <InTurn placeholder={<PadSpace />}>
            <NumberPad digits={digits} width={WIDTH} onChange={change} onEnter={() => void shoot()} />
          </InTurn>
        ) : (
          pending && <PadSpace>{closedReason}</PadSpace>
        )}
        <Button
          size="lg"
          radius="md"
          color="red"
          fullWidth
          disabled={!ready}
          loading={sending}
          onClick={() => void shoot()}
          data-testid="shoot-button"
        >
          ยิงเลข
        </Button>
        {closed && !pending && (
          <Text size="sm" c="dimmed" ta="center" data-testid="shoot-closed">
            {closedReason}
          </Text>
        )}
        {notice && (
          <Alert color={notice.ok ? "teal" : "red"} variant="light" py={6} data-testid={notice.ok ? "shoot-notice" : "shoot-error"}>
            {notice.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
});

/** Where the pad goes until it is drawn, saying why it is not there yet when given a reason. */
function PadSpace({ children }: { children?: ReactNode }) {
  return (
    <Text
      component="div"
      size="sm"
      c="dimmed"
      h={NUMBER_PAD_HEIGHT}
      style={{ display: "flex", alignItems: "center", justifyContent: "center" }}
      data-testid="numpad-space"
    >
      {children}
    </Text>
  );
}
