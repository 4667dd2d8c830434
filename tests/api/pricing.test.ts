import fc from "fast-check";
import { expect, it } from "vitest";
import { betTypeDigits, type BetType } from "../../src/domain/bet-types";
import { lineWins, winningNumbers, type ResultInput } from "../../src/domain/results";
import { effectiveRate, exposureNumber, linePayout, linePrice, type PriceRecord } from "../../src/domain/slip";
import { betting, lottery } from "../../src/contract";
import { call } from "../support/call";
import { createPlayer, loginAs } from "../support/players";
import { makeRound } from "../support/rounds";
import { useTestApp } from "../support/fixture";
import { creditOf, fund, ledgerCheck } from "../support/wallet";

// One authority for a line's price (docs/decisions/008, 013): the database prices every line
// (place_slip, line_rate, line_paid) and pays every winner (line_payout); src/domain/slip.ts keeps the
// same rules for the browser. Random slips through the API, across every bet type, two tiers (one with
// its own rates, falling back to the default tier where it has none), restricted prices (a closed
// number, tod numbers keyed by their sorted digits, a price set halfway) and the percent lottery, are
// each checked against the domain rules; then every round is settled and every payout checked too.

const app = useTestApp();

const q = async (sql: string, params: unknown[] = []) => (await app.t.owner.$client.query(sql, params)).rows;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Config = { rate_x100: number; min_stake: number; max_stake: number; discount_percent: number };
const ROUNDS = [
  { lottery: "cambodia", types: ["ThreeDigit", "ThreeDigitToad", "TwoDigitOn", "TwoDigit", "OneDigitOn", "OneDigit"] },
  { lottery: "percent", types: ["ThreeDigit", "ThreeDigitToad", "TwoDigitOn", "TwoDigit", "OneDigitOn", "OneDigit"] },
  {
    lottery: "thai-gov",
    types: [
      "ThreeDigit",
      "ThreeDigitToad",
      "TwoDigitOn",
      "TwoDigit",
      "OneDigitOn",
      "OneDigit",
      "LotteryThreeDigit_front",
      "LotteryThreeDigit_rear",
    ],
  },
] as const satisfies ReadonlyArray<{ lottery: string; types: readonly BetType[] }>;
// Few numbers, so that slips meet the restricted ones and win.
const POOL: Record<number, string[]> = { 1: ["1", "5", "7"], 2: ["12", "21", "55", "07"], 3: ["123", "321", "213", "555", "070"] };

