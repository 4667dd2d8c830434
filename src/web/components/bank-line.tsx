import { Group, Image, Stack, Text } from "@mantine/core";
import { BANKS, type BankCode } from "../../domain/banks";

export function BankLine({ bank, no, name }: { bank: BankCode; no: string; name: string }) {
  return (
    <Group wrap="nowrap" gap="sm">
      <Image src={BANKS[bank].logo} w={40} h={40} alt={BANKS[bank].thaiName} />
      <Stack gap={0}>
        <Text fw={500} size="sm">
          {BANKS[bank].thaiName}
        </Text>
        <Text size="sm">
          {no} · {name}
        </Text>
      </Stack>
    </Group>
  );
}
