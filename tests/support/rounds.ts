import type { Db } from "../../src/server/db/client";

/** A round of `lotteryId` that opened an hour before now (or before its close) and closes `closeInMs` from now. */
export async function makeRound(db: Db, lotteryId: string, closeInMs: number): Promise<number> {
  const res = await db.$client.query(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ($1, 1, (now() at time zone 'Asia/Bangkok')::date, now() - interval '1 hour' + make_interval(secs => least($2::float, 0) / 1000),
             now() + make_interval(secs => $2::float / 1000), now() + make_interval(secs => $2::float / 1000) + interval '10 minutes')
     returning id`,
    [lotteryId, closeInMs],
  );
  return Number(res.rows[0].id);
}

export async function roundStatus(db: Db, id: number): Promise<string> {
  return (await db.$client.query("select status from rounds where id = $1", [id])).rows[0].status;
}

let yeekeeRoundNo = 0;
/**
 * A yeekee round open for bets and shots, with its result two hours away, inserted through `owner` (the
 * serving role cannot later move its result time); its seed is drawn by the database as it is inserted.
 */
export async function openYeekeeRound(owner: Db): Promise<number> {
  yeekeeRoundNo += 1;
  const r = await owner.$client.query(
    `insert into rounds (lottery_id, round_no, draw_date, open_at, close_at, result_at)
     values ('yeekee', $1::int, current_date, now() - interval '1 hour', now() + interval '1 hour' + make_interval(secs => $1::int / 1000.0), now() + interval '2 hours')
     returning id`,
    [yeekeeRoundNo],
  );
  return Number(r.rows[0].id);
}
