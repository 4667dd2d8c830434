import type { AwardLine } from "../../../contract/lottery";
import type { NumberRecord, readNumberRecord } from "../../../contract/yeekee";
import type { ResponseOf } from "../../../contract/route";
import { type ChainVerification, seedCommitment, verifyChain, type YeekeeResult, yeekeeOffset, yeekeeResult } from "../../../domain/yeekee";

/** The result as published in a round's award lines. */
export interface PublishedResult {
  top3: string;
  bottom2: string;
  /** R, five digits: the two bottom digits followed by the three top digits. */
  result: string;
  sum: string | null;
  oneRecord: string | null;
  sixteenRecord: string | null;
  oneHundredRecord: string | null;
}

/** The yeekee result read from award lines; null while the round has none. */
export function publishedResult(lines: readonly Pick<AwardLine, "award_type" | "number">[]): PublishedResult | null {
  const line = (type: AwardLine["award_type"]) => lines.find((l) => l.award_type === type)?.number ?? null;
  const top3 = line("ThreeDigit");
  const bottom2 = line("TwoDigit");
  if (top3 === null || bottom2 === null) return null;
  return {
    top3,
    bottom2,
    result: `${bottom2}${top3}`,
    sum: line("Predicttotal"),
    oneRecord: line("OneRecord"),
    sixteenRecord: line("SixteenRecord"),
    oneHundredRecord: line("OneHundredRecord"),
  };
}

/** Why a round was cancelled, as the server says it with the shots (null: it was not). */
export type CancelReason = ResponseOf<typeof readNumberRecord>["cancelled"];

/**
 * The cancellation in plain Thai: a cancelled round has no result, so its check says why instead of
 * comparing a computed result with one that was never published (docs/decisions/034).
 */
export function cancelledText(cancelled: CancelReason): string {
  if (cancelled === null) return "";
  const refund = "รอบนี้จึงไม่มีผลรางวัล และคืนเงินทุกโพย";
  if (cancelled.reason === "operator") return `ผู้ดูแลระบบยกเลิกรอบนี้ ${refund}`;
  return cancelled.minShots === null
    ? `ยกเลิกรอบนี้เพราะยิงเลขเพียง ${cancelled.shots} เลข ไม่ถึงจำนวนขั้นต่ำที่ผู้ดูแลกำหนด ${refund}`
    : `ยกเลิกรอบนี้เพราะยิงเลขเพียง ${cancelled.shots} เลข น้อยกว่าขั้นต่ำ ${cancelled.minShots} เลขที่ผู้ดูแลกำหนด ${refund}`;
}

export interface ResultCheck {
  label: string;
  recomputed: string;
  published: string;
  ok: boolean;
}

/** The sealed seed checked against the commitment published from the round's start. */
export interface SealCheck {
  /** The commitment published with the shots (null: a round decided before seeds existed). */
  commitment: string | null;
  /** The seed, once revealed at the result time. */
  seed: string | null;
  /** SHA-256(seed) equals the commitment published, and the one this page saw earlier; null before the reveal. */
  commitmentMatches: boolean | null;
  /** HMAC-SHA256(seed, recomputed head) as the rule reads it; null before the reveal. */
  offset: number | null;
  /** The offset the server says it used. */
  publishedOffset: number | null;
}

export interface Verification {
  shots: number;
  chain: ChainVerification;
  /** The recomputed head equals the head published with the list, and the count matches. */
  headMatches: boolean;
  /** The shot at the count seen live carries the head seen live (null when nothing was seen live). */
  liveHeadMatches: boolean | null;
  seal: SealCheck;
  /** The recomputation with no minimum (the minimum only decides whether the round is void); null for a cancelled round. */
  computed: YeekeeResult | null;
  /** The round was cancelled: there is no result to recompute or compare. */
  cancelled: boolean;
  checks: ResultCheck[];
  /** Every check of the published result agrees; null when there is no published result. */
  resultMatches: boolean | null;
  /** The chain holds, ends at the published head, and the result (if any) is the recomputed one. */
  chainOk: boolean;
}

