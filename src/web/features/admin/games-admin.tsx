import { Alert, Badge, Button, Card, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import type { z } from "zod";
import { games } from "../../../contract";
import type { GameConfig, GameView } from "../../../contract/games";
import { GAME_LABELS, hilowSide } from "../../../domain/games";
import { baht, formatMoney } from "../../../domain/money";
import { formatThaiAge } from "../../../domain/thai-date";
import { shortCommitment } from "../../lib/short-commitment";
import { useServerNow } from "../../lib/server-clock";
import { type PickedPlayer, PlayerPicker } from "./player-picker";
import { gameSummaryQuery, rereadGameSummary } from "./api/admin-game-summary";
import { playerGamesQuery } from "./api/admin-player-games";
import { adminSaveGameConfig } from "./api/admin-save-game-config";

// The operator's view of huakoi and hi-low (docs/decisions/016): money held and earned, open and recent games, the
// settings, and one player's games. Creators' names come masked from the server, as players see them.

const PERIODS = [
  { value: "1", label: "24 ชั่วโมง" },
  { value: "7", label: "7 วัน" },
  { value: "30", label: "30 วัน" },
];

/** Recent games shown before "show all": a phone screen's worth. */
const RECENT_SHOWN = 20;

export function GamesAdmin() {
  const [days, setDays] = useState("1");
  const summary = useQuery({
    ...gameSummaryQuery(days),
    // Open games come and go while the operator watches; the last answer stays on screen while another period loads.
    refetchInterval: 15_000,
    placeholderData: (previous) => previous,
  });
  const period = PERIODS.find((p) => p.value === days)!.label;
  return (
    <Stack>
      <SegmentedControl data={PERIODS} value={days} onChange={setDays} fullWidth aria-label="ช่วงเวลา" />
      {summary.error && <Alert color="red">{summary.error.message}</Alert>}
      {!summary.data ? (
        !summary.error && <Text c="dimmed">กำลังโหลดข้อมูลเกม…</Text>
      ) : (
        <>
          <SimpleGrid cols={3} spacing="xs" data-testid="game-summary">
            <Stat label="ค่าธรรมเนียม" testId="game-fees">
              {formatMoney(baht(summary.data.fees))} ฿
            </Stat>
            <Stat label="เงินพักเดิมพัน" testId="game-escrow">
              {formatMoney(baht(summary.data.escrow))} ฿
            </Stat>
            <Stat label="รอผู้ท้า" testId="game-open-count">
              {summary.data.open.length}
            </Stat>
          </SimpleGrid>
          <OpenGames open={summary.data.open} />
          <RecentGames recent={summary.data.recent} period={period} />
          <ConfigEditor current={summary.data.config} />
        </>
      )}
      <PlayerGames />
    </Stack>
  );
}

function Stat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: "tabular-nums" }} data-testid={testId}>
        {children}
      </Text>
    </Paper>
  );
}

const STATUS: Readonly<Record<GameView["status"], { label: string; color: string }>> = {
  open: { label: "รอผู้ท้า", color: "blue" },
  done: { label: "จบแล้ว", color: "teal" },
  cancelled: { label: "ยกเลิก", color: "gray" },
  expired: { label: "หมดเวลา", color: "gray" },
};

/** One game on one card: type, id, stake and status on top; `children` below. */
function GameRow({ game, testId, children }: { game: GameView; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xs" data-testid={testId} data-game-id={game.id} data-status={game.status}>
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color={game.gametype === "huakoi" ? "yellow" : "grape"}>
              {GAME_LABELS[game.gametype]}
            </Badge>
            <Text size="sm" c="dimmed">
              #{game.id}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {game.status !== "open" && (
              <Badge variant="light" color={STATUS[game.status].color}>
                {STATUS[game.status].label}
              </Badge>
            )}
            <Text fw={700} style={{ fontVariantNumeric: "tabular-nums" }}>
              {formatMoney(baht(game.price))} ฿
            </Text>
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Commitment({ game }: { game: GameView }) {
  return (
    <Text size="xs" c="dimmed">
      SHA-256{" "}
      <Text span ff="monospace" title={game.commitment}>
        {shortCommitment(game.commitment)}
      </Text>
    </Text>
  );
}

/** What was hidden and what was guessed, once the server has revealed it. */
function revealText(g: GameView): string {
  const dice = g.t1 !== null && g.t2 !== null && g.t3 !== null ? ([g.t1, g.t2, g.t3] as const) : null;
  const hidden =
    g.gametype === "hilow"
      ? dice
        ? `ลูกเต๋า ${dice.join("-")} รวม ${dice[0] + dice[1] + dice[2]} (${hilowSide(dice)})`
        : null
      : g.bet
        ? `ผู้สร้างเลือก ${g.bet}`
        : null;
  return [hidden, g.guess ? `ผู้ท้าทาย ${g.guess}` : null].filter(Boolean).join(" · ");
}

