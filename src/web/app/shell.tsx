import { ActionIcon, Box, Group, Image, LoadingOverlay, Menu, Modal, Text, UnstyledButton } from "@mantine/core";
import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { formatCredit } from "../../domain/money";
import { BreakNotice } from "../features/responsible-play/break-notice";
import { RealityCheck } from "../features/responsible-play/reality-check";
import { COOKIE, getCookie, setCookie } from "../lib/cookies";
import { useSession } from "../lib/session";
import { ChevronDownIcon, HomeIcon, KeyIcon, ShieldIcon, ListIcon, LogoutIcon, RefreshIcon, TicketIcon, UsersIcon, WalletIcon } from "./icons";
import { PATHS } from "./paths";
import { SiteClosedNotice } from "./site-gate";

const HEADER_HEIGHT = 60;
const NAV_HEIGHT = 64;

/** Bottom navigation of spec §2, in its order and with its Thai labels. */
const NAV_ITEMS = [
  { to: PATHS.mainCredit, label: "ฝาก-ถอน", Icon: WalletIcon },
  { to: PATHS.yourself, label: "ระบบแนะนำ", Icon: UsersIcon },
  { to: PATHS.homeAllLotto, label: "แทงหวย", Icon: TicketIcon },
  { to: PATHS.reviewPostList, label: "โพยหวย", Icon: ListIcon },
  { to: PATHS.home, label: "หน้าหลัก", Icon: HomeIcon },
] as const;

function Header() {
  const { credit, creditLoading, refreshCredit, username, signOut, isAdmin } = useSession();
  const navigate = useNavigate();
  return (
    <Box component="header" className="shell-header" h={HEADER_HEIGHT}>
      <Link to={PATHS.home} aria-label="หน้าหลัก">
        <Image src="/images/logo.svg" w={50} h={50} alt="โลโก้" />
      </Link>
      <Group gap={6} wrap="nowrap" className="shell-credit">
        <Text fw={600} c="white" data-testid="credit" style={{ whiteSpace: "nowrap" }}>
          {formatCredit(credit)}
        </Text>
        <ActionIcon variant="subtle" color="yellow" onClick={refreshCredit} aria-label="รีเฟรชเครดิต" data-testid="refresh-credit">
          <RefreshIcon className={creditLoading ? "spin" : undefined} data-spinning={creditLoading ? "true" : "false"} />
        </ActionIcon>
      </Group>
      {/* The username gives way (truncated) before the credit or the icons on a narrow phone. */}
      <Group gap={4} wrap="nowrap" miw={0}>
        <UserMenu username={username} />
        {isAdmin && (
          <ActionIcon variant="subtle" color="gray.0" component={Link} to={PATHS.admin} aria-label="หลังบ้าน" data-testid="admin-link">
            <ShieldIcon width={20} height={20} />
          </ActionIcon>
        )}
        <ActionIcon variant="subtle" color="gray.0" component={Link} to={PATHS.changePassword} aria-label="เปลี่ยนรหัสผ่าน">
          <KeyIcon width={20} height={20} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label="ออกจากระบบ"
          data-testid="logout"
          onClick={async () => {
            await signOut();
            navigate(PATHS.signIn, { replace: true });
          }}
        >
          <LogoutIcon width={20} height={20} />
        </ActionIcon>
      </Group>
    </Box>
  );
}

/** The username opens the player's own pages that the bottom navigation has no room for. */
function UserMenu({ username }: { username: string | null }) {
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal zIndex={300}>
      <Menu.Target>
        <UnstyledButton aria-label="เมนูผู้ใช้" data-testid="user-menu" style={{ minWidth: 0 }}>
          <Group gap={2} wrap="nowrap" miw={0}>
            <Text c="white" size="sm" fw={500} data-testid="username" truncate maw={110}>
              {username}
            </Text>
            <ChevronDownIcon width={14} height={14} color="white" style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={PATHS.responsible} data-testid="menu-responsible">
          เล่นอย่างรับผิดชอบ
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.statement} data-testid="menu-statement">
          รายการเดินบัญชี
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.changePassword}>
          เปลี่ยนรหัสผ่าน
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function BottomNav() {
  return (
    <Box component="nav" className="shell-nav" h={NAV_HEIGHT} aria-label="เมนูหลัก">
      {NAV_ITEMS.map(({ to, label, Icon }) => (
        <UnstyledButton key={to} component={NavLink} to={to} end className="shell-nav-item">
          <Icon />
          <span>{label}</span>
        </UnstyledButton>
      ))}
    </Box>
  );
}

/** Spec §2/§4: opens once after sign-in (bannerStatus remembers it), closable, no buttons, 500x200 image. */
function WelcomeBanner() {
  const { loginStatus } = useSession();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (loginStatus && !getCookie(COOKIE.bannerStatus)) {
      setCookie(COOKIE.bannerStatus, "shown");
      setOpened(true);
    }
  }, [loginStatus]);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      centered
      size={532}
      padding={0}
      radius="md"
      closeButtonProps={{ "aria-label": "ปิด" }}
      styles={{
        content: { overflow: "hidden" },
        header: { position: "absolute", top: 0, right: 0, background: "transparent", minHeight: 0, padding: 6, zIndex: 2 },
        close: { color: "white", background: "rgb(0 0 0 / 35%)", borderRadius: 999 },
      }}
      data-testid="banner"
    >
      <Image src="/images/banner.svg" w="100%" maw={500} h="auto" style={{ aspectRatio: "500 / 200", display: "block" }} alt="ยินดีต้อนรับ" mx="auto" />
    </Modal>
  );
}

export function Shell() {
  const { loading } = useSession();
  const mutating = useIsMutating();
  // Page loads mark their main query `meta: { blocking: true }`; background refreshes do not.
  const blockingFetches = useIsFetching({ predicate: (q) => q.meta?.blocking === true && q.state.data === undefined });
  return (
    <>
      <Header />
      <Box component="main" className="shell-content" pos="relative" style={{ marginTop: HEADER_HEIGHT, paddingBottom: NAV_HEIGHT + 16 }}>
        <LoadingOverlay visible={loading || mutating > 0 || blockingFetches > 0} zIndex={50} overlayProps={{ blur: 1 }} data-testid="loading" />
        <SiteClosedNotice />
        <BreakNotice />
        <Outlet />
      </Box>
      <BottomNav />
      <WelcomeBanner />
      <RealityCheck />
    </>
  );
}
