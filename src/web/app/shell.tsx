import { ActionIcon, Box, Button, Group, Image, LoadingOverlay, Text, UnstyledButton } from "@mantine/core";
import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { formatCredit } from "../../domain/money";
import { InTurn } from "../components/in-turn";
import { WinBadge, WinToast } from "../features/account/win-notice";
import { UnreadNoticesBadge } from "../features/notices/unread-notices-badge";
import { BreakNotice } from "../features/responsible-play/break-notice";
import { RealityCheck } from "../features/responsible-play/reality-check";
import { COOKIE, getCookie, setCookie } from "../lib/cookies";
import { useSession } from "../lib/session";
import { useSiteContent } from "../lib/site-content";
import { ChevronDownIcon, HomeIcon, ShieldIcon, ListIcon, LogoutIcon, RefreshIcon, TicketIcon, UsersIcon, WalletIcon } from "./icons";
import { PATHS } from "../lib/paths";
import { SiteClosedNotice } from "./site-gate";

export { prefetchSignedInData, SIGNED_IN_PAGES } from "./signed-in";

// The user menu's dropdown is fetched at the first tap on the username (app/user-menu.tsx, docs/decisions/025).
const UserMenuDropdown = lazy(async () => ({ default: (await import("./user-menu")).UserMenuDropdown }));

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

/** The player's credit in the header, with its refresh button. */
function HeaderCredit() {
  const { credit, creditLoading, refreshCredit } = useSession();
  return (
    <Group gap={6} wrap="nowrap" className="shell-credit">
      <Text fw={600} c="white" data-testid="credit" style={{ whiteSpace: "nowrap" }}>
        {formatCredit(credit)}
      </Text>
      <ActionIcon variant="subtle" color="yellow.4" onClick={refreshCredit} aria-label="รีเฟรชเครดิต" data-testid="refresh-credit">
        <RefreshIcon className={creditLoading ? "spin" : undefined} data-spinning={creditLoading ? "true" : "false"} />
      </ActionIcon>
    </Group>
  );
}

/**
 * A player's header holds their credit, their menu and their unread notices; an operator's holds none of them
 * (an operator has no credit account, slips or notices of their own: docs/decisions/049), only who is signed in,
 * the way to the back office and the logout.
 */
function Header({ operator }: { operator: boolean }) {
  const { username, signOut } = useSession();
  const navigate = useNavigate();
  const [confirmLogout, setConfirmLogout] = useState(false);
  return (
    <Box component="header" className="shell-header" h={HEADER_HEIGHT}>
      <Link to={PATHS.home} aria-label="หน้าหลัก">
        <Image src="/images/logo.webp" w={50} h={50} alt="โลโก้" />
      </Link>
      {!operator && <HeaderCredit />}
      {/* The username gives way (truncated) before the credit or the icons on a narrow phone. */}
      <Group gap={6} wrap="nowrap" miw={0}>
        {operator ? (
          <Text c="white" size="sm" fw={500} data-testid="username" truncate maw={160}>
            {username}
          </Text>
        ) : (
          <>
            <UserMenu username={username} />
            <UnreadNoticesBadge />
          </>
        )}
        {operator && (
          <ActionIcon variant="subtle" color="gray.0" component={Link} to={PATHS.admin} aria-label="หลังบ้าน" data-testid="admin-link">
            <ShieldIcon width={20} height={20} />
          </ActionIcon>
        )}
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label="ออกจากระบบ"
          data-testid="logout"
          aria-expanded={confirmLogout}
          onClick={() => setConfirmLogout(true)}
        >
          <LogoutIcon width={20} height={20} />
        </ActionIcon>
      </Group>
      {confirmLogout && (
        <LogoutConfirm
          onCancel={() => setConfirmLogout(false)}
          onConfirm={async () => {
            await signOut();
            await navigate(PATHS.signIn, { replace: true });
          }}
        />
      )}
    </Box>
  );
}

/** Logout asks first (docs/decisions/030): a small panel under the header, without a dialog library on the first load. */
function LogoutConfirm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => Promise<void> }) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onCancel();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel]);
  return (
    <div className="logout-confirm" role="alertdialog" aria-labelledby="logout-confirm-text" data-testid="logout-panel">
      <Text id="logout-confirm-text" fw={500}>
        ออกจากระบบหรือไม่?
      </Text>
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        <Button variant="default" onClick={onCancel} data-testid="logout-cancel" autoFocus>
          ยกเลิก
        </Button>
        <Button
          color="red"
          loading={leaving}
          data-testid="logout-confirm"
          onClick={() => {
            setLeaving(true);
            void onConfirm();
          }}
        >
          ออกจากระบบ
        </Button>
      </Group>
    </div>
  );
}

