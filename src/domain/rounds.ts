// A round's status, as the specification names them: open for bets, closed (waiting for the result),
// result added ("add award"), cancelled ("cancel activity"). The one list: the database's CHECK, the
// contract's enum and the slip status rule all use it.
export const ROUND_STATUSES = ["open", "closed", "add award", "cancel activity"] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
