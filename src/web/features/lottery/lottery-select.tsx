import { Select } from "@mantine/core";
import { useSearchParams } from "react-router";

/** The lottery a lottery page shows, kept in the address's `lotto` (the page's other parameters go with a change). */
export function LotterySelect({
  items,
  value,
  testId,
}: {
  items: readonly { configID: string; name: string }[];
  value: string | null;
  testId: string;
}) {
  const [, setParams] = useSearchParams();
  return (
    <Select
      label="หวย"
      data={items.map((i) => ({ value: i.configID, label: i.name }))}
      value={value}
      onChange={(v) => v && setParams({ lotto: v }, { replace: true })}
      allowDeselect={false}
      searchable
      data-testid={testId}
    />
  );
}