/**
 * Recomputes a round in the browser from its published shots with the domain's own rules: the hash
 * chain from the genesis hash, compared with the published and the live heads; the revealed seed,
 * compared with the commitment published from the start; the offset HMAC-SHA256(seed, head); and the
 * result (sum − the 16th shot from the last + offset, mod 100000), compared with the award lines.
 * A cancelled round has no result: its chain and seed are still checked, nothing else.
 */
export function verifyRound(input: {
  records: readonly NumberRecord[];
  publishedHead: string;
  publishedCount: number;
  liveHead?: string | null;
  liveCount?: number;
  /** The commitment and seed published with the shots, and the offset the result was decided with. */
  seedCommitment?: string | null;
  seed?: string | null;
  publishedOffset?: number | null;
  /** The commitment this page saw before the result (from the round list), if any. */
  seenCommitment?: string | null;
  awardLines: readonly Pick<AwardLine, "award_type" | "number">[];
  /** The round was cancelled (too few shots for the operator's minimum, or by the operator). */
  cancelled?: boolean;
}): Verification {
  const cancelled = input.cancelled ?? false;
  const records = [...input.records].sort((a, b) => a.seq - b.seq);
  const chain = verifyChain(records.map((r) => ({ seq: r.seq, number: r.number, userId: r.shooter, at: r.at, hash: r.hash })));
  const headMatches = chain.ok && chain.head === input.publishedHead && input.publishedCount === records.length;
  let liveHeadMatches: boolean | null = null;
  if (input.liveHead && input.liveCount && input.liveCount > 0) {
    liveHeadMatches = chain.ok && records[input.liveCount - 1]?.hash === input.liveHead;
  }

  const commitment = input.seedCommitment ?? null;
  const seed = input.seed ?? null;
  let commitmentMatches: boolean | null = null;
  let offset: number | null = null;
  if (seed !== null) {
    try {
      commitmentMatches = commitment !== null && seedCommitment(seed) === commitment && (input.seenCommitment ?? commitment) === commitment;
      offset = chain.ok && !cancelled ? yeekeeOffset(seed, chain.head) : null;
    } catch {
      commitmentMatches = false;
    }
  }
  const seal: SealCheck = { commitment, seed, commitmentMatches, offset, publishedOffset: input.publishedOffset ?? null };

  let computed: YeekeeResult | null = null;
  try {
    // Before the reveal the offset is unknown: what shows is the sum rule alone (offset 0).
    computed = cancelled
      ? null
      : yeekeeResult(
          records.map((r) => r.number),
          0,
          offset ?? 0,
        );
  } catch {
    computed = null;
  }

  const published = publishedResult(input.awardLines);
  const checks: ResultCheck[] = [];
  if (published && computed && !computed.void) {
    const add = (label: string, recomputed: string | null, value: string | null) =>
      checks.push({ label, recomputed: recomputed ?? "-", published: value ?? "-", ok: recomputed === value });
    add("ผลรวม (Predicttotal)", computed.sum.toString(), published.sum);
    if (commitment !== null) {
      add("เมล็ดสุ่มตรงกับที่ผูกมัดไว้", seed === null ? null : commitmentMatches ? "ตรง" : "ไม่ตรง", "ตรง");
      add("ค่าชดเชย (offset)", offset === null ? null : String(offset), seal.publishedOffset === null ? null : String(seal.publishedOffset));
    }
    add("ลำดับที่ 16 (SixteenRecord)", computed.sixteenRecord, published.sixteenRecord);
    add("ลำดับที่ 1 (OneRecord)", computed.oneRecord, published.oneRecord);
    if (computed.oneHundredRecord !== null || published.oneHundredRecord !== null)
      add("ลำดับที่ 100", computed.oneHundredRecord, published.oneHundredRecord);
    add("ผล R", computed.result, published.result);
    add("สามตัวบน", computed.top3, published.top3);
    add("สองตัวล่าง", computed.bottom2, published.bottom2);
  }
  const resultMatches = published ? checks.length > 0 && checks.every((c) => c.ok) : null;
  const chainOk = chain.ok && headMatches && liveHeadMatches !== false;
  return { shots: records.length, chain, headMatches, liveHeadMatches, seal, computed, cancelled, checks, resultMatches, chainOk };
}
