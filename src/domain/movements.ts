// The closed list of money movement kinds (docs/decisions/013). The database keeps the same list in
// movement_kinds, which every ledger_transactions row must name (tests/api/ledger-primitive.test.ts
// checks the two agree); a new kind of movement is added to both, in a migration and here.
export const MOVEMENT_KINDS = {
  deposit: "ฝากเงิน",
  "withdrawal.hold": "ถอนเงิน (รอดำเนินการ)",
  "withdrawal.paid": "ถอนเงินสำเร็จ",
  "withdrawal.refund": "คืนยอดถอน",
  "adjust.credit": "เพิ่มเครดิตโดยเจ้าหน้าที่",
  "adjust.debit": "หักเครดิตโดยเจ้าหน้าที่",
  stake: "แทงหวย",
  "stake.refund": "คืนเงินแทง",
  payout: "รางวัล",
  "payout.reversal": "เรียกคืนรางวัล (แก้ผล)",
  "yeekee.reward": "รางวัลยิงเลขยี่กี",
  commission: "ค่าคอมแนะนำเพื่อน",
  "commission.reversal": "เรียกคืนค่าคอม (ยกเลิกงวด)",
  "affiliate.withdrawal": "โยกค่าคอมเข้าเครดิต",
  "bonus.redeem": "แลกแต้มเป็นเครดิต",
  "game.stake": "เดิมพันเกม",
  "game.payout": "รางวัลเกม",
  "game.refund": "คืนเดิมพันเกม",
} as const satisfies Record<string, string>;

export type MovementKind = keyof typeof MOVEMENT_KINDS;

export const isMovementKind = (kind: string): kind is MovementKind => Object.hasOwn(MOVEMENT_KINDS, kind);

/** The Thai label of a movement kind; an unknown kind (a newer server) shows as it is. */
export const movementLabel = (kind: string): string => (isMovementKind(kind) ? MOVEMENT_KINDS[kind] : kind);
