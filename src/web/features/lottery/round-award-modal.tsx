import { Alert, Loader, Modal, Stack, Text } from "@mantine/core";
import { EmptyState } from "../../components/empty-state";
import { AwardNumbers } from "./award-numbers";
import { useAward } from "./api/award";

/** One round's result, read through the per-activity award cache (spec §4). */
export function RoundAwardModal({
  round,
  onClose,
}: {
  round: { activityid: number; name: string; date_th: string } | null;
  onClose: () => void;
}) {
  const award = useAward(round?.activityid ?? null);
  return (
    <Modal
      opened={round !== null}
      onClose={onClose}
      centered
      title={round ? round.name : "ผลรางวัล"}
      closeButtonProps={{ "aria-label": "ปิด" }}
    >
      {round && (
        <Stack gap="sm" data-testid="round-award" data-activity-id={round.activityid}>
          <Text size="sm" c="dimmed">
            ผลรางวัลงวดวันที่ {round.date_th}
          </Text>
          {award.isPending && <Loader size="sm" mx="auto" />}
          {award.error && <Alert color="red">{award.error.message}</Alert>}
          {award.data && award.data.length === 0 && <EmptyState title="ยังไม่ออกผล" />}
          {award.data && award.data.length > 0 && <AwardNumbers lines={award.data} />}
        </Stack>
      )}
    </Modal>
  );
}
