import { Card, Group, Image, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { auth } from "../../../contract";
import { BANKS } from "../../../domain/banks";
import { formatCredit } from "../../../domain/money";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { callApi } from "../../lib/api";
import { useSession } from "../../lib/session";

export function MainCreditPage() {
  const { username, credit } = useSession();
  const bank = useQuery({
    queryKey: ["bankinfo", username],
    queryFn: () => callApi(auth.getBankInfo, { username: username ?? "" }),
    enabled: !!username,
    meta: { blocking: true },
  });
  return (
    <Stack>
      <PageTitle>ฝาก-ถอน</PageTitle>
      <Card withBorder radius="lg">
        <Text size="sm" c="dimmed">
          เครดิตคงเหลือ
        </Text>
        <Text fz={28} fw={600}>
          {formatCredit(credit)}
        </Text>
      </Card>
      <Card withBorder radius="lg">
        <Text size="sm" c="dimmed" mb={6}>
          บัญชีรับเงินถอนของคุณ
        </Text>
        {bank.data ? (
          <Group wrap="nowrap" data-testid="my-bank">
            <Image src={BANKS[bank.data.bankname].logo} w={40} h={40} alt="" />
            <Stack gap={0}>
              <Text fw={500}>{BANKS[bank.data.bankname].thaiName}</Text>
              <Text size="sm">
                {bank.data.bankno} · {bank.data.bankaccounts}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Skeleton h={40} />
        )}
      </Card>
      <EmptyState title="ยังไม่มีรายการฝาก-ถอน">การฝากและถอนเงินจะเปิดให้บริการที่หน้านี้</EmptyState>
    </Stack>
  );
}
