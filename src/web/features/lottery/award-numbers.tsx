import { Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { AwardLine } from "../../../contract/lottery";
import { groupAwardLines } from "../../lib/rounds";

/** A round's winning numbers by bet type: the main prizes large, the rest listed beneath. */
export function AwardNumbers({ lines }: { lines: readonly Pick<AwardLine, "award_type" | "number">[] }) {
  const groups = groupAwardLines(lines);
  const main = groups.filter((g) => g.main);
  const rest = groups.filter((g) => !g.main);
  return (
    <Stack gap={6}>
      {main.length > 0 && (
        <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
          {main.map((g) => (
            <Stack key={g.type} gap={0} align="center" className="award-cell" data-award-type={g.type}>
              <Text size="xs" c="dimmed">
                {g.label}
              </Text>
              <Text fw={600} fz={g.numbers.length > 1 ? "md" : "xl"} c="red.8" lh={1.3} ta="center" className="award-number">
                {g.numbers.join(" ")}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {rest.map((g) => (
        <Group key={g.type} gap={6} wrap="nowrap" align="baseline" data-award-type={g.type}>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {g.label}
          </Text>
          <Text size="sm" fw={500} className="award-number" style={{ overflowWrap: "anywhere" }}>
            {g.numbers.join(" ")}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
