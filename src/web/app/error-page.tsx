import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { useRouteError } from "react-router";
import { ContactChannels } from "../components/contact-staff";

/** Shown instead of a blank page when a page fails; the details go to the console for support. */
export function ErrorPage() {
  const error = useRouteError();
  console.error("page error", error);
  return (
    <Stack p="md" maw={480} mx="auto" mt={80}>
      <Card withBorder radius="lg" padding="lg">
        <Stack align="center">
          <Title order={3}>เกิดข้อผิดพลาด</Title>
          <Text c="dimmed" ta="center">
            หน้านี้แสดงผลไม่ได้ กรุณาลองใหม่อีกครั้ง หากยังเกิดขึ้นอีกกรุณาติดต่อเจ้าหน้าที่
          </Text>
          <ContactChannels />
          <Button onClick={() => location.assign("/")}>กลับหน้าหลัก</Button>
        </Stack>
      </Card>
    </Stack>
  );
}
