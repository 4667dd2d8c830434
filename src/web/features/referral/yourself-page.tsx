import { Alert, Button, Stack, Tabs } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { PATHS, referralLink } from "../../lib/paths";
import { PageTitle } from "../../components/page-title";
import { useSession } from "../../lib/session";
import { AfWithdrawalHistory } from "./af-withdrawal-history";
import { AffiliateBalanceCard } from "./affiliate-balance-card";
import { useReferralTotals } from "./api/referral-totals";
import { useSubsidyConfig } from "./api/subsidy-config";
import { FriendsList } from "./friends-list";
import { InviteCard } from "./invite-card";
import { ReferralRules } from "./referral-rules";
import { ReferralTotals } from "./referral-totals";
import { SubsidyDays } from "./subsidy-days";

/** /yourselfPage: the player's referral link, commission balance and its move to the credit, friends and commission history. */
export function YourselfPage() {
  const { uuid } = useSession();
  const [tab, setTab] = useState<string | null>("friends");
  const totals = useReferralTotals();
  const config = useSubsidyConfig();
  const link = uuid ? referralLink(location.origin, uuid) : "";
  return (
    <Stack gap="sm">
      <PageTitle
        action={
          <Button component={Link} to={PATHS.privilege} variant="light" size="xs" radius="xl" data-testid="privilege-link">
            แต้มสิทธิพิเศษ
          </Button>
        }
      >
        ระบบแนะนำเพื่อน
      </PageTitle>
      {totals.isError && <Alert color="red">{totals.error.message}</Alert>}
      <AffiliateBalanceCard balance={totals.data?.affiliate_credit} debt={totals.data?.debt ?? 0} minMove={config.data?.min_withdrawal} />
      {!totals.isError && <ReferralTotals stake={totals.data?.stake} commission={totals.data?.commission} />}
      <InviteCard link={link} />
      {/* Only the open tab's list is fetched. */}
      <Tabs value={tab} onChange={setTab} variant="pills" radius="xl" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="friends" px={6} data-testid="tab-friends">
            เพื่อน
          </Tabs.Tab>
          <Tabs.Tab value="days" px={6} data-testid="tab-subsidy">
            ค่าคอมรายวัน
          </Tabs.Tab>
          <Tabs.Tab value="moves" px={6} data-testid="tab-af-history">
            ประวัติโยก
          </Tabs.Tab>
          <Tabs.Tab value="rules" px={6} data-testid="tab-rules">
            กติกา
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="friends" pt="sm">
          <FriendsList />
        </Tabs.Panel>
        <Tabs.Panel value="days" pt="sm">
          <SubsidyDays />
        </Tabs.Panel>
        <Tabs.Panel value="moves" pt="sm">
          <AfWithdrawalHistory />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="sm">
          <ReferralRules />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
