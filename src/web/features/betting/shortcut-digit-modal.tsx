import { Button, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { type Shortcut, shortcutNumbers } from "../../../domain/shortcuts";

const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/** What a digit shortcut gives, said in the picker. */
const DIGIT_HINT: Partial<Record<Shortcut["id"], string>> = {
  nineteenDoors: "ทุกเลขสองตัวที่มีเลขนี้ 19 เลข",
  frontRun: "เลขนี้เป็นหลักสิบ 10 เลข",
  backRun: "เลขนี้เป็นหลักหน่วย 10 เลข",
};

/** Asks which digit a digit shortcut (19 ประตู, รูดหน้า, รูดหลัง) is for when none was typed on the pad. */
export function ShortcutDigitModal({
  picking,
  onNumbers,
  onClose,
}: {
  picking: Shortcut | null;
  onNumbers: (label: string, numbers: string[]) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={picking !== null}
      onClose={onClose}
      title={picking ? `${picking.label} · เลือกเลข` : "เลือกเลข"}
      centered
      closeButtonProps={{ "aria-label": "ปิด", size: "xl" }}
    >
      {picking && (
        <Stack gap="sm" data-testid="shortcut-digit-picker" data-shortcut={picking.id}>
          <Text size="sm" c="dimmed">
            {DIGIT_HINT[picking.id]}
          </Text>
          <SimpleGrid cols={5} spacing={8} verticalSpacing={8}>
            {DIGITS.map((d) => (
              <Button
                key={d}
                variant="default"
                h={52}
                fz={24}
                fw={600}
                onClick={() => {
                  onNumbers(`${picking.label} เลข ${d}`, shortcutNumbers(picking.id, d));
                  onClose();
                }}
                data-testid={`shortcut-digit-${d}`}
                aria-label={`${picking.label} เลข ${d}`}
              >
                {d}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
