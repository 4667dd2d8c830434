import { Card, Stack, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatCredit } from "../../../domain/money";
import { PageTitle } from "../../components/page-title";
import { useSession } from "../../lib/session";
import { DepositTab } from "./deposit-tab";
import { HistoryTab } from "./history-tab";
import { WithdrawTab } from "./withdraw-tab";
import { bankInfoQuery } from "../../lib/calls/bank-info";

export function MainCreditPage() {
  const { username, credit } = useSession();
  const [params] = useSearchParams();
  // A link to a movement's request (ประวัติ) opens the history tab: ?tab=history.
  const [tab, setTab] = useState<string | null>(params.get("tab") === "history" ? "history" : "deposit");
  const bank = useQuery({
    ...bankInfoQuery(username),
    enabled: !!username,
    meta: { blocking: true },
  });
  return (
    <Stack>
      <PageTitle>ฝาก-ถอน</PageTitle>
      <Card withBorder radius="lg" py="sm">
        <Text size="sm" c="dimmed">
          เครดิตคงเหลือ
        </Text>
        <Text fz={28} fw={600} data-testid="page-credit">
          {formatCredit(credit)}
        </Text>
      </Card>
      <Tabs value={tab} onChange={setTab} variant="pills" radius="xl">
        <Tabs.List grow>
          <Tabs.Tab value="deposit">ฝากเงิน</Tabs.Tab>
          <Tabs.Tab value="withdraw">ถอนเงิน</Tabs.Tab>
          <Tabs.Tab value="history">ประวัติ</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deposit" pt="md">
          <DepositTab playerBank={bank.data?.bankname ?? null} />
        </Tabs.Panel>
        <Tabs.Panel value="withdraw" pt="md">
          <WithdrawTab bank={bank.data} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {tab === "history" && <HistoryTab />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
