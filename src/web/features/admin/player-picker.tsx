import { Button, Group, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { wallet } from "../../../contract";
import { formatCredit } from "../../../domain/money";
import { callApi } from "../../lib/api";

export interface PickedPlayer {
  uuid: string;
  username: string;
  credit: number;
}

/** Finds a player by username or phone number for the operator's money tools. */
export function PlayerPicker({ onPick }: { onPick: (p: PickedPlayer) => void }) {
  const [query, setQuery] = useState("");
  const search = useMutation({ mutationFn: () => callApi(wallet.adminFindUser, { query }) });
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <TextInput style={{ flex: 1 }} label="ค้นหาผู้เล่น (ชื่อผู้ใช้หรือเบอร์โทร)" value={query} onChange={(e) => setQuery(e.currentTarget.value)} name="player-query" />
        <Button onClick={() => search.mutate()} loading={search.isPending}>
          ค้นหา
        </Button>
      </Group>
      {search.error && <Text c="red">{search.error.message}</Text>}
      {search.data?.users.length === 0 && <Text c="dimmed">ไม่พบผู้เล่น</Text>}
      {search.data?.users.map((u) => (
        <UnstyledButton key={u.uuid} onClick={() => onPick(u)} data-testid="picked-player" style={{ border: "1px solid #eee", borderRadius: 8, padding: 8 }}>
          <Group justify="space-between">
            <Text fw={500}>{u.username}</Text>
            <Text size="sm">{formatCredit(u.credit)}</Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
