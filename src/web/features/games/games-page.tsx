import { SegmentedControl, Stack, Tabs } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { GAME_LABELS, GAME_TYPES, type GameType } from "../../../domain/games";
import { PageTitle } from "../../components/page-title";
import { CreateForm } from "./create-form";
import { GameLog } from "./game-log";
import { MyGames } from "./my-games";
import { OpenGames } from "./open-games";
import { Ranking } from "./ranking";

const TABS = [
  { value: "open", label: "เกมที่เปิดอยู่" },
  { value: "create", label: "สร้างเกม" },
  { value: "mine", label: "เกมของฉัน" },
  { value: "log", label: "ประวัติ" },
  { value: "ranking", label: "อันดับ" },
] as const;

/** /gamePage: huakoi and hi-low between players: open games to challenge, a new game, the player's games, history and the ranking. */
export function GamesPage() {
  // The game type is in the address (?type=hilow) so a link or a reload keeps it.
  const [params, setParams] = useSearchParams();
  const type: GameType = params.get("type") === "hilow" ? "hilow" : "huakoi";
  const [tab, setTab] = useState<string | null>("open");
  return (
    <Stack gap="sm">
      <PageTitle>เกมหัวก้อย / ไฮโล</PageTitle>
      <SegmentedControl
        fullWidth
        size="md"
        value={type}
        onChange={(v) => setParams({ type: v }, { replace: true })}
        data={GAME_TYPES.map((t) => ({ value: t, label: GAME_LABELS[t] }))}
        data-testid="game-type"
      />
      {/* Only the open tab's list is fetched (the open games poll only while shown). */}
      <Tabs value={tab} onChange={setTab} variant="pills" radius="xl" keepMounted={false}>
        <Tabs.List grow>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} px={4} fz="sm" data-testid={`tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="open" pt="sm">
          <OpenGames type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="create" pt="sm">
          <CreateForm key={type} type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="sm">
          <MyGames type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="sm">
          <GameLog type={type} />
        </Tabs.Panel>
        <Tabs.Panel value="ranking" pt="sm">
          <Ranking type={type} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
