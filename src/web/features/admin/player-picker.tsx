import { Button, Group, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { baht, formatCredit } from "../../../domain/money";
import { adminFindUser } from "./api/admin-find-user";

export interface PickedPlayer {
  uuid: string;
  username: string;
  credit: number;
  name?: string | null;
  phonenumber?: string | null;
  state?: "active" | "banned";
}

/** Finds a player by username, phone number, name or bank number for the operator's tools (each search is audited). */
export function PlayerPicker({ onPick }: { onPick: (p: PickedPlayer) => void }) {
  const [query, setQuery] = useState("");
  const search = useMutation({ mutationFn: () => adminFindUser({ query }) });
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label="ค้นหาผู้เล่น (ชื่อผู้ใช้ เบอร์โทร ชื่อ หรือเลขบัญชี)"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          name="player-query"
        />
        <Button onClick={() => search.mutate()} loading={search.isPending}>
          ค้นหา
        </Button>
      </Group>
      {search.error && <Text c="red">{search.error.message}</Text>}
      {search.data?.users.length === 0 && <Text c="dimmed">ไม่พบผู้เล่น</Text>}
      {search.data?.users.map((u) => (
        <UnstyledButton
          key={u.uuid}
          onClick={() => onPick(u)}
          data-testid="picked-player"
          style={{ border: "1px solid #eee", borderRadius: 8, padding: 8 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} miw={0}>
              <Text fw={500} truncate>
                {u.username}
                {u.state === "banned" && (
                  <Text span c="red" size="xs" ml={6}>
                    ระงับอยู่
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[u.name, u.phonenumber].filter(Boolean).join(" · ")}
              </Text>
            </Stack>
            <Text size="sm" style={{ flexShrink: 0 }}>
              {formatCredit(baht(u.credit))}
            </Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
