import { Alert, Card, List, Skeleton, Stack, Text } from "@mantine/core";
import type { SubsidyConfig } from "../../../contract/referral";
import { baht, bahtToSatang, formatMoney, satangToBaht } from "../../../domain/money";
import { DEFAULT_LEVEL_BP, REFERRAL_LEVELS, formatBp, lineCommission, type ReferralLevel } from "../../../domain/referral";
import { useSubsidyConfig } from "./api/subsidy-config";

const LEVEL_NAMES: Readonly<Record<ReferralLevel, string>> = {
  1: "เพื่อนที่คุณแนะนำโดยตรง (ชั้นที่ 1)",
  2: "เพื่อนของเพื่อน (ชั้นที่ 2)",
};

/** A level's rate for every lottery without a rate of its own. */
function levelDefaultBp(config: SubsidyConfig, level: ReferralLevel): number {
  return config.rates.find((r) => r.level === level && r.lottery_id === null && r.bet_type === null)?.bp ?? DEFAULT_LEVEL_BP[level];
}

/** The commission rates and the rules, in plain Thai. */
export function ReferralRules() {
  const config = useSubsidyConfig();
  return (
    <Card withBorder radius="lg">
      <Stack gap="sm">
        <Text fw={600}>อัตราค่าคอม</Text>
        {config.isPending && <Skeleton h={60} />}
        {config.isError && <Alert color="red">{config.error.message}</Alert>}
        {config.data && <Rates config={config.data} />}
        <Text fw={600}>กติกา</Text>
        <List size="sm" spacing={6} data-testid="referral-rules">
          <List.Item>ค่าคอมคิดจากยอดที่เพื่อนจ่ายจริงในงวดที่ออกผลแล้ว ไม่ว่าเพื่อนจะถูกรางวัลหรือไม่</List.Item>
          <List.Item>โพยที่ถูกยกเลิกหรือได้เงินคืน การยิงเลขหวยยี่กี และเกม (หัวก้อย ไฮโล) ไม่ได้ค่าคอม</List.Item>
          <List.Item>เริ่มได้ค่าคอมหลังจากเพื่อนฝากเงินครั้งแรกและได้รับการอนุมัติแล้ว</List.Item>
          <List.Item>ไม่มีค่าคอมจากเพื่อนที่ใช้เลขบัญชีธนาคาร ชื่อบัญชี หรือเบอร์โทรศัพท์เดียวกับคุณ</List.Item>
          <List.Item>ค่าคอมเข้ายอดคงเหลือทันทีที่งวดนั้นออกผล</List.Item>
          <List.Item>ถ้างวดถูกยกเลิกหลังออกผล ค่าคอมของงวดนั้นจะถูกเรียกคืน ส่วนที่ยอดคงเหลือไม่พอจะหักจากค่าคอมที่ได้ครั้งต่อไป</List.Item>
          <List.Item>
            โยกค่าคอมเข้าเครดิตได้ทันที
            {config.data ? ` ขั้นต่ำครั้งละ ${formatMoney(baht(config.data.min_withdrawal))} บาท` : ""} แล้วนำเครดิตไปแทงหรือถอนได้ตามปกติ
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}

function Rates({ config }: { config: SubsidyConfig }) {
  const exceptions = config.rates.filter((r) => r.lottery_id !== null).length;
  return (
    <Stack gap={4} data-testid="referral-rates">
      {REFERRAL_LEVELS.map((level) => {
        const bp = levelDefaultBp(config, level);
        return (
          <Text key={level} size="sm" data-testid={`referral-rate-${level}`}>
            {LEVEL_NAMES[level]}: {bp > 0 ? <b>{formatBp(bp)} ของยอดแทง</b> : "ไม่มีค่าคอม"}
          </Text>
        );
      })}
      {exceptions > 0 && (
        <Text size="xs" c="dimmed">
          มีหวยหรือประเภทการแทงที่ใช้อัตราต่างจากนี้ {exceptions} รายการ อัตราที่ได้จริงของแต่ละวันแสดงในแท็บค่าคอมรายวัน
        </Text>
      )}
      <Text size="xs" c="dimmed">
        ตัวอย่าง: เพื่อนแทง 1,000 บาท ที่อัตรา {formatBp(levelDefaultBp(config, 1))} คุณจะได้{" "}
        {formatMoney(satangToBaht(lineCommission(bahtToSatang(1_000), levelDefaultBp(config, 1))))} บาท
      </Text>
    </Stack>
  );
}
