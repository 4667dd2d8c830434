import { Badge, VisuallyHidden } from "@mantine/core";
import { useNotices } from "./api/my-notices";

/**
 * The number of unread notices, beside the user menu and on its แจ้งเตือน item; nothing when there are none.
 * Outside the menu's button, whose accessible name must hold its visible text.
 */
export function UnreadNoticesBadge() {
  const unread = useNotices().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge color="red.9" size="sm" circle={unread < 10} data-testid="unread-notices" data-count={unread} style={{ flexShrink: 0 }}>
      {unread}
      <VisuallyHidden> แจ้งเตือนที่ยังไม่อ่าน</VisuallyHidden>
    </Badge>
  );
}
