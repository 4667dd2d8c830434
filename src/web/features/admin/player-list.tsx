import { Alert, Anchor, Badge, Card, Group, Pagination, SegmentedControl, Stack, Text, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { PlayerListRow, PlayerListSort, SamePersonReason } from "../../../contract/back-office";
import { baht, formatCredit } from "../../../domain/money";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { playerListQuery } from "./api/admin-player-list";

const SORTS: { value: PlayerListSort; label: string }[] = [
  { value: "newest", label: "สมัครล่าสุด" },
  { value: "balance", label: "ยอดเงิน" },
  { value: "activity", label: "ใช้งานล่าสุด" },
];

const SAME: Record<SamePersonReason, string> = { bankno: "เลขบัญชีเดียวกัน", phone: "เบอร์โทรเดียวกัน", name: "ชื่อบัญชีเดียวกัน" };

/**
 * Every player, a page at a time: newest sign-ups first, or by credit, or by last activity. A player whom
 * same_person() ties to another (same bank number, phone or holder's name) is flagged with a link to each.
 */
export function PlayerList({ onOpen }: { onOpen: (uuid: string) => void }) {
  const [sort, setSort] = useState<PlayerListSort>("newest");
  const [page, setPage] = useState(1);
  const list = useQuery(playerListQuery(sort, page));
  return (
    <Stack gap="xs" data-testid="player-list" data-sort={sort} data-page={page} data-loaded={list.isPlaceholderData ? "false" : "true"}>
      <SegmentedControl
        fullWidth
        aria-label="เรียงผู้เล่นตาม"
        value={sort}
        onChange={(v) => {
          setSort(v as PlayerListSort);
          setPage(1);
        }}
        data={SORTS}
      />
      {list.error && <Alert color="red">{list.error.message}</Alert>}
      {list.data?.players.length === 0 && <Text c="dimmed">ยังไม่มีผู้เล่น</Text>}
      {list.data?.players.map((p) => (
        <Card key={p.uuid} withBorder radius="md" p="xs" data-testid="player-row" data-uuid={p.uuid} data-username={p.username}>
          <UnstyledButton onClick={() => onOpen(p.uuid)} style={{ width: "100%", minHeight: 44 }}>
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Text fw={500} truncate>
                  {p.username}
                  {p.state === "banned" && (
                    <Text span c="red" size="xs" ml={6}>
                      ระงับอยู่
                    </Text>
                  )}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[p.name, p.phonenumber].filter(Boolean).join(" · ")}
                </Text>
                <Text size="xs" c="dimmed">
                  {sort === "activity"
                    ? `ใช้งานล่าสุด ${p.last_activity_at ? formatThaiDateTime(p.last_activity_at) : "-"}`
                    : `สมัคร ${formatThaiDateTime(p.created_at)}`}
                </Text>
              </Stack>
              <Text size="sm" style={{ flexShrink: 0 }} data-testid="player-row-credit">
                {formatCredit(baht(p.credit))}
              </Text>
            </Group>
          </UnstyledButton>
          {p.duplicates.length > 0 && <Duplicates row={p} onOpen={onOpen} />}
        </Card>
      ))}
      {list.data && list.data.pages > 1 && (
        <Group justify="center">
          <Pagination
            total={list.data.pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(c) => ({ "aria-label": `หน้า ${c}` })}
          />
        </Group>
      )}
    </Stack>
  );
}

function Duplicates({ row, onOpen }: { row: PlayerListRow; onOpen: (uuid: string) => void }) {
  return (
    <Group gap={6} mt={4} data-testid="duplicate-flag">
      <Badge color="orange" variant="light" size="sm">
        อาจเป็นบัญชีซ้ำ
      </Badge>
      {row.duplicates.map((d) => (
        <Anchor
          key={d.uuid}
          component="button"
          type="button"
          size="sm"
          onClick={() => onOpen(d.uuid)}
          data-testid="duplicate-link"
          data-uuid={d.uuid}
          style={{ minHeight: 24 }}
        >
          {d.username} ({d.same.map((s) => SAME[s]).join(", ")})
        </Anchor>
      ))}
    </Group>
  );
}
