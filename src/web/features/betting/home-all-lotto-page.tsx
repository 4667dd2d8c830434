import { Stack } from "@mantine/core";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { Activity } from "../../../contract/lottery";
import { roundIdParam } from "../../lib/paths";
import { PageTitle } from "../../components/page-title";
import { useServerNow, useServerOffset } from "../../lib/server-clock";
import { bangkokDateKey } from "../../../domain/thai-date";
import type { LottoListItem } from "../../../contract/lottery";
import { chosenLottery, isYeekeeGroup, roundLabel, roundListOf } from "../../lib/rounds";
import { useLottoList } from "../../lib/calls/lotto-list";
import { BetForm } from "./bet-form";
import { LotteryChoice, RoundChoice } from "./lottery-picker";
import { useYeekeeRounds } from "../../lib/calls/yeekee-activities";
import { useOtherActivities } from "./api/other-activities";

/**
 * /homeAllLotto: step 1 chooses a lottery and one of its open rounds; step 2 is the bet form of
 * that round. The query string holds the choice, so a reload keeps it: `?lotto=<configID>&activity=<id>`.
 */
export function HomeAllLottoPage() {
  // Not ticking: the bet form is not drawn again every second for the lists' clocks (docs/decisions/025).
  const now = Date.now() + useServerOffset();
  const [params, setParams] = useSearchParams();
  const list = useLottoList();
  const items = useMemo(() => list.data ?? [], [list.data]);
  const activityid = roundIdParam(params.get("activity"));
  const lottoParam = params.get("lotto");

  const lottery = chosenLottery(items, activityid, lottoParam);
  const round = useChosenRound(activityid, lottery, now);

  const chooseLottery = (configID: string) => setParams({ lotto: configID });
  const chooseRound = (r: Activity) => setParams({ lotto: r.configID, activity: String(r.activityid) });

  if (activityid !== null) {
    const title = round?.name ?? lottery?.name ?? "แทงหวย";
    const subtitle = round
      ? `${roundLabel(round)}${round.date_th && isYeekeeGroup(round.group) ? ` · ${round.date_th}` : ""}`
      : `งวดที่ #${activityid}`;
    return (
      <Stack gap="sm">
        <PageTitle>แทงหวย</PageTitle>
        <BetForm
          key={activityid}
          activityid={activityid}
          lotto={lottery?.configID ?? lottoParam}
          title={title}
          subtitle={subtitle}
          fallbackClose={round ? Date.parse(round.timestop) : null}
          onChangeRound={() => setParams(lottery ? { lotto: lottery.configID } : {})}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <PageTitle>แทงหวย</PageTitle>
      <Choice
        lottery={lottery}
        items={items}
        loading={list.data === undefined}
        onChooseLottery={chooseLottery}
        onChooseRound={chooseRound}
        onBack={() => setParams({})}
      />
    </Stack>
  );
}

/** Step 1: the lotteries, or the chosen lottery's rounds, with their clocks ticking each second. */
function Choice(props: {
  lottery: LottoListItem | undefined;
  items: LottoListItem[];
  loading: boolean;
  onChooseLottery: (configID: string) => void;
  onChooseRound: (r: Activity) => void;
  onBack: () => void;
}) {
  const now = useServerNow();
  return props.lottery ? (
    <RoundChoice lottery={props.lottery} now={now} onChoose={props.onChooseRound} onBack={props.onBack} />
  ) : (
    <LotteryChoice items={props.items} loading={props.loading} now={now} onChoose={props.onChooseLottery} />
  );
}

/**
 * The chosen round's details (name, round number, close time), from the lists already loaded: the
 * lottery's rounds, or the lotto list's next round. Null while unknown; the form then relies on
 * the server's timeout check alone. On a first load start-up has asked for the list (app/signed-in.ts).
 */
function useChosenRound(activityid: number | null, lottery: LottoListItem | undefined, now: number): Activity | null {
  const list = roundListOf(lottery, activityid);
  const other = useOtherActivities(list && !list.yeekee ? list.configID : null);
  const [businessDate] = useState(() => bangkokDateKey(now));
  const yeekeeRounds = useYeekeeRounds(list?.yeekee ? list.configID : null, businessDate, now);
  if (activityid === null) return null;
  if (lottery?.nextRound?.activityid === activityid) return lottery.nextRound;
  const all = [...(other.data?.activitylist ?? []), ...(yeekeeRounds.data?.activitylist ?? [])];
  return all.find((r) => r.activityid === activityid) ?? null;
}
