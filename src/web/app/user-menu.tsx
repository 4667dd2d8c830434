import { Menu } from "@mantine/core";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { UnreadNoticesBadge } from "../features/notices/unread-notices-badge";
import { lineAddress } from "../components/contact-float";
import { PATHS } from "../lib/paths";
import { useSiteContent } from "../lib/site-content";

/** The player's own pages that the bottom navigation has no room for, in the user menu's order. */
export const USER_MENU_ITEMS: readonly { to: string; label: string; testId?: string }[] = [
  { to: PATHS.responsible, label: "เล่นอย่างรับผิดชอบ", testId: "menu-responsible" },
  { to: PATHS.statement, label: "รายการเดินบัญชี", testId: "menu-statement" },
  { to: PATHS.notices, label: "แจ้งเตือน", testId: "menu-notices" },
  { to: `${PATHS.mainCredit}?tab=history`, label: "ประวัติการเงิน", testId: "menu-history" },
  { to: PATHS.payRates, label: "อัตราจ่าย", testId: "menu-pay-rates" },
  { to: PATHS.closedNumbers, label: "เลขอั้น", testId: "menu-closed-numbers" },
  { to: PATHS.resultStats, label: "สถิติผลรางวัล", testId: "menu-result-stats" },
  { to: PATHS.changePassword, label: "เปลี่ยนรหัสผ่าน" },
];

/**
 * The user menu's dropdown around the shell's own button. A chunk of its own (Mantine's Menu brings its
 * floating positioning and focus trap, about 16 KB gzipped), fetched at the first tap on the username, which
 * then opens it (docs/decisions/025).
 */
export function UserMenuDropdown({ target }: { target: ReactElement }) {
  return (
    // No focus placeholder inside the menu: role="menu" may hold menu items only (axe: aria-required-children).
    <Menu position="bottom-end" shadow="md" width={220} withinPortal zIndex={300} defaultOpened withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {USER_MENU_ITEMS.map((item) => (
          <Menu.Item
            key={item.to}
            component={Link}
            to={item.to}
            data-testid={item.testId}
            rightSection={item.to === PATHS.notices ? <UnreadNoticesBadge /> : undefined}
          >
            {item.label}
          </Menu.Item>
        ))}
        <ContactItems />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The site's contact channels, as the floating buttons have them, at the end of the menu. */
function ContactItems() {
  const content = useSiteContent().data;
  if (!content) return null;
  const line = lineAddress(content);
  return (
    <>
      {line && (
        <Menu.Item component="a" href={line} target="_blank" rel="noopener noreferrer" data-testid="menu-contact-line">
          ติดต่อเจ้าหน้าที่ทาง LINE
        </Menu.Item>
      )}
      {content.phone && (
        <Menu.Item component="a" href={`tel:${content.phone}`} data-testid="menu-contact-phone">
          โทรหาเจ้าหน้าที่ {content.phone}
        </Menu.Item>
      )}
    </>
  );
}
