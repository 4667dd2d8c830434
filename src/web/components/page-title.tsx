import { Group, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's heading; `action` (a small link or button) sits at its right. */
export function PageTitle({ children, action }: { children: string; action?: ReactNode }) {
  const title = (
    <Title order={3} mb={action ? undefined : "sm"} data-testid="page-title">
      {children}
    </Title>
  );
  if (!action) return title;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" mb="sm">
      {title}
      {action}
    </Group>
  );
}
