import { Title } from "@mantine/core";

export function PageTitle({ children }: { children: string }) {
  return (
    <Title order={3} mb="sm" data-testid="page-title">
      {children}
    </Title>
  );
}