it("every line placed through the API is priced, and every winner paid, by the domain's rules", async () => {
  const { t, admin } = app;
  // The vip tier has its own rates for three-digit lines and two-digit top (and, on the percent lottery,
  // its own discount); for other types it falls back to the default tier.
  await q(`
    insert into lotto_config (lottery_id, bet_type, user_type, rate_x100, min_stake, max_stake, max_per_number, discount_percent)
    select lottery_id, bet_type, 'vip', rate_x100 + 2_500, min_stake, max_stake, max_per_number,
      case when discount_percent > 0 then discount_percent - 5 else 0 end
    from lotto_config where user_type = 'member' and bet_type in ('ThreeDigit', 'ThreeDigitToad', 'TwoDigitOn', 'LotteryThreeDigit_front')`);
  const players: Array<Awaited<ReturnType<typeof createPlayer>> & { tier: string }> = [];
  for (const tier of ["member", "member", "vip", "vip"]) {
    const p = await createPlayer(t);
    await fund(t, admin, p.uuid, 500_000);
    await q("update users set user_type = $1 where id = $2", [tier, p.uuid]);
    players.push({ ...p, tier, token: await loginAs(t, p.username, p.password) });
  }
  const rounds: Array<(typeof ROUNDS)[number] & { id: number }> = [];
  for (const r of ROUNDS) rounds.push({ ...r, id: await makeRound(t.owner, r.lottery, 3_600_000) });

  const configOf = async (lottery: string, tier: string, betType: string): Promise<Config> =>
    (
      await q(
        `select rate_x100, min_stake, max_stake, discount_percent from lotto_config where lottery_id = $1 and bet_type = $2 and user_type in ($3, 'member')
         order by (user_type = $3) desc limit 1`,
        [lottery, betType, tier],
      )
    )[0];
  const setPrice = async (round: number, betType: BetType, number: string, price: number) => {
    await pause(3);
    const res = await call(t.app, betting.adminAddDigitPrice, { activity_id: round, award_type: betType, number, new_price: price }, admin);
    expect(res.ok).toBe(true);
    await pause(3);
  };
  // Restricted numbers: a lower price, a closed number, a tod price set as "321" that holds for "123".
  await setPrice(rounds[0]!.id, "ThreeDigit", "123", 450);
  await setPrice(rounds[0]!.id, "TwoDigit", "55", 0);
  await setPrice(rounds[0]!.id, "ThreeDigitToad", "321", 80);
  await setPrice(rounds[1]!.id, "TwoDigitOn", "12", 35.5);
  await setPrice(rounds[2]!.id, "LotteryThreeDigit_front", "070", 300);
  await setPrice(rounds[2]!.id, "OneDigitOn", "7", 0);

  const line = (types: readonly BetType[]) =>
    fc.constantFrom(...types).chain((bt) =>
      fc.record({
        award_type: fc.constant(bt),
        number: fc.constantFrom(...POOL[betTypeDigits(bt)]!),
        amount: fc.integer({ min: 1, max: 40 }),
      }),
    );
  const slip = fc.integer({ min: 0, max: rounds.length - 1 }).chain((r) =>
    fc.record({
      round: fc.constant(r),
      player: fc.integer({ min: 0, max: players.length - 1 }),
      lines: fc.uniqueArray(line(rounds[r]!.types), { minLength: 1, maxLength: 5, selector: (l) => `${l.award_type}_${l.number}` }),
    }),
  );

  await fc.assert(
    fc.asyncProperty(fc.array(slip, { minLength: 220, maxLength: 220 }), async (slips) => {
      const placed: Array<{ id: number; round: number; player: number }> = [];
      let refusedClosed = 0;
      for (const [i, s] of slips.entries()) {
        const round = rounds[s.round]!;
        const player = players[s.player]!;
        // Halfway, a restricted price changes: a slip on that number just before keeps the rate it was
        // accepted at, one just after gets the new one.
        if (i === 110) {
          for (const when of ["before", "after"]) {
            if (when === "after") await setPrice(rounds[0]!.id, "ThreeDigit", "123", 500);
            const fixed = await call(
              t.app,
              betting.postNumberDigit,
              {
                uuid: player.uuid,
                activityid: rounds[0]!.id,
                datetime: `fixed-${when}`,
                numberlist: [{ award_type: "ThreeDigit", number: "123", amount: 3 }],
              },
              player.token,
            );
            if (!fixed.ok) throw new Error(`fixed slip refused: ${JSON.stringify(fixed.body)}`);
            placed.push({ id: fixed.body.master_id, round: 0, player: s.player });
          }
        }
        const res = await call(
          t.app,
          betting.postNumberDigit,
          { uuid: player.uuid, activityid: round.id, datetime: `p-${i}`, numberlist: s.lines },
          player.token,
        );
        const closed = s.lines.some(
          (l) =>
            (round.id === rounds[0]!.id && l.award_type === "TwoDigit" && l.number === "55") ||
            (round.id === rounds[2]!.id && l.award_type === "OneDigitOn" && l.number === "7"),
        );
        if (closed) {
          // A closed number refuses the slip, and nothing of it is stored.
          expect(res.statusCode).toBe(400);
          expect(res.ok ? "" : res.body.message).toMatch(/ปิดรับแล้ว/);
          refusedClosed += 1;
          continue;
        }
        if (!res.ok) throw new Error(`slip ${i} refused: ${JSON.stringify(res.body)}`);
        placed.push({ id: res.body.master_id, round: s.round, player: s.player });
      }
      expect(placed.length).toBeGreaterThanOrEqual(150);
      expect(refusedClosed).toBeGreaterThan(0);

      const records = (await q("select round_id, bet_type, number, new_price_x100, created_at from digit_prices")) as Array<{
        round_id: string;
        bet_type: string;
        number: string;
        new_price_x100: number;
        created_at: Date;
      }>;
      const lines = (await q(
        `select l.id, l.slip_id, l.bet_type, l.number, l.stake, l.paid, l.rate_x100, line_payout(l.stake, l.rate_x100) as potential, s.created_at, s.user_id, s.total_paid
         from slip_lines l join slips s on s.id = l.slip_id order by l.id`,
      )) as Array<{
        id: string;
        slip_id: string;
        bet_type: BetType;
        number: string;
        stake: string;
        paid: string;
        rate_x100: number;
        potential: string;
        created_at: Date;
        user_id: string;
        total_paid: string;
      }>;
      expect(lines.length).toBeGreaterThanOrEqual(placed.length);
      const roundOfSlip = new Map(placed.map((p) => [p.id, rounds[p.round]!]));
      const tierOf = new Map(players.map((p) => [p.uuid, p.tier]));
      for (const l of lines) {
        const round = roundOfSlip.get(Number(l.slip_id))!;
        const config = await configOf(round.lottery, tierOf.get(l.user_id)!, l.bet_type);
        const prices: PriceRecord[] = records
          .filter((r) => Number(r.round_id) === round.id && r.bet_type === l.bet_type && r.number === exposureNumber(l.bet_type, l.number))
          .map((r) => ({ newPriceX100: r.new_price_x100, at: r.created_at.getTime() }));
        const { rateX100, closed } = effectiveRate(config.rate_x100, prices, l.created_at.getTime());
        expect(closed).toBe(false);
        expect(l.rate_x100, `line ${l.id}`).toBe(rateX100);
        expect(Number(l.paid), `line ${l.id}`).toBe(linePrice(Number(l.stake), config.discount_percent));
        expect(Number(l.potential), `line ${l.id}`).toBe(linePayout(Number(l.stake), rateX100));
      }
      // The halfway price change took effect for later slips only.
      const front123 = lines.filter(
        (l) => roundOfSlip.get(Number(l.slip_id))!.id === rounds[0]!.id && l.bet_type === "ThreeDigit" && l.number === "123",
      );
      expect(new Set(front123.map((l) => l.rate_x100))).toEqual(new Set([45_000, 50_000]));
      // The percent lottery's players paid less than the stake.
      expect(lines.some((l) => Number(l.paid) < Number(l.stake))).toBe(true);

      // Settle every round with a result drawn from the numbers played, then check every payout.
      const credits = await Promise.all(players.map((p) => creditOf(t, p.token)));
      const results: ResultInput[] = [
        { kind: "simple", threeTop: "123", twoBottom: "21" },
        { kind: "simple", threeTop: "213", twoBottom: "07" },
        { kind: "thai", firstPrize: "409555", front3: ["070", "888"], rear3: ["123", "999"], twoDigit: "12" },
      ];
      for (const [i, r] of rounds.entries()) {
        expect((await call(t.app, lottery.closeActivity, { activityid: r.id }, admin)).ok).toBe(true);
        const { kind: _kind, ...fields } = results[i]!;
        const res = await call(t.app, lottery.addAward, { activityid: r.id, ...fields }, admin);
        expect(res.ok, JSON.stringify(res.body)).toBe(true);
      }
      const settled = new Map(
        ((await q("select id, result, payout from slip_lines")) as Array<{ id: string; result: string | null; payout: string | null }>).map(
          (r) => [r.id, r],
        ),
      );
      const gained = players.map(() => 0);
      let winners = 0;
      for (const l of lines) {
        const round = roundOfSlip.get(Number(l.slip_id))!;
        const w = winningNumbers(results[rounds.indexOf(round)]!);
        const wins = lineWins(l.bet_type, l.number, w);
        const s = settled.get(l.id)!;
        expect(s.result, `line ${l.id}`).toBe(wins ? "win" : null);
        expect(s.payout === null ? null : Number(s.payout), `line ${l.id}`).toBe(wins ? linePayout(Number(l.stake), l.rate_x100) : null);
        if (wins) {
          winners += 1;
          gained[players.findIndex((p) => p.uuid === l.user_id)]! += linePayout(Number(l.stake), l.rate_x100);
        }
      }
      expect(winners).toBeGreaterThan(10);
      const after = await Promise.all(players.map((p) => creditOf(t, p.token)));
      after.forEach((a, i) => expect(Math.round((a - credits[i]!) * 100)).toBe(gained[i]));
      expect((await ledgerCheck(t, admin)).ok).toBe(true);
    }),
    { numRuns: 1, endOnFailure: true },
  );
});
