import { Alert, Button, Skeleton, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PATHS } from "../../lib/paths";
import { PageTitle } from "../../components/page-title";
import { useRgSettings } from "./api/settings";
import { BreakStatus } from "./break-status";
import { Limits } from "./limits";
import { RealityInterval } from "./reality-interval";
import { TakeBreak } from "./take-break";

/** /responsiblePage: the player's own limits, reality check and breaks, and the way to the statement. */
export function ResponsiblePage() {
  const settings = useRgSettings("page");
  const data = settings.data;
  return (
    <Stack gap="sm">
      <PageTitle
        action={
          <Button component={Link} to={PATHS.statement} variant="light" size="xs" radius="xl" data-testid="statement-link">
            รายการเดินบัญชี
          </Button>
        }
      >
        เล่นอย่างรับผิดชอบ
      </PageTitle>
      <Text size="sm" c="dimmed">
        ตั้งวงเงินฝาก แทง และเสียของตัวเอง ให้ระบบเตือนเวลาเล่น หรือพักการเล่นเมื่อต้องการ
      </Text>
      {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
      {!data && !settings.isError && <Skeleton h={240} radius="lg" />}
      {data && (
        <>
          {data.break && <BreakStatus held={data.break} />}
          <Limits limits={data.limits} />
          <RealityInterval reality={data.reality} />
          {!data.break && <TakeBreak />}
        </>
      )}
    </Stack>
  );
}
