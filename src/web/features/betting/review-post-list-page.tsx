import { Stack } from "@mantine/core";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";

export function ReviewPostListPage() {
  return (
    <Stack>
      <PageTitle>โพยหวย</PageTitle>
      <EmptyState title="ยังไม่มีโพย">โพยที่คุณแทงจะแสดงที่นี่ พร้อมสถานะ รับแทง / ชนะ / แพ้</EmptyState>
    </Stack>
  );
}
