import { Card, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function EmptyState({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" data-testid={testId ?? "empty-state"}>
      <Stack align="center" gap={6}>
        <Title order={4} ta="center">
          {title}
        </Title>
        {children && (
          <Text c="dimmed" ta="center" size="sm">
            {children}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
