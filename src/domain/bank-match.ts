import type { Satang } from "./money";

// Automatic deposits (ฝากออโต้): which deposit request a bank's record of an incoming transfer is, and whether it may
// credit by itself (docs/decisions/045-automatic-deposits.md). Pure: the server and the tests pass every fact in.

/** Why a record waits for the operator; the same values as BankWaitReason of src/contract/bank.ts. */
export type WaitReason =
  | "no_request"
  | "several_requests"
  | "sender_mismatch"
  | "request_not_open"
  | "outside_window"
  | "wrong_account"
  | "auto_off"
  | "over_auto_max";

/** The sender's account as shown, compared without separators and with every mask character as `x`. */
export function normaliseShownAccount(shown: string | null | undefined): string {
  return (shown ?? "").replace(/[\s-]/g, "").replace(/[X*]/g, "x");
}

/**
 * The one key a transfer is stored under in its receiving account, whichever channel delivers it:
 * the bank's reference when it gives one, else the time (to the millisecond, UTC), the amount and the sender as shown.
 */
export function dedupeKey(r: {
  bankRef: string | null | undefined;
  time: Date;
  amount: Satang | number | bigint;
  fromAccount: string | null | undefined;
}): string {
  const ref = r.bankRef?.trim();
  if (ref) return `ref:${ref}`;
  return `at:${r.time.toISOString()}|${String(r.amount)}|${normaliseShownAccount(r.fromAccount)}`;
}

/**
 * Whether the digits a bank shows of the sender ("xxx-x-x1234-x", "X1234", "*1234") fit the player's registered account.
 * The shown account is laid against the registered one from the right (so with equal lengths, position by position;
 * with a shorter one, as its last digits); every shown digit must equal the registered digit there.
 * null: unknown (no digit shown, or no registered account), which never blocks a match.
 */
export function senderFits(shown: string | null | undefined, registeredBankNo: string | null | undefined): boolean | null {
  const mask = normaliseShownAccount(shown);
  if (!/\d/.test(mask)) return null;
  const registered = (registeredBankNo ?? "").replace(/\D/g, "");
  if (!registered) return null;
  const offset = registered.length - mask.length;
  for (let i = 0; i < mask.length; i++) {
    const c = mask[i]!;
    if (!/\d/.test(c)) continue;
    const at = offset + i;
    if (at < 0 || registered[at] !== c) return false;
  }
  return true;
}

export type RequestState = "open" | "used" | "closed" | "expired" | "cancelled";

/** A deposit request with the record's exact amount. */
export interface MatchCandidate {
  id: number;
  state: RequestState;
  /** The receiving account the request named; null for a request that named only a PromptPay id. */
  siteBankId: number | null;
  promptpayId: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** The player's registered bank account number. */
  playerBankNo: string | null;
}

export interface MatchRecord {
  siteBankId: number;
  /** The receiving account's PromptPay id, if it has one. */
  sitePromptpayId: string | null;
  amount: Satang | number;
  time: Date;
  fromAccount: string | null;
}

export interface MatchSettings {
  autoApprove: boolean;
  /** Baht. */
  autoMax: number;
  clockToleranceMinutes: number;
}

/** How one request compares with the record, as the operator's queue shows it. */
export interface CandidateFit {
  sameAccount: boolean;
  open: boolean;
  inWindow: boolean;
  senderFits: boolean | null;
}

export function candidateFit(record: MatchRecord, c: MatchCandidate, toleranceMinutes: number): CandidateFit {
  const tolerance = toleranceMinutes * 60_000;
  const t = record.time.getTime();
  const sameAccount =
    c.siteBankId !== null
      ? c.siteBankId === record.siteBankId
      : c.promptpayId !== null && record.sitePromptpayId !== null && c.promptpayId === record.sitePromptpayId;
  return {
    sameAccount,
    open: c.state === "open" || c.state === "used",
    inWindow: t >= c.createdAt.getTime() - tolerance && t <= c.expiresAt.getTime() + tolerance,
    senderFits: senderFits(record.fromAccount, c.playerBankNo),
  };
}

export type MatchDecision<C extends MatchCandidate = MatchCandidate> =
  | { kind: "match"; candidate: C }
  /** `candidate`: the one request that fits, when it waits only for the operator's settings. */
  | { kind: "wait"; reason: WaitReason; candidate: C | null };

/** The checks in the order a request is held to them; a request failing none fits the record. */
const CHECKS: { reason: WaitReason; passes: (f: CandidateFit) => boolean }[] = [
  { reason: "wrong_account", passes: (f) => f.sameAccount },
  { reason: "request_not_open", passes: (f) => f.open },
  { reason: "outside_window", passes: (f) => f.inWindow },
  { reason: "sender_mismatch", passes: (f) => f.senderFits !== false },
];

/**
 * The record's request, or why it waits. `candidates` are the requests with the record's exact amount (any state).
 * When none fits, the reason is the first check failed by the request that came furthest through them, so the
 * operator reads the nearest miss (a live request whose sender does not fit, rather than an old cancelled one).
 */
export function decideMatch<C extends MatchCandidate>(record: MatchRecord, candidates: C[], settings: MatchSettings): MatchDecision<C> {
  if (candidates.length === 0) return { kind: "wait", reason: "no_request", candidate: null };
  const fitting: C[] = [];
  let nearest: { depth: number; reason: WaitReason } | null = null;
  for (const c of candidates) {
    const fit = candidateFit(record, c, settings.clockToleranceMinutes);
    const failed = CHECKS.findIndex((check) => !check.passes(fit));
    if (failed === -1) {
      fitting.push(c);
      continue;
    }
    if (!nearest || failed > nearest.depth) nearest = { depth: failed, reason: CHECKS[failed]!.reason };
  }
  if (fitting.length > 1) return { kind: "wait", reason: "several_requests", candidate: null };
  const [only] = fitting;
  if (!only) return { kind: "wait", reason: nearest!.reason, candidate: null };
  if (!settings.autoApprove) return { kind: "wait", reason: "auto_off", candidate: only };
  // autoMax is baht with satang at most; compared in satang so 50000.00 itself still credits by itself.
  if (Number(record.amount) > Math.round(settings.autoMax * 100)) return { kind: "wait", reason: "over_auto_max", candidate: only };
  return { kind: "match", candidate: only };
}
