// The drafts are parsed as the dialog draws: zod comes with its chunk (docs/decisions/059).
import "../../lib/zod-now";
import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { BET_TYPE_LABELS, type BetType } from "../../../domain/bet-types";
import { EmptyState } from "../../components/empty-state";
import { parseDraft, type Rates } from "../../lib/bet-lines";
import { useDrafts } from "./api/drafts";
import { useRemoveDraft } from "./api/remove-draft";

type DraftLines = Array<{ betType: BetType; number: string; stake: number | "" }>;

/** The saved number sets: load one onto the form or remove it. */
export function DraftsModal({
  opened,
  onClose,
  rates,
  defaultStake,
  onLoad,
}: {
  opened: boolean;
  onClose: () => void;
  rates: Rates;
  defaultStake: number | "";
  onLoad: (lines: DraftLines) => void;
}) {
  const drafts = useDrafts(opened);
  const remove = useRemoveDraft();

  return (
    <Modal opened={opened} onClose={onClose} title="ชุดเลขที่บันทึกไว้" centered closeButtonProps={{ "aria-label": "ปิด", size: "xl" }}>
      <Stack gap="sm" data-testid="drafts">
        {drafts.isPending && <Loader size="sm" mx="auto" />}
        {drafts.error && <Alert color="red">{drafts.error.message}</Alert>}
        {remove.error && <Alert color="red">{remove.error.message}</Alert>}
        {drafts.data?.length === 0 && <EmptyState title="ยังไม่มีชุดเลขที่บันทึกไว้" />}
        {drafts.data?.map((d) => {
          const lines = parseDraft(d.numberlist_str, rates, defaultStake);
          return (
            <Card key={d.id} withBorder radius="md" padding="sm" data-testid="draft-row" data-draft-id={d.id}>
              <Stack gap={6}>
                <Text size="xs" c="dimmed">
                  บันทึกเมื่อ {d.date_time}
                </Text>
                <Group gap={4}>
                  {lines.slice(0, 12).map((l) => (
                    <Badge key={`${l.betType}_${l.number}`} variant="light" color="gray" radius="sm">
                      {BET_TYPE_LABELS[l.betType]} {l.number}
                    </Badge>
                  ))}
                  {lines.length > 12 && <Text size="xs">และอีก {lines.length - 12} รายการ</Text>}
                  {lines.length === 0 && (
                    <Text size="xs" c="dimmed">
                      ไม่มีเลขที่งวดนี้รับแทง
                    </Text>
                  )}
                </Group>
                <Group grow gap="xs">
                  <Button
                    h={44}
                    disabled={lines.length === 0}
                    onClick={() => {
                      onLoad(lines);
                      onClose();
                    }}
                    data-testid="load-draft"
                  >
                    ใช้ชุดนี้ ({lines.length})
                  </Button>
                  <Button
                    h={44}
                    variant="light"
                    color="gray"
                    loading={remove.isPending && remove.variables === d.id}
                    onClick={() => remove.mutate(d.id)}
                    data-testid="remove-draft"
                  >
                    ลบ
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Modal>
  );
}
