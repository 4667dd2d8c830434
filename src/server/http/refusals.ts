import { z } from "zod";
import { BET_TYPE_LABELS, BET_TYPES, type BetType } from "../../domain/bet-types";
import { baht, formatMoney, satangToBaht } from "../../domain/money";
import { LIMIT_KINDS, LIMIT_PERIODS } from "../../domain/rg";
import { RG_REALITY_MESSAGE, rgClosedMessage, rgLimitMessage } from "../rg/messages";
import { pgError } from "../db/errors";
import { ApiError } from "./errors";
import type { RefusalReason } from "../../contract/common";

/**
 * What the database refuses on the bet path, in yeekee and in the ledger (docs/decisions/013): a named
 * value with typed fields. SQL raises it as SQLSTATE LR000 with the name as the message and the fields
 * as JSON in the detail, or returns it as JSON ({kind, ...fields}) for one item of a batch; this module
 * reads both and maps every refusal, in one exhaustive table, to its HTTP code and Thai message.
 */
const betType = z.enum(BET_TYPES);
export const Refusal = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("round_not_found") }),
  z.object({ kind: z.literal("round_closed") }),
  z.object({ kind: z.literal("no_credit_account") }),
  z.object({ kind: z.literal("bet_type_not_offered"), betType }),
  z.object({ kind: z.literal("stake_below_minimum"), betType, number: z.string(), minStakeBaht: z.number() }),
  z.object({ kind: z.literal("stake_above_maximum"), betType, number: z.string(), maxStakeBaht: z.number() }),
  z.object({ kind: z.literal("number_closed"), betType, number: z.string() }),
  z.object({ kind: z.literal("number_full"), betType, number: z.string(), leftSatang: z.coerce.bigint() }),
  z.object({ kind: z.literal("insufficient_funds"), accountId: z.coerce.number().optional() }),
  z.object({ kind: z.literal("not_a_yeekee_round") }),
  z.object({ kind: z.literal("outside_shooting_time") }),
  z.object({ kind: z.literal("shooting_too_fast"), intervalSeconds: z.number() }),
  z.object({ kind: z.literal("rg_closed"), until: z.string() }),
  z.object({ kind: z.literal("rg_reality_check") }),
  z.object({ kind: z.literal("rg_limit"), limitKind: z.enum(LIMIT_KINDS), period: z.enum(LIMIT_PERIODS), leftSatang: z.coerce.bigint() }),
]);
export type Refusal = z.infer<typeof Refusal>;
type Kind = Refusal["kind"];
// The contract lists the same names for the browser; each list must hold exactly the other's.
const sameKinds: [Kind, RefusalReason] extends [RefusalReason, Kind] ? true : never = true;
void sameKinds;

const label = (t: BetType) => BET_TYPE_LABELS[t];

/** Every refusal's answer. Adding a refusal without its line here does not compile. */
const ANSWERS: { [K in Kind]: (r: Extract<Refusal, { kind: K }>) => [status: number, message: string] } = {
  round_not_found: () => [404, "ไม่พบงวดนี้"],
  round_closed: () => [409, "งวดนี้ปิดรับแทงแล้ว"],
  no_credit_account: () => [404, "ไม่พบบัญชีเครดิตของผู้เล่น"],
  bet_type_not_offered: (r) => [400, `หวยนี้ไม่มีการแทง${label(r.betType)}`],
  stake_below_minimum: (r) => [400, `ยอดแทงขั้นต่ำ ${formatMoney(baht(r.minStakeBaht))} บาท (${label(r.betType)} ${r.number})`],
  stake_above_maximum: (r) => [400, `ยอดแทงสูงสุด ${formatMoney(baht(r.maxStakeBaht))} บาท (${label(r.betType)} ${r.number})`],
  number_closed: (r) => [400, `เลข ${r.number} (${label(r.betType)}) ปิดรับแล้ว`],
  number_full: (r) => [400, `เลข ${r.number} (${label(r.betType)}) รับแทงได้อีก ${formatMoney(satangToBaht(r.leftSatang))} บาท`],
  insufficient_funds: () => [400, "เครดิตไม่พอสำหรับโพยนี้"],
  not_a_yeekee_round: () => [400, "งวดนี้ไม่ใช่หวยยี่กี"],
  outside_shooting_time: () => [409, "ไม่อยู่ในเวลายิงเลขของงวดนี้"],
  shooting_too_fast: (r) => [429, `ยิงเลขได้ทุก ${r.intervalSeconds} วินาที`],
  rg_closed: (r) => [403, rgClosedMessage(r.until)],
  rg_reality_check: () => [409, RG_REALITY_MESSAGE],
  rg_limit: (r) => [400, rgLimitMessage(r.limitKind, r.period, r.leftSatang)],
};

/** The ApiError a refusal is answered with. */
export function refusalError(r: Refusal): ApiError {
  const [status, message] = (ANSWERS[r.kind] as (x: Refusal) => [number, string])(r);
  return new ApiError(status, message, "Error", r.kind);
}

/** A refusal returned as JSON by a batch function; a shape this module does not know is a bug and throws. */
export function parseRefusal(json: unknown): Refusal {
  return Refusal.parse(json);
}

/** The refusal a database error carries (SQLSTATE LR000), or null for any other error. */
export function refusalOf(e: unknown): Refusal | null {
  const err = pgError(e) as { code?: string; message?: string; detail?: string };
  if (err.code !== "LR000") return null;
  return Refusal.parse({ ...(err.detail ? (JSON.parse(err.detail) as object) : {}), kind: err.message });
}
