import { Alert, Stack, Tabs } from "@mantine/core";
import { useState } from "react";
import { PageTitle } from "../../components/page-title";
import { usePrivilegeLog } from "./api/privilege-log";
import { MemberLevelCard } from "./member-level-card";
import { PointsLog } from "./points-log";
import { PointsSummary } from "./points-summary";
import { RedeemSlots } from "./redeem-slots";

/** /privilegePage: usable and pending points, the member level and its progress, redemption for credit and the points log. */
export function PrivilegePage() {
  const [tab, setTab] = useState<string | null>("redeem");
  const log = usePrivilegeLog();
  return (
    <Stack gap="sm">
      <PageTitle>แต้มสิทธิพิเศษ</PageTitle>
      {log.isError && <Alert color="red">{log.error.message}</Alert>}
      <PointsSummary summary={log.data} />
      {log.data && <MemberLevelCard standing={log.data} />}
      <Tabs value={tab} onChange={setTab} variant="pills" radius="xl">
        <Tabs.List grow>
          <Tabs.Tab value="redeem" data-testid="tab-redeem">
            แลกแต้ม
          </Tabs.Tab>
          <Tabs.Tab value="log" data-testid="tab-points-log">
            ประวัติแต้ม
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="redeem" pt="sm">
          <RedeemSlots usable={log.data?.total_score} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="sm">
          {log.data && <PointsLog lines={log.data.privilegeLog_arr} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