/** The username opens the player's own pages that the bottom navigation has no room for (app/user-menu.tsx). */
function UserMenu({ username }: { username: string | null }) {
  const [wanted, setWanted] = useState(false);
  const target = (
    <UnstyledButton
      aria-label={`เมนูผู้ใช้ ${username ?? ""}`.trim()}
      aria-haspopup="menu"
      data-testid="user-menu"
      style={{ minWidth: 0, minHeight: 44 }}
      onClick={() => setWanted(true)}
    >
      <Group gap={2} wrap="nowrap" miw={0}>
        <Text c="white" size="sm" fw={500} data-testid="username" truncate maw={110}>
          {username}
        </Text>
        <ChevronDownIcon width={14} height={14} color="white" style={{ flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
  if (!wanted) return target;
  return (
    <Suspense fallback={target}>
      <UserMenuDropdown target={target} />
    </Suspense>
  );
}

function BottomNav() {
  return (
    <Box component="nav" className="shell-nav" h={NAV_HEIGHT} aria-label="เมนูหลัก">
      {NAV_ITEMS.map(({ to, label, Icon }) => (
        <UnstyledButton key={to} component={NavLink} to={to} end className="shell-nav-item" pos="relative">
          <Icon />
          <span>{label}</span>
          {to === PATHS.reviewPostList && <WinBadge />}
        </UnstyledButton>
      ))}
    </Box>
  );
}

/**
 * Spec §2/§4: opens once after sign-in (bannerStatus remembers it), closable, no buttons, 500x200 image.
 * A small dialog of its own rather than Mantine's Modal, which (with its scroll lock and focus trap) was
 * a tenth of the home page's first load (docs/decisions/025): the close button takes the focus, Escape or a tap
 * outside closes it.
 */
function WelcomeBanner() {
  const { loginStatus } = useSession();
  // The operator's own banner image when one is set (site content), the standard one otherwise.
  const bannerUrl = useSiteContent().data?.bannerUrl;
  const [opened, setOpened] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (loginStatus && !getCookie(COOKIE.bannerStatus)) {
      setCookie(COOKIE.bannerStatus, "shown");
      setOpened(true);
    }
  }, [loginStatus]);
  useEffect(() => {
    if (!opened) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpened(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [opened]);
  if (!opened) return null;
  return (
    <div className="welcome-overlay" onClick={() => setOpened(false)}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="ยินดีต้อนรับ"
        className="welcome-banner"
        data-testid="banner"
        onClick={(e) => e.stopPropagation()}
      >
        <button ref={closeRef} type="button" className="welcome-close" aria-label="ปิด" onClick={() => setOpened(false)}>
          <svg viewBox="0 0 15 15" width={16} height={16} aria-hidden="true">
            <path d="M3 3l9 9M12 3l-9 9" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" />
          </svg>
        </button>
        <img src={bannerUrl ?? "/images/banner.svg"} width={500} height={200} alt="ยินดีต้อนรับ" data-testid="banner-image" />
      </div>
    </div>
  );
}

/**
 * The frame of every signed-in page. An operator gets the header without a player's credit and menu, and
 * none of what belongs to a player's play (the bottom navigation to betting and deposits, the win toast, the
 * welcome banner, the reality check and the break notice), so their pages ask the server nothing a player's
 * shell asks (docs/decisions/049).
 */
export function Shell() {
  const { loading, isAdmin } = useSession();
  const mutating = useIsMutating();
  // Page loads mark their main query `meta: { blocking: true }`; background refreshes do not.
  const blockingFetches = useIsFetching({ predicate: (q) => q.meta?.blocking === true && q.state.data === undefined });
  return (
    <>
      <Header operator={isAdmin} />
      <Box
        component="main"
        className="shell-content"
        pos="relative"
        style={{ marginTop: HEADER_HEIGHT, paddingBottom: isAdmin ? 16 : NAV_HEIGHT + 16 }}
      >
        {/* No blur behind it: a backdrop filter over the whole page is redrawn on every frame of its fade (docs/decisions/025). */}
        <LoadingOverlay visible={loading || mutating > 0 || blockingFetches > 0} zIndex={50} data-testid="loading" />
        <SiteClosedNotice />
        {!isAdmin && <BreakNotice />}
        {/* The page is drawn in a task after the shell's, and the notices that open over it after the page
            (components/in-turn.tsx: one render is one task under Preact, docs/decisions/063). */}
        <InTurn>
          <Outlet />
        </InTurn>
      </Box>
      {!isAdmin && (
        <>
          <BottomNav />
          <InTurn>
            <WinToast />
            <WelcomeBanner />
            <RealityCheck />
          </InTurn>
        </>
      )}
    </>
  );
}
