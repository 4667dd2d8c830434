import { Stack } from "@mantine/core";
import { EmptyState } from "../../components/empty-state";
import { PageTitle } from "../../components/page-title";

export function HomeAllLottoPage() {
  return (
    <Stack>
      <PageTitle>แทงหวย</PageTitle>
      <EmptyState title="ยังไม่มีงวดที่เปิดรับแทง">เมื่อมีงวดหวยเปิด คุณจะเลือกหวยและแทงได้ที่หน้านี้</EmptyState>
    </Stack>
  );
}
