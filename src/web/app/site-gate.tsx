import { Alert, Anchor, Box } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { ContactFloat } from "../components/contact-float";
import { useSession } from "../lib/session";
import { useRecheckWhenUnavailable, useSiteConfig } from "../lib/site-config";
import { PATHS } from "../lib/paths";

// Rarely shown, and it carries the withdrawal form: fetched only when the site is closed.
const MaintenancePage = lazy(async () => ({ default: (await import("./maintenance-page")).MaintenancePage }));

/**
 * Over every page: while the operator has closed the site, players and visitors get the maintenance page
 * instead; operators see the pages (the shell says the site is closed); the sign-in page stays so an
 * operator can sign in. Until the config has been read, and if it cannot be, the pages show: the server
 * refuses what a closed site refuses whatever the browser shows.
 */
export function SiteGate() {
  return (
    <>
      <GatedPage />
      <ContactFloat />
    </>
  );
}

function GatedPage() {
  const { data } = useSiteConfig();
  useRecheckWhenUnavailable();
  const { loginStatus, isAdmin } = useSession();
  const { pathname } = useLocation();
  const config = data?.siteconfig;
  if (!config || config.openSite || (loginStatus && isAdmin)) return <Outlet />;
  if (pathname === PATHS.signIn) {
    return (
      <Box pos="relative">
        <Alert
          color="orange"
          radius={0}
          title="ปิดปรับปรุงระบบชั่วคราว"
          data-testid="signin-site-closed"
          // Opaque, so the page's beige does not darken the tint under the title (axe: color-contrast).
          styles={{ root: { background: "var(--mantine-color-orange-0)" }, title: { color: "var(--mantine-color-orange-9)" } }}
          style={{ overflowWrap: "anywhere" }}
        >
          {config.closedMessage} · เข้าสู่ระบบได้เพื่อดูยอดและถอนเงิน
        </Alert>
        <Outlet />
      </Box>
    );
  }
  return (
    <Suspense fallback={null}>
      <MaintenancePage config={config} />
    </Suspense>
  );
}

/** In the shell, for an operator while the site is closed: players see the maintenance page. */
export function SiteClosedNotice() {
  const { data } = useSiteConfig();
  const { isAdmin } = useSession();
  const config = data?.siteconfig;
  if (!config || config.openSite || !isAdmin) return null;
  return (
    <Alert color="red" radius="md" mb="sm" title="เว็บไซต์ปิดปรับปรุงอยู่" data-testid="site-closed-banner" style={{ overflowWrap: "anywhere" }}>
      ผู้เล่นเห็นหน้าปิดปรับปรุง: “{config.closedMessage}”{" "}
      <Anchor component={Link} to={`${PATHS.admin}?tab=site`} size="sm">
        เปิดเว็บไซต์
      </Anchor>
    </Alert>
  );
}
