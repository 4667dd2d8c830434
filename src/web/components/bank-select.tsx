import { Group, Image, Select, type SelectProps, Text } from "@mantine/core";
import { BANK_CODES, BANKS, type BankCode } from "../../domain/banks";

const data = BANK_CODES.map((code) => ({ value: code, label: BANKS[code].thaiName }));

const renderOption: SelectProps["renderOption"] = ({ option }) => (
  <Group gap="sm" wrap="nowrap">
    <Image src={BANKS[option.value as BankCode].logo} w={28} h={28} alt="" />
    <Text size="sm">{option.label}</Text>
  </Group>
);

export function BankSelect(props: { value: BankCode | null; onChange: (code: BankCode | null) => void; label?: string }) {
  return (
    <Select
      label={props.label ?? "ธนาคาร"}
      placeholder="เลือกธนาคาร"
      name="bankname"
      data={data}
      value={props.value}
      onChange={(v) => props.onChange(v as BankCode | null)}
      renderOption={renderOption}
      leftSection={props.value ? <Image src={BANKS[props.value].logo} w={20} h={20} alt="" /> : null}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      required
    />
  );
}