/** The outcome of an ended game: who won, what the winner received and the fee; or the refund. */
function Outcome({ game }: { game: GameView }) {
  if (game.status === "open") return null;
  if (game.status !== "done") {
    return <Text size="sm">คืนเดิมพันให้ผู้สร้างแล้ว · {game.date_time}</Text>;
  }
  return (
    <>
      <Text size="sm" fw={500} data-testid="game-outcome">
        {game.winner === "creator" ? "ผู้สร้างชนะ" : "ผู้ท้าชนะ"}
        {game.payout !== null && ` · จ่าย ${formatMoney(baht(game.payout))} ฿`}
        {game.fee !== null && ` · ค่าธรรมเนียม ${formatMoney(baht(game.fee))} ฿`}
      </Text>
      <Text size="xs" c="dimmed">
        {revealText(game)} · {game.date_time}
      </Text>
    </>
  );
}

function OpenGames({ open }: { open: GameView[] }) {
  const now = useServerNow(30_000);
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Title order={4}>เกมที่รอผู้ท้า ({open.length})</Title>
        {open.length === 0 && <Text c="dimmed">ไม่มีเกมที่เปิดอยู่</Text>}
        {open.map((g) => (
          <GameRow key={g.id} game={g} testId="admin-open-game">
            <Text size="sm" truncate>
              ผู้สร้าง {g.creator} · {formatThaiAge(g.created_at, now)}
            </Text>
            <Commitment game={g} />
          </GameRow>
        ))}
      </Stack>
    </Card>
  );
}

