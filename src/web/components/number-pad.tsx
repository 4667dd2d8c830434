import { Box, Button, Group, SimpleGrid } from "@mantine/core";
import { useEffect } from "react";

/** The number being typed, one box per digit of the bet type. */
export function NumberDisplay({ digits, width, tone }: { digits: string; width: number; tone?: "closed" | "changed" }) {
  const border =
    tone === "closed"
      ? "2px solid var(--mantine-color-red-6)"
      : tone === "changed"
        ? "2px solid var(--mantine-color-orange-5)"
        : "2px solid #e4ddd2";
  return (
    <Group justify="center" gap={8} data-testid="number-display" data-number={digits}>
      {Array.from({ length: width }, (_, i) => (
        <Box
          key={i}
          w={58}
          h={66}
          className="countdown"
          style={{
            border,
            borderRadius: 12,
            background: "#fff",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            fontSize: 36,
            fontWeight: 600,
            color: digits[i] ? "#2b2118" : "#c9bfb3",
          }}
        >
          {digits[i] ?? "–"}
        </Box>
      ))}
    </Group>
  );
}

const KEY_HEIGHT = 52;
const KEY_GAP = 8;
/** The pad's height: four rows of keys. */
export const NUMBER_PAD_HEIGHT = 4 * KEY_HEIGHT + 3 * KEY_GAP;

/**
 * A big 0-9 pad with delete and clear. Digits beyond `width` are ignored. On a keyboard, digits,
 * Backspace and Escape work too, and Enter calls `onEnter`.
 */
export function NumberPad({
  digits,
  width,
  onChange,
  onEnter,
}: {
  digits: string;
  width: number;
  onChange: (digits: string) => void;
  onEnter?: () => void;
}) {
  const press = (d: string) => {
    if (digits.length < width) onChange(digits + d);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
      if (/^\d$/.test(e.key)) {
        if (digits.length < width) onChange(digits + e.key);
      } else if (e.key === "Backspace") onChange(digits.slice(0, -1));
      else if (e.key === "Escape") onChange("");
      else if (e.key === "Enter" && onEnter) onEnter();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [digits, width, onChange, onEnter]);

  const key = (d: string) => (
    <Button
      key={d}
      variant="default"
      h={KEY_HEIGHT}
      fz={26}
      fw={600}
      radius="md"
      onClick={() => press(d)}
      data-testid={`numpad-${d}`}
      aria-label={`เลข ${d}`}
    >
      {d}
    </Button>
  );
  return (
    <SimpleGrid cols={3} spacing={KEY_GAP} verticalSpacing={KEY_GAP} data-testid="numpad">
      {["1", "2", "3", "4", "5", "6", "7", "8", "9"].map(key)}
      <Button variant="light" color="gray" h={KEY_HEIGHT} fz="md" radius="md" onClick={() => onChange("")} data-testid="numpad-clear">
        ล้าง
      </Button>
      {key("0")}
      <Button
        variant="light"
        color="gray"
        h={KEY_HEIGHT}
        fz="md"
        radius="md"
        onClick={() => onChange(digits.slice(0, -1))}
        data-testid="numpad-delete"
        title="ลบตัวเลข"
      >
        ⌫ ลบ
      </Button>
    </SimpleGrid>
  );
}
