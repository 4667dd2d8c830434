import { Button, Card, CopyButton, Stack, Text, TextInput } from "@mantine/core";
import { referralLink } from "../../app/paths";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";
import { useSession } from "../../lib/session";

export function YourselfPage() {
  const { uuid } = useSession();
  const link = uuid ? referralLink(location.origin, uuid) : "";
  return (
    <Stack>
      <PageTitle>ระบบแนะนำเพื่อน</PageTitle>
      <Card withBorder radius="lg">
        <Stack gap="xs">
          <Text size="sm">ลิงก์แนะนำเพื่อนของคุณ: เพื่อนที่สมัครผ่านลิงก์นี้จะอยู่ในสายงานของคุณ</Text>
          <TextInput value={link} readOnly data-testid="referral-link" aria-label="ลิงก์แนะนำเพื่อน" />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? "teal" : "red"}>
                {copied ? "คัดลอกแล้ว" : "คัดลอกลิงก์"}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Card>
      <EmptyState title="ยังไม่มีสมาชิกในสายงาน">รายชื่อเพื่อนที่คุณแนะนำและค่าคอมมิชชั่นจะแสดงที่นี่</EmptyState>
    </Stack>
  );
}
