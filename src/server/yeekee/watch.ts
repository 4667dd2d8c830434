import { sql } from "drizzle-orm";
import type { z } from "zod";
import { YEEKEE_GROUPS } from "../../contract/lottery";
import type { readYeekeeWatch } from "../../contract/yeekee";
import { satangToBaht } from "../../domain/money";
import type { Db } from "../db/client";
import type { Col, Computed, Row } from "../db/rows";

/**
 * The operator's watch over yeekee fairness (docs/decisions/012). A leaked seed lets its holder compute
 * the result before the end and steer it with the last shot, so what a leak looks like is a player with a
 * stake in a round shooting in its final minute; and every early request for a seed the database refused.
 */

type Watch = Omit<z.input<typeof readYeekeeWatch.response>, "status">;

/** How long before the result time a shot counts as late. */
const FINAL_MINUTE = sql`interval '60 seconds'`;
/** Rounds whose result is still to come are watched up to this far ahead (a round being shot now). */
const AHEAD = sql`interval '1 hour'`;
const MAX_REFUSALS = 200;

// Through CTEs: rounds and lotteries in `watched`, the sums in `late`.
type LateRow = { round_id: Col<"rounds", "id">; user_id: Col<"users", "id"> } & Row<"lotteries", "name"> &
  Row<"rounds", "round_no" | "result_at"> &
  Row<"users", "username"> &
  Computed<{ late_shots: number; stake: string }>;
type RefusalRow = Row<"yeekee_seed_refusals", "round_id" | "at" | "role_name" | "client_addr">;

export async function yeekeeWatch(db: Db, days: number): Promise<Watch> {
  const [late, refused] = await Promise.all([
    // Starting from the stakes rather than the shots: only staked players' shots are read, through the
    // (round, user) shot index, instead of every shot of every round of the period.
    db.execute<LateRow>(sql`
      with watched as (
        select r.id, l.name, r.round_no, r.result_at
        from rounds r join lotteries l on l.id = r.lottery_id
        where l."group" = any(${sql.param([...YEEKEE_GROUPS])}::text[])
          and r.result_at >= now() - make_interval(days => ${days}::int) and r.result_at <= now() + ${AHEAD}
      ),
      staked as (
        select s.round_id, s.user_id, sum(s.total_stake) as stake
        from watched w join slips s on s.round_id = w.id and s.status = 'active'
        group by s.round_id, s.user_id
      ),
      late as (
        select st.round_id, st.user_id, st.stake, count(*)::int as late_shots
        from staked st
        join watched w on w.id = st.round_id
        join yeekee_shots y on y.round_id = st.round_id and y.user_id = st.user_id
        where y.at::timestamptz >= w.result_at - ${FINAL_MINUTE} and y.at::timestamptz < w.result_at
        group by st.round_id, st.user_id, st.stake
      )
      select w.id as round_id, w.name, w.round_no, w.result_at, u.id as user_id, u.username, late.late_shots, late.stake::text as stake
      from late join watched w on w.id = late.round_id join users u on u.id = late.user_id
      order by w.result_at desc, w.id desc, late.late_shots desc, late.stake desc, u.username`),
    db.execute<RefusalRow>(sql`
      select round_id, at, role_name, client_addr from yeekee_seed_refusals
      where at >= now() - make_interval(days => ${days}::int) and at <= now() + ${AHEAD}
      order by at desc, id desc limit ${MAX_REFUSALS}`),
  ]);

  const rounds = new Map<string, Watch["rounds"][number]>();
  for (const r of late.rows) {
    let round = rounds.get(r.round_id);
    if (!round) {
      round = {
        activityid: Number(r.round_id),
        name: r.name,
        round_no: r.round_no,
        result_at: new Date(r.result_at).toISOString(),
        players: [],
      };
      rounds.set(r.round_id, round);
    }
    round.players.push({ uuid: r.user_id, username: r.username, lateShots: r.late_shots, stake: satangToBaht(BigInt(r.stake)) });
  }
  return {
    rounds: [...rounds.values()],
    refusals: refused.rows.map((r) => ({
      activityid: Number(r.round_id),
      at: new Date(r.at).toISOString(),
      role: r.role_name,
      client: r.client_addr,
    })),
  };
}
