import { Badge } from "@mantine/core";

const STATUS = {
  Pending: { label: "รอตรวจสอบ", color: "yellow" },
  Approve: { label: "อนุมัติแล้ว", color: "green" },
  Reject: { label: "ไม่อนุมัติ", color: "red" },
} as const;

export function ApprovalBadge({ status }: { status: keyof typeof STATUS }) {
  const s = STATUS[status];
  return (
    <Badge color={s.color} variant="light" data-status={status}>
      {s.label}
    </Badge>
  );
}
