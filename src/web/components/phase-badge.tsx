import { Badge } from "@mantine/core";
import type { RoundPhase } from "../lib/rounds";

const PHASE = {
  none: { label: "ยังไม่มีงวด", color: "gray" },
  waiting: { label: "รอเปิด", color: "yellow" },
  open: { label: "เปิดรับแทง", color: "blue" },
  closed: { label: "ปิดรับแล้ว", color: "gray" },
  awarded: { label: "ออกผลแล้ว", color: "green" },
  cancelled: { label: "ยกเลิก", color: "orange" },
} as const satisfies Record<RoundPhase, { label: string; color: string }>;

export function PhaseBadge({ phase, closedLabel }: { phase: RoundPhase; closedLabel?: string }) {
  const p = PHASE[phase];
  return (
    <Badge color={p.color} variant="light" data-testid="round-status" data-phase={phase} style={{ flexShrink: 0 }}>
      {phase === "closed" && closedLabel ? closedLabel : p.label}
    </Badge>
  );
}
