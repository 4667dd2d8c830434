import { Anchor, Button, Card, Collapse, Image, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { SiteConfig } from "../../contract/site";
import { formatCredit } from "../../domain/money";
import { WithdrawTab } from "../features/wallet/withdraw-tab";
import { useSession } from "../lib/session";
import { useSiteConfig } from "../lib/site-config";
import { PATHS } from "../lib/paths";
import { bankInfoQuery } from "../lib/calls/bank-info";

/**
 * What players and visitors see instead of every page while the operator has closed the site (decision
 * 021): the operator's message, and for a signed-in player the balance and the withdrawal form, since
 * a closure never keeps a player's money in.
 */
export function MaintenancePage({ config }: { config: SiteConfig }) {
  const { loginStatus, username, credit, signOut } = useSession();
  const siteConfig = useSiteConfig();
  const navigate = useNavigate();
  return (
    <div className="auth-page">
      <Card w="100%" maw={420} padding="lg" radius="lg" shadow="lg" data-testid="maintenance-page">
        <Stack>
          <Stack align="center" gap={4}>
            <Image src="/images/logo.webp" w={72} h={72} alt="โลโก้" />
            <Title order={2} ta="center">
              ปิดปรับปรุงระบบชั่วคราว
            </Title>
            <Text c="dimmed" size="sm">
              {config.siteName}
            </Text>
          </Stack>
          <Text ta="center" fz="lg" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }} data-testid="maintenance-message">
            {config.closedMessage}
          </Text>
          <Text ta="center" size="sm" c="dimmed">
            ระหว่างนี้แทงหวย ยิงเลข เล่นเกม แจ้งฝากเงิน และสมัครสมาชิกไม่ได้ ยอดเงินของท่านยังอยู่ครบ และถอนเงินได้ตามปกติ
          </Text>
          <Button variant="light" onClick={() => void siteConfig.refetch()} loading={siteConfig.isFetching} data-testid="maintenance-retry">
            ตรวจสอบอีกครั้ง
          </Button>
          {loginStatus ? (
            <>
              <Card withBorder radius="md" py="sm">
                <Text size="sm" c="dimmed">
                  {username} · เครดิตคงเหลือ
                </Text>
                <Text fz={24} fw={600} data-testid="maintenance-credit">
                  {formatCredit(credit)}
                </Text>
              </Card>
              <MaintenanceWithdraw />
              <Button
                variant="subtle"
                color="gray"
                // A click handler returns nothing: the sign-out runs on its own, then the navigation.
                onClick={() => void signOut().then(() => navigate(PATHS.signIn, { replace: true }))}
              >
                ออกจากระบบ
              </Button>
            </>
          ) : (
            <Text ta="center" size="sm">
              <Anchor component={Link} to={PATHS.signIn}>
                เข้าสู่ระบบ
              </Anchor>{" "}
              เพื่อดูยอดและถอนเงิน
            </Text>
          )}
        </Stack>
      </Card>
    </div>
  );
}

/** The wallet's own withdrawal form, folded until asked for. */
function MaintenanceWithdraw() {
  const { username } = useSession();
  const [open, setOpen] = useState(false);
  const bank = useQuery({
    ...bankInfoQuery(username),
    enabled: open && !!username,
  });
  return (
    <Stack gap="xs">
      <Button variant={open ? "subtle" : "outline"} onClick={() => setOpen((o) => !o)} data-testid="maintenance-withdraw">
        {open ? "ซ่อนการถอนเงิน" : "ถอนเงิน"}
      </Button>
      <Collapse in={open}>{open && <WithdrawTab bank={bank.data} />}</Collapse>
    </Stack>
  );
}