function RecentGames({ recent, period }: { recent: GameView[]; period: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? recent : recent.slice(0, RECENT_SHOWN);
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <div>
          <Title order={4}>เกมที่จบแล้ว ({recent.length})</Title>
          <Text size="xs" c="dimmed">
            จบ ยกเลิก หรือหมดเวลา ใน {period}
          </Text>
        </div>
        {recent.length === 0 && <Text c="dimmed">ยังไม่มีเกมที่จบในช่วงนี้</Text>}
        {shown.map((g) => (
          <GameRow key={g.id} game={g} testId="admin-recent-game">
            <Text size="sm" truncate>
              ผู้สร้าง {g.creator}
            </Text>
            <Outcome game={g} />
          </GameRow>
        ))}
        {shown.length < recent.length && (
          <Button variant="subtle" onClick={() => setAll(true)}>
            แสดงทั้งหมด ({recent.length})
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The form keeps the fee in percent, as an operator thinks of it; the server stores basis points. */
type Draft = Record<keyof GameConfig, number | string>;
type Field = keyof GameConfig;

const toDraft = (c: GameConfig): Draft => ({ ...c, fee_bp: c.fee_bp / 100 });
const fromDraft = (d: Draft): GameConfig => ({
  fee_bp: d.fee_bp === "" ? NaN : Math.round(Number(d.fee_bp) * 100),
  min_price: d.min_price === "" ? NaN : Number(d.min_price),
  max_price: d.max_price === "" ? NaN : Number(d.max_price),
  max_open_per_creator: d.max_open_per_creator === "" ? NaN : Number(d.max_open_per_creator),
  max_daily_between: d.max_daily_between === "" ? NaN : Number(d.max_daily_between),
  expiry_hours: d.expiry_hours === "" ? NaN : Number(d.expiry_hours),
});

/**
 * The contract's own schema decides what is valid, so the form and the server cannot disagree; its
 * Thai messages are kept, and the generic ones (bounds, whole numbers) are said in Thai here.
 */
function fieldErrors(config: GameConfig): Partial<Record<Field, string>> {
  const checked = games.adminSaveGameConfig.body.safeParse(config);
  if (checked.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as Field;
    if (errors[field]) continue;
    errors[field] = /[\u0E00-\u0E7F]/.test(issue.message) ? issue.message : thaiMessage(field, issue);
  }
  return errors;
}

function thaiMessage(field: Field, issue: z.core.$ZodIssue): string {
  const inPercent = (bp: number) => (field === "fee_bp" ? `${bp / 100}%` : String(bp));
  if (issue.code === "too_small") return `ต้องไม่น้อยกว่า ${inPercent(Number(issue.minimum))}`;
  if (issue.code === "too_big") return `ต้องไม่เกิน ${inPercent(Number(issue.maximum))}`;
  if (issue.code === "invalid_type" && issue.expected === "int")
    return field === "fee_bp" ? "ค่าธรรมเนียมมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง" : "ต้องเป็นจำนวนเต็ม";
  return "กรุณากรอกตัวเลข";
}

function ConfigEditor({ current }: { current: GameConfig }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(current));
  const [shown, setShown] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (config: GameConfig) => adminSaveGameConfig(config),
    onSuccess: (r) => {
      setDraft(toDraft(r.config));
      void rereadGameSummary(queryClient);
    },
  });
  // The draft follows what the server holds until the operator starts editing.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setDraft(toDraft(current));
  }, [current, touched]);

  const submit = () => {
    const config = fromDraft(draft);
    const errors = fieldErrors(config);
    setShown(errors);
    if (Object.keys(errors).length === 0) save.mutate(config, { onSuccess: () => setTouched(false) });
    else save.reset();
  };
  const field = (key: Field, label: string, props: { decimalScale?: number; suffix?: string; description?: string }) => (
    <NumberInput
      label={label}
      name={key}
      value={draft[key]}
      min={0}
      allowNegative={false}
      allowDecimal={props.decimalScale !== undefined}
      decimalScale={props.decimalScale}
      suffix={props.suffix}
      description={props.description}
      error={shown[key]}
      onChange={(v) => {
        setTouched(true);
        setDraft({ ...draft, [key]: v });
      }}
    />
  );
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={4}>ตั้งค่าเกม</Title>
        {field("fee_bp", "ค่าธรรมเนียม (% ของเงินรวมสองฝ่าย)", { decimalScale: 2, suffix: "%", description: "หักจากผู้ชนะ ปัดเศษสตางค์ขึ้น" })}
        <SimpleGrid cols={2} spacing="sm">
          {field("min_price", "เดิมพันต่ำสุด (บาท)", { decimalScale: 2 })}
          {field("max_price", "เดิมพันสูงสุด (บาท)", { decimalScale: 2 })}
        </SimpleGrid>
        {field("max_open_per_creator", "เกมที่เปิดค้างได้ต่อผู้สร้าง", {})}
        {field("max_daily_between", "เกมต่อวันระหว่างผู้เล่นคู่เดียวกัน", {})}
        {field("expiry_hours", "เกมหมดเวลาหลัง (ชั่วโมง)", { description: "เกมที่ไม่มีผู้ท้าจะคืนเดิมพันให้ผู้สร้าง" })}
        {Object.keys(shown).length > 0 && <Alert color="red">กรุณาแก้ไขช่องที่มีข้อความสีแดงก่อนบันทึก</Alert>}
        {save.error && <Alert color="red">{save.error.message}</Alert>}
        {save.isSuccess && <Alert color="teal">{save.data.message}</Alert>}
        <Button onClick={submit} loading={save.isPending}>
          บันทึกการตั้งค่าเกม
        </Button>
      </Stack>
    </Card>
  );
}

function PlayerGames() {
  const [player, setPlayer] = useState<PickedPlayer | null>(null);
  const [days, setDays] = useState("30");
  const list = useQuery({
    ...playerGamesQuery(player?.uuid, days),
    enabled: !!player,
  });
  const now = useServerNow(30_000);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={4}>เกมของผู้เล่น</Title>
        <PlayerPicker onPick={setPlayer} />
        {player && (
          <Stack gap="xs" data-testid="player-games">
            <Text fw={500}>{player.username} · เกมที่สร้างหรือท้า</Text>
            <SegmentedControl data={PERIODS} value={days} onChange={setDays} fullWidth aria-label="ช่วงเวลาของเกมผู้เล่น" />
            {list.error && <Alert color="red">{list.error.message}</Alert>}
            {list.isPending && <Text c="dimmed">กำลังโหลด…</Text>}
            {list.data?.gamelist.length === 0 && <Text c="dimmed">ไม่มีเกมในช่วงนี้</Text>}
            {list.data?.gamelist.map((g) => (
              <GameRow key={g.id} game={g} testId="admin-player-game">
                <Text size="sm" truncate data-testid="admin-player-role">
                  {g.mine ? "เป็นผู้สร้าง" : `เป็นผู้ท้า · ผู้สร้าง ${g.creator}`}
                  {g.status === "open" && ` · รอผู้ท้า ${formatThaiAge(g.created_at, now)}`}
                  {g.status === "done" && (g.winner === (g.mine ? "creator" : "challenger") ? " · ผู้เล่นชนะ" : " · ผู้เล่นแพ้")}
                </Text>
                {g.status === "open" ? <Commitment game={g} /> : <Outcome game={g} />}
              </GameRow>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
