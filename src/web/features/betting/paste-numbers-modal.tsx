import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { type NumberListParse, parseNumberList } from "../../../domain/shortcuts";
import { numbersPreview } from "../../lib/bet-lines";

/**
 * A list of numbers pasted (or typed) at once, separated by spaces, commas or new lines. What will be
 * added, what repeats and what cannot be used are shown before adding.
 */
export function PasteNumbersModal({
  opened,
  width,
  initialText,
  typeNames,
  onClose,
  onAdd,
}: {
  opened: boolean;
  width: 1 | 2 | 3;
  /** Text pasted onto the page, if that is what opened the dialog; read when the dialog is first drawn. */
  initialText: string;
  /** The chosen bet types, said so the player knows where the numbers go. */
  typeNames: string;
  onClose: () => void;
  onAdd: (parsed: NumberListParse) => void;
}) {
  // The form draws a new dialog for each opening, so the text it opened with is its first state.
  const [text, setText] = useState(initialText);
  const parsed = parseNumberList(text, width);
  const n = parsed.numbers.length;
  return (
    <Modal opened={opened} onClose={onClose} title="วางรายการเลข" centered closeButtonProps={{ "aria-label": "ปิด", size: "xl" }}>
      <Stack gap="sm" data-testid="paste-dialog">
        <Text size="sm" c="dimmed">
          วางหรือพิมพ์เลข {width} หลัก คั่นด้วยเว้นวรรค จุลภาค หรือขึ้นบรรทัดใหม่ ลงใน {typeNames}
        </Text>
        <Textarea
          aria-label="รายการเลข"
          name="paste-numbers"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={8}
          placeholder={width === 3 ? "123 456\n789, 012" : width === 2 ? "12 34\n56, 78" : "1 2 3"}
          data-testid="paste-input"
          data-autofocus
        />
        <Stack
          gap={2}
          data-testid="paste-preview"
          data-count={n}
          data-repeated={parsed.repeated.length}
          data-invalid={parsed.invalid.length}
        >
          <Text size="sm" fw={600}>
            {n > 0 ? `พบ ${n} เลข: ${numbersPreview(parsed.numbers, 10)}` : "ยังไม่พบเลข"}
          </Text>
          {parsed.repeated.length > 0 && (
            <Text size="xs" c="orange.8">
              เลขซ้ำ (นับครั้งเดียว): {numbersPreview(parsed.repeated)}
            </Text>
          )}
          {parsed.invalid.length > 0 && (
            <Text size="xs" c="red">
              ใช้ไม่ได้ (ไม่ใช่เลข {width} หลัก): {numbersPreview(parsed.invalid)}
            </Text>
          )}
        </Stack>
        <Group grow>
          <Button variant="default" h={44} onClick={onClose}>
            ยกเลิก
          </Button>
          <Button h={44} disabled={n === 0} onClick={() => onAdd(parsed)} data-testid="paste-add">
            เพิ่ม {n} เลข
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
