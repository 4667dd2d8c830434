import { Group, Image, Select, type SelectProps, Text } from "@mantine/core";
import { BANK_CODES, BANKS, type BankCode } from "../../domain/banks";

const option = (code: BankCode) => ({ value: code, label: BANKS[code].thaiName });
const ALL = BANK_CODES.map(option);

const renderOption: SelectProps["renderOption"] = ({ option }) => (
  <Group gap="sm" wrap="nowrap">
    <Image src={BANKS[option.value as BankCode].logo} w={28} h={28} alt="" />
    <Text size="sm">{option.label}</Text>
  </Group>
);

/** A bank from the list; `codes` narrows it (registration offers only the banks the operator turned on). */
export function BankSelect(props: {
  value: BankCode | null;
  onChange: (code: BankCode | null) => void;
  label?: string;
  codes?: readonly BankCode[];
  error?: string;
}) {
  const data = props.codes ? props.codes.map(option) : ALL;
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
      error={props.error}
    />
  );
}
