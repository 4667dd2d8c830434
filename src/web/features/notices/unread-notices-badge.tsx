import { Badge } from "@mantine/core";
import { useNotices } from "./use-notices";

/** The number of unread notices, for the account menu; nothing when there are none. */
export function UnreadNoticesBadge() {
  const unread = useNotices().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge color="red" size="sm" circle={unread < 10} data-testid="unread-notices" aria-label={`แจ้งเตือนที่ยังไม่อ่าน ${unread} รายการ`}>
      {unread}
    </Badge>
  );
}
