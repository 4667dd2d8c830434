import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { lazyDialog, OnceOpened, usePreloadOnFirstTouch } from "../../components/once-opened";
import { orderingCount, type Shortcut, SHORTCUTS, shortcutNumbers } from "../../../domain/shortcuts";

/** The digit picker: its code comes as the player first touches the page, like the bet form's other dialogs. */
const ShortcutDigits = lazyDialog(() => import("./shortcut-digit-modal").then((m) => m.ShortcutDigitModal));
const DIALOGS = [ShortcutDigits];

/** How many numbers a shortcut gives (the reverse ones say their own count in their name). */
const countOf = (s: Shortcut) => shortcutNumbers(s.id, s.input === "digit" ? "1" : s.id === "sixReverse" ? "123" : "112").length;

const canReverse = (s: Shortcut, digits: string) =>
  digits.length === 3 && /^\d{3}$/.test(digits) && orderingCount(digits) === (s.id === "sixReverse" ? 6 : 3);

/**
 * The number shortcuts of the chosen digit count, and pasting a list. A digit shortcut (19 ประตู,
 * รูดหน้า, รูดหลัง) uses the one digit typed on the pad, or asks for it; 6 กลับ / 3 กลับ use the
 * three digits typed. `onNumbers` gets the shortcut's name for the notice and its numbers.
 */
export function BetShortcuts({
  width,
  digits,
  onNumbers,
  onPaste,
}: {
  width: 1 | 2 | 3;
  digits: string;
  onNumbers: (label: string, numbers: string[]) => void;
  onPaste: () => void;
}) {
  const [picking, setPicking] = useState<Shortcut | null>(null);
  usePreloadOnFirstTouch(DIALOGS);
  const shortcuts = SHORTCUTS.filter((s) => s.width === width);

  const tap = (s: Shortcut) => {
    if (s.input === "digit") {
      if (digits.length === 1) onNumbers(`${s.label} เลข ${digits}`, shortcutNumbers(s.id, digits));
      else setPicking(s);
    } else if (s.input === "number") {
      if (canReverse(s, digits)) onNumbers(`${s.label} ${digits}`, shortcutNumbers(s.id, digits));
    } else {
      onNumbers(s.label, shortcutNumbers(s.id));
    }
  };

  const hint =
    width === 2
      ? "19 ประตู รูดหน้า รูดหลัง: กดเลข 1 ตัวไว้ก่อน หรือเลือกเลขหลังกดปุ่ม"
      : width === 3
        ? "6 กลับ / 3 กลับ: กดเลข 3 ตัวก่อน (6 กลับ เลขไม่ซ้ำกัน, 3 กลับ มีเลขซ้ำ 2 ตัว)"
        : null;

  return (
    <Stack gap={6} className="below-fold" data-testid="bet-shortcuts" role="group" aria-label="เลขชุด">
      <Text size="sm" fw={600}>
        เลขชุด
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
        {shortcuts.map((s) => {
          const disabled = s.input === "number" && !canReverse(s, digits);
          return (
            <Button
              key={s.id}
              variant="light"
              color="grape"
              // Light buttons draw their text in shade 6 (4:1 on the tint): a darker shade reads at 4.5:1 or more.
              c={disabled ? undefined : "grape.9"}
              h={48}
              px={4}
              disabled={disabled}
              onClick={() => tap(s)}
              data-testid={`shortcut-${s.id}`}
              styles={{ label: { flexDirection: "column", lineHeight: 1.2 } }}
            >
              <span>{s.label}</span>
              {s.input !== "number" && (
                <Text span size="xs">
                  {s.input === "digit" && digits.length === 1 ? `เลข ${digits} · ` : ""}
                  {countOf(s)} เลข
                </Text>
              )}
            </Button>
          );
        })}
        <Button
          variant="light"
          color="cyan"
          h={48}
          px={4}
          onClick={onPaste}
          data-testid="open-paste"
          styles={{ label: { flexDirection: "column", lineHeight: 1.2 } }}
        >
          <span>วางเลข</span>
          <Text span size="xs">
            หลายเลข
          </Text>
        </Button>
      </SimpleGrid>

      <OnceOpened opened={picking !== null}>
        <ShortcutDigits.Dialog picking={picking} onNumbers={onNumbers} onClose={() => setPicking(null)} />
      </OnceOpened>
    </Stack>
  );
}
