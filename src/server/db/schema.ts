import { sql } from "drizzle-orm";
import { ROUND_STATUSES } from "../../domain/rounds";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  primaryKey,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    bankAccountName: text("bank_account_name"),
    bankNo: text("bank_no"),
    bankCode: text("bank_code"),
    referrerId: uuid("referrer_id").references((): AnyPgColumn => users.id),
    userType: text("user_type").notNull().default("member"),
    role: text("role", { enum: ["player", "admin"] })
      .notNull()
      .default("player"),
    state: text("state", { enum: ["active", "banned"] })
      .notNull()
      .default("active"),
    /** Consecutive failed sign-ins; at the limit the account is locked for a while. */
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username),
    uniqueIndex("users_phone_key").on(t.phone),
    // One bank account number, one player, whatever bank it is at (docs/decisions/002).
    uniqueIndex("users_bank_no_key").on(t.bankNo),
    index("users_referrer_idx").on(t.referrerId),
    check("users_role_check", sql`${t.role} in ('player', 'admin')`),
    check(
      "users_player_has_bank",
      sql`${t.role} = 'admin' or (${t.phone} is not null and ${t.bankNo} is not null and ${t.bankCode} is not null)`,
    ),
  ],
);

/** One row a sign-in; a token names its session (jti), so logout and password change revoke it. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    passwordCheckedAt: timestamp("password_checked_at", { withTimezone: true }),
    /** When this admin session passed the second factor (TOTP or a recovery code); the back office needs it. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const phoneVerifications = pgTable("phone_verifications", {
  phone: text("phone").primaryKey(),
  codeHash: text("code_hash").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  /** Registration must come with the token /check-otp returned, or from the address that verified. */
  verifiedIp: text("verified_ip"),
  tokenHash: text("token_hash"),
});

/**
 * An admin's second factor (docs/decisions/024): a TOTP secret, sealed (AES-256-GCM, key derived from JWT_SECRET) so a
 * copy of the database alone does not give the codes. Never returned after enrolment.
 */
export const adminSecondFactors = pgTable("admin_second_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  /** The confirmed secret, sealed; null until a first code confirms an enrolment. */
  secret: text("secret"),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** A secret shown to the admin and not yet confirmed by a code; it replaces `secret` when confirmed. */
  pendingSecret: text("pending_secret"),
  pendingAt: timestamp("pending_at", { withTimezone: true }),
  /** The step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  lastStep: bigint("last_step", { mode: "number" }).notNull().default(0),
});

/** One-time recovery codes of an admin's second factor, stored as SHA-256 of 80 random bits each. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admin_recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

/**
 * A password accepted for an admin with a second factor: the token the browser shows back with the code.
 * Bound to the address the password came from; used once; a few minutes and a few attempts.
 */
export const adminSignInChallenges = pgTable(
  "admin_sign_in_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("admin_sign_in_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * A player's money account. ledger_post() (db/functions/ledger_post.sql) is the only writer of `balance`;
 * the CHECK is the last line of defence against an overdraft.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid("owner_id").references(() => users.id),
    kind: text("kind").notNull(),
    /** House accounts are split in shards so no single row is updated by every movement. */
    shard: integer("shard").notNull().default(0),
    balance: bigint("balance", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_owner_kind_key").on(t.ownerId, t.kind),
    uniqueIndex("accounts_house_kind_shard_key")
      .on(t.kind, t.shard)
      .where(sql`${t.ownerId} is null`),
    check("accounts_player_balance_nonnegative", sql`${t.ownerId} is null or ${t.balance} >= 0`),
  ],
);

export const siteConfig = pgTable("site_config", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    target: text("target"),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    // One kind of action by time: the yeekee minimum in effect at a round's result time is read by the
    // ticker under the round's lock (docs/decisions/034); without it that read walked the whole log.
    index("audit_log_action_at_idx").on(t.action, t.at),
  ],
);

/** The closed list of movement kinds (src/domain/movements.ts keeps the same list with Thai labels). */
export const movementKinds = pgTable("movement_kinds", {
  kind: text("kind").primaryKey(),
});

/** One money movement: its entries always sum to zero (double entry). Append-only. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind")
      .notNull()
      .references(() => movementKinds.kind),
    /** What the movement belongs to, e.g. "paynow:12" or "withdrawal:7". */
    reference: text("reference"),
    actorId: uuid("actor_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_transactions_reference_idx").on(t.reference),
    // The back office's reports read movements by period (Bangkok days, docs/decisions/027). BRIN, not a b-tree: rows
    // arrive in time order, so block ranges suffice, and every posting on the bet path stays one b-tree lighter.
    index("ledger_transactions_created_brin").using("brin", t.createdAt),
    // A backstop under the guarded status changes: these movements can happen once per record.
    uniqueIndex("ledger_transactions_once_key")
      .on(t.kind, t.reference)
      .where(sql`${t.kind} in ('deposit', 'withdrawal.hold', 'withdrawal.paid', 'withdrawal.refund')`),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint("transaction_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The account's balance right after this entry (kept for player accounts' money log). */
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
    check("ledger_entries_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);

/** A money call retried with the same key is answered from here instead of being applied again. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id").notNull(),
    route: text("route").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);

/** An amount handed out by /api/gent-amount: unique among open requests so a bank line matches one player. */
export const depositRequests = pgTable(
  "deposit_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    transection: text("transection").notNull(),
    /**
     * open → used (reported, waiting for the operator) → closed (decided); or open → expired, or
     * open → cancelled by the player (docs/decisions/035-open-deposit-request.md).
     */
    state: text("state", { enum: ["open", "used", "closed", "expired", "cancelled"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The account and PromptPay id the player was told to pay into: shown again on every visit (decision 035). */
    siteBankId: bigint("site_bank_id", { mode: "number" }).references(() => siteBankAccounts.id),
    promptpayId: text("promptpay_id"),
  },
  (t) => [
    uniqueIndex("deposit_requests_transection_key").on(t.transection),
    // The amount stays reserved until the operator decides, so one bank line matches one player.
    uniqueIndex("deposit_requests_live_amount_key")
      .on(t.amount)
      .where(sql`${t.state} in ('open', 'used')`),
    index("deposit_requests_user_idx").on(t.userId),
  ],
);

/** A transfer the player reports (/api/add-paynow); credited only when an operator approves it. */
export const payRecords = pgTable(
  "pay_records",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    depositRequestId: bigint("deposit_request_id", { mode: "number" }).references(() => depositRequests.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    paytime: timestamp("paytime", { withTimezone: true }).notNull(),
    comment: text("comment").notNull().default(""),
    bankCode: text("bank_code").notNull(),
    transection: text("transection").notNull(),
    status: text("status", { enum: ["Pending", "Approve", "Reject"] })
      .notNull()
      .default("Pending"),
    subsidyStatus: text("subsidy_status").notNull().default("No"),
    slip: bytea("slip"),
    slipType: text("slip_type"),
    requestHash: text("request_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by"),
  },
  (t) => [
    uniqueIndex("pay_records_transection_key").on(t.transection),
    index("pay_records_user_idx").on(t.userId, t.createdAt),
    index("pay_records_pending_idx").on(t.status, t.id),
    check("pay_records_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    note: text("note").notNull().default(""),
    bankCode: text("bank_code").notNull(),
    bankNo: text("bank_no").notNull(),
    bankAccountName: text("bank_account_name").notNull(),
    status: text("status", { enum: ["Pending", "Approve", "Reject"] })
      .notNull()
      .default("Pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by"),
  },
  (t) => [
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_pending_idx").on(t.status, t.id),
    check("withdrawals_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** The site's own bank accounts that receive deposits. */
export const siteBankAccounts = pgTable("site_bank_accounts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  bankCode: text("bank_code").notNull(),
  bankNo: text("bank_no").notNull(),
  accountName: text("account_name").notNull(),
  promptpayId: text("promptpay_id"),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The catalogue: one row per lottery, with its group, how its result is entered and its schedule. */
export const lotteries = pgTable("lotteries", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  group: text("group").notNull(),
  category: text("category").notNull(),
  resultKind: text("result_kind").notNull(),
  schedule: jsonb("schedule").notNull(),
  active: boolean("active").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A round (the specification's "activity"): open → closed → 'add award', or 'cancel activity'. */
export const rounds = pgTable(
  "rounds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    lotteryId: text("lottery_id")
      .notNull()
      .references(() => lotteries.id),
    roundNo: integer("round_no").notNull(),
    drawDate: date("draw_date", { mode: "string" }).notNull(),
    openAt: timestamp("open_at", { withTimezone: true }).notNull(),
    closeAt: timestamp("close_at", { withTimezone: true }).notNull(),
    resultAt: timestamp("result_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ROUND_STATUSES }).notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    result: jsonb("result"),
    /** When the round's accruals (referral commission, privilege points) were settled in full (null while work is left). */
    accrualsSettledAt: timestamp("accruals_settled_at", { withTimezone: true }),
    /**
     * True for the round that is its lottery's draw of (draw date, round number), as the planner made it; false
     * for a twin left from before decision 033 (or a round made by hand outside the plan).
     */
    holdsSlot: boolean("holds_slot").notNull().default(false),
    /**
     * For a twin migration 0029 found (a second round of a draw, left by the planner before decision 033):
     * the round that holds the draw. Start-up cancels and refunds exactly these; a round made by hand
     * later (a test, the benchmark) is never taken for a twin.
     */
    twinOf: bigint("twin_of", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A round is one draw, keyed by its scheduled slot, never by a time an operator can move (close early,
    // cancel): two instances, a restart or a replan insert each draw once (docs/decisions/033).
    uniqueIndex("rounds_lottery_slot_key")
      .on(t.lotteryId, t.drawDate, t.roundNo)
      .where(sql`${t.holdsSlot}`),
    index("rounds_lottery_close_idx").on(t.lotteryId, t.closeAt),
    index("rounds_status_close_idx").on(t.status, t.closeAt),
    index("rounds_draw_date_idx").on(t.drawDate),
    check("rounds_status_check", sql`${t.status} in (${sql.raw(ROUND_STATUSES.map((x) => `'${x}'`).join(", "))})`),
    check("rounds_times_check", sql`${t.openAt} < ${t.closeAt} and ${t.closeAt} <= ${t.resultAt}`),
  ],
);

export const roundAwards = pgTable(
  "round_awards",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    awardType: text("award_type").notNull(),
    number: text("number").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("round_awards_round_idx").on(t.roundId)],
);

/** Every change of a round's state or result, with who and why (cancel logs, corrections, feed). */
export const roundEvents = pgTable(
  "round_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    event: text("event").notNull(),
    actorId: uuid("actor_id"),
    note: text("note"),
    data: jsonb("data"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("round_events_round_idx").on(t.roundId, t.event)],
);

/** /api/cache-data: a small per-player key-value store the original client uses. */
export const userCache = pgTable(
  "user_cache",
  {
    userId: uuid("user_id").notNull(),
    key: text("key").notNull(),
    val: text("val").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Payout rate (×100: 3.2 → 320), stake limits and per-number exposure per lottery, bet type and tier. */
export const lottoConfig = pgTable(
  "lotto_config",
  {
    lotteryId: text("lottery_id")
      .notNull()
      .references(() => lotteries.id),
    betType: text("bet_type").notNull(),
    userType: text("user_type").notNull(),
    rateX100: integer("rate_x100").notNull(),
    minStake: integer("min_stake").notNull(),
    maxStake: integer("max_stake").notNull(),
    /** Most that all players together may stake on one number of this type in one round (baht). */
    maxPerNumber: integer("max_per_number").notNull(),
    /** Percent lotto: the player pays stake × (100 − discount) / 100. */
    discountPercent: integer("discount_percent").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lotteryId, t.betType, t.userType] }),
    check(
      "lotto_config_ranges",
      sql`${t.rateX100} >= 0 and ${t.minStake} >= 1 and ${t.maxStake} >= ${t.minStake} and ${t.maxPerNumber} >= ${t.maxStake} and ${t.discountPercent} between 0 and 99`,
    ),
  ],
);

/**
 * Restricted numbers: a later record overrides the rate of one number in one round; 0 closes it, no price
 * (null) reopens it at the config rate (docs/decisions/050).
 */
export const digitPrices = pgTable(
  "digit_prices",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    betType: text("bet_type").notNull(),
    number: text("number").notNull(),
    newPriceX100: integer("new_price_x100"),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("digit_prices_round_idx").on(t.roundId, t.betType, t.number, t.createdAt),
    check("digit_prices_price_not_negative", sql`${t.newPriceX100} >= 0`),
  ],
);

/** Total staked per number and round, kept with a guarded add so the limit holds under concurrency. */
export const numberExposure = pgTable(
  "number_exposure",
  {
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    betType: text("bet_type").notNull(),
    number: text("number").notNull(),
    totalStake: bigint("total_stake", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.betType, t.number] }), check("number_exposure_nonnegative", sql`${t.totalStake} >= 0`)],
);

/** A bet slip (the specification's master): its lines, what was paid, and its status. */
export const slips = pgTable(
  "slips",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    /** Sum of stakes (satang). */
    totalStake: bigint("total_stake", { mode: "bigint" }).notNull(),
    /** What the player paid (satang): the stakes less any percent-lotto discount. */
    totalPaid: bigint("total_paid", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["active", "non reactive", "cancel activity"] })
      .notNull()
      .default("active"),
    /** The client's own timestamp and a hash of the request: a resubmitted slip is recognised. */
    clientDatetime: text("client_datetime"),
    requestKey: text("request_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("slips_request_key").on(t.userId, t.requestKey),
    index("slips_user_idx").on(t.userId, t.createdAt),
    index("slips_round_idx").on(t.roundId, t.status),
    check("slips_status_check", sql`${t.status} in ('active', 'non reactive', 'cancel activity')`),
  ],
);

export const slipLines = pgTable(
  "slip_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slipId: bigint("slip_id", { mode: "number" })
      .notNull()
      .references(() => slips.id),
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    userId: uuid("user_id").notNull(),
    betType: text("bet_type").notNull(),
    number: text("number").notNull(),
    stake: bigint("stake", { mode: "bigint" }).notNull(),
    paid: bigint("paid", { mode: "bigint" }).notNull(),
    rateX100: integer("rate_x100").notNull(),
    /** null until settled; then 'win' or 'lose' with the payout credited (0 for a loss). */
    result: text("result"),
    payout: bigint("payout", { mode: "bigint" }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("slip_lines_slip_idx").on(t.slipId),
    // Settlement joins a round's lines with its few winning (bet type, number) pairs.
    index("slip_lines_round_number_idx").on(t.roundId, t.betType, t.number),
    check("slip_lines_result_check", sql`${t.result} is null or ${t.result} in ('win', 'lose')`),
  ],
);

export const draftDigits = pgTable(
  "draft_digits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    numberlistStr: text("numberlist_str").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("draft_digits_user_idx").on(t.userId)],
);

/**
 * The (bet type, number) pairs that win in a round, written with its result. Settlement touches only
 * the lines matching them: a line of a round with a result and no 'win' mark has lost.
 */
export const roundWinningPairs = pgTable(
  "round_winning_pairs",
  {
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    betType: text("bet_type").notNull(),
    number: text("number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.betType, t.number] })],
);

/** Each yeekee round's chain: the number of shots so far and the hash of the last one. */
export const yeekeeChains = pgTable("yeekee_chains", {
  roundId: bigint("round_id", { mode: "number" })
    .primaryKey()
    .references(() => rounds.id),
  seq: integer("seq").notNull().default(0),
  head: text("head").notNull(),
});

/** Numbers shot by players, in receive order, each hash chained to the previous one. Append-only. */
export const yeekeeShots = pgTable(
  "yeekee_shots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    seq: integer("seq").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    number: text("number").notNull(),
    /** The instant as text, exactly as hashed. */
    at: text("at").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    uniqueIndex("yeekee_shots_round_seq_key").on(t.roundId, t.seq),
    index("yeekee_shots_user_idx").on(t.roundId, t.userId, t.seq),
    check("yeekee_shots_number_check", sql`${t.number} ~ '^[0-9]{5}$'`),
  ],
);

/** The #1 and #16 shooters' rewards: one row per round and position, paid in the same transaction. */
export const yeekeeRewards = pgTable(
  "yeekee_rewards",
  {
    roundId: bigint("round_id", { mode: "number" })
      .notNull()
      .references(() => rounds.id),
    position: integer("position").notNull(),
    userId: uuid("user_id").notNull(),
    number: text("number").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    paid: boolean("paid").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.position] })],
);

/**
 * Each yeekee round's secret seed (docs/decisions/012), drawn by the database when the round is created.
 * The serving role may read `commitment` (published from the round's first moment) but not `seed`,
 * which only `yeekee_round_seed()` returns, and only from the round's result time. Never updated.
 */
export const yeekeeSeeds = pgTable(
  "yeekee_seeds",
  {
    roundId: bigint("round_id", { mode: "number" })
      .primaryKey()
      .references(() => rounds.id, { onDelete: "cascade" }),
    seed: bytea("seed").notNull(),
    commitment: text("commitment")
      .notNull()
      .generatedAlwaysAs(sql`encode(sha256(seed), 'hex')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("yeekee_seeds_seed_check", sql`octet_length(${t.seed}) = 32`)],
);

/** Every request for a round's seed before its result time: refused, and kept here for the operator. */
export const yeekeeSeedRefusals = pgTable(
  "yeekee_seed_refusals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    roleName: text("role_name").notNull(),
    backendPid: integer("backend_pid").notNull(),
    clientAddr: text("client_addr"),
    applicationName: text("application_name"),
  },
  (t) => [index("yeekee_seed_refusals_at_idx").on(t.at)],
);

/**
 * Referral commission (docs/decisions/014): one row per settled slip and level, so a re-run, a crash or a
 * second instance never counts it twice. `amount` is the sum of the slip's lines' commissions, each
 * rounded down to the satang. A round cancelled after settlement marks its rows reversed.
 */
export const referralCommissions = pgTable(
  "referral_commissions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slipId: bigint("slip_id", { mode: "number" })
      .notNull()
      .references(() => slips.id),
    level: integer("level").notNull(),
    roundId: bigint("round_id", { mode: "number" }).notNull(),
    friendId: uuid("friend_id")
      .notNull()
      .references(() => users.id),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => users.id),
    /** The friend's paid stake on the slip's lines (satang). */
    stake: bigint("stake", { mode: "bigint" }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("referral_commissions_slip_level_key").on(t.slipId, t.level),
    index("referral_commissions_referrer_idx").on(t.referrerId, t.createdAt),
    index("referral_commissions_round_idx").on(t.roundId),
    check("referral_commissions_level_check", sql`${t.level} in (1, 2)`),
    check("referral_commissions_amounts_check", sql`${t.stake} >= 0 and ${t.amount} >= 0`),
  ],
);

/** Commission taken back that the affiliate balance could not cover: repaid from later commission. */
export const referralDebts = pgTable(
  "referral_debts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("referral_debts_amount_check", sql`${t.amount} >= 0`)],
);

/** A move from the affiliate balance to the credit (/api/add-withdrawal-af): immediate, through the ledger. */
export const affiliateWithdrawals = pgTable(
  "affiliate_withdrawals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("affiliate_withdrawals_user_idx").on(t.userId, t.createdAt),
    check("affiliate_withdrawals_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Privilege points (docs/decisions/015), in hundredths of a point. A lot is one earning (a round's bets,
 * a deposit, an operator's grant) with what is left of it: spent oldest first, expiring at `expires_at`;
 * a deposit's lot is pending until the player has staked its amount (`vest_stake`) before `vest_deadline`.
 */
export const pointLots = pgTable(
  "point_lots",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    remaining: bigint("remaining", { mode: "bigint" }).notNull(),
    vested: boolean("vested").notNull(),
    vestStake: bigint("vest_stake", { mode: "bigint" }),
    vestDeadline: timestamp("vest_deadline", { withTimezone: true }),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("point_lots_source_key").on(t.userId, t.source),
    index("point_lots_user_idx").on(t.userId, t.id),
    index("point_lots_open_idx")
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    // A player's usable lots, in the order they are spent (soonest to expire first).
    index("point_lots_usable_idx")
      .on(t.userId, t.expiresAt, t.id)
      .where(sql`${t.remaining} > 0 and ${t.vested}`),
    // Deposit lots waiting for their stake (vesting looks only at these).
    index("point_lots_pending_idx")
      .on(t.userId, t.earnedAt)
      .where(sql`${t.kind} = 'deposit' and not ${t.vested} and ${t.remaining} > 0`),
    check("point_lots_kind_check", sql`${t.kind} in ('bet', 'deposit', 'adjust')`),
    check("point_lots_remaining_check", sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount} and ${t.amount} > 0`),
  ],
);

/** Every earning, vesting, lapse, redemption, expiry, reversal and adjustment of points: append-only, each source once. */
export const pointsLog = pgTable(
  "points_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    /** Hundredths of a point: earnings and vestings positive, spending, expiry, lapse and reversal negative. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    source: text("source").notNull(),
    note: text("note"),
    actorId: uuid("actor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("points_log_source_key").on(t.userId, t.kind, t.source),
    index("points_log_user_idx").on(t.userId, t.id),
    check("points_log_kind_check", sql`${t.kind} in ('bet', 'deposit', 'vest', 'lapse', 'redeem', 'expire', 'adjust', 'reversal')`),
  ],
);

/** A redemption of one slot: its points and the credit it paid (through the ledger, reference redemption:<id>). */
export const pointRedemptions = pgTable(
  "point_redemptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    slotId: integer("slot_id").notNull(),
    score: bigint("score", { mode: "bigint" }).notNull(),
    bonus: bigint("bonus", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("point_redemptions_user_idx").on(t.userId, t.createdAt),
    check("point_redemptions_positive", sql`${t.score} > 0 and ${t.bonus} > 0`),
  ],
);

/** A player's member level from a moment on (recomputed daily, or set by an operator): its multiplier applies to slips placed from then. */
export const memberLevels = pgTable(
  "member_levels",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    level: text("level").notNull(),
    multiplierX100: integer("multiplier_x100").notNull(),
    override: boolean("override").notNull().default(false),
    reason: text("reason"),
    actorId: uuid("actor_id"),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("member_levels_user_idx").on(t.userId, t.effectiveFrom)],
);

/** Jobs that run once a Bangkok day whatever the number of instances (the first to insert the day runs it). */
export const dailyRuns = pgTable("daily_runs", { job: text("job").notNull(), day: date("day", { mode: "string" }).notNull() }, (t) => [
  primaryKey({ columns: [t.job, t.day] }),
]);

/**
 * A huakoi or hi-low game between two players (docs/decisions/016). The hidden choice (huakoi's side,
 * hi-low's dice) and its salt are fixed with the commitment at creation; a trigger refuses any change to
 * them. Stakes sit in the house game escrow account while the game is open.
 */
export const games = pgTable(
  "games",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    creatorId: uuid("creator_id")
      .notNull()
      .references(() => users.id),
    challengerId: uuid("challenger_id").references(() => users.id),
    price: bigint("price", { mode: "bigint" }).notNull(),
    choice: text("choice"),
    t1: integer("t1"),
    t2: integer("t2"),
    t3: integer("t3"),
    serverRolled: boolean("server_rolled").notNull().default(false),
    salt: bytea("salt").notNull(),
    commitment: text("commitment").notNull(),
    status: text("status").notNull().default("open"),
    guess: text("guess"),
    winnerId: uuid("winner_id").references(() => users.id),
    fee: bigint("fee", { mode: "bigint" }),
    payout: bigint("payout", { mode: "bigint" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("games_open_idx")
      .on(t.type, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("games_creator_idx").on(t.creatorId, t.createdAt),
    index("games_challenger_idx").on(t.challengerId, t.endedAt),
    index("games_ended_idx").on(t.endedAt),
    check("games_type_check", sql`${t.type} in ('huakoi', 'hilow')`),
    check("games_status_check", sql`${t.status} in ('open', 'done', 'cancelled', 'expired')`),
    check("games_price_positive", sql`${t.price} > 0`),
    check("games_salt_check", sql`octet_length(${t.salt}) = 32`),
    check(
      "games_hidden_check",
      sql`(${t.type} = 'huakoi' and ${t.choice} in ('หัว', 'ก้อย') and ${t.t1} is null) or (${t.type} = 'hilow' and ${t.choice} is null and ${t.t1} between 1 and 6 and ${t.t2} between 1 and 6 and ${t.t3} between 1 and 6)`,
    ),
  ],
);

/**
 * Responsible play per player (docs/decisions/017): the reality check's interval and when it is
 * next due (bets and game stakes wait while it is due), a time-out or self-exclusion, and whether any
 * stake or loss limit is set (the bet path reads only this row when none is).
 */
export const rgState = pgTable(
  "rg_state",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    realityMinutes: integer("reality_minutes").default(60),
    sessionStartedAt: timestamp("session_started_at", { withTimezone: true }),
    realityDueAt: timestamp("reality_due_at", { withTimezone: true }),
    breakKind: text("break_kind"),
    breakStartedAt: timestamp("break_started_at", { withTimezone: true }),
    breakUntil: timestamp("break_until", { withTimezone: true }),
    returnRequestedAt: timestamp("return_requested_at", { withTimezone: true }),
    hasStakeLimits: boolean("has_stake_limits").notNull().default(false),
  },
  (t) => [
    check("rg_state_reality_check", sql`${t.realityMinutes} is null or ${t.realityMinutes} in (15, 30, 60, 120)`),
    check(
      "rg_state_break_check",
      sql`(${t.breakKind} is null and ${t.breakUntil} is null) or (${t.breakKind} in ('timeout', 'self_exclusion') and ${t.breakUntil} is not null and ${t.breakStartedAt} is not null)`,
    ),
  ],
);

/** A limit in force (satang) and a raise or removal waiting for its 24 h and the player's confirmation. */
export const rgLimits = pgTable(
  "rg_limits",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    period: text("period").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The raise asked for; null with pending_at set: removal asked for. */
    pendingAmount: bigint("pending_amount", { mode: "bigint" }),
    pendingAt: timestamp("pending_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    check("rg_limits_kind_check", sql`${t.kind} in ('deposit', 'stake', 'loss')`),
    check("rg_limits_period_check", sql`${t.period} in ('day', 'week', 'month')`),
    check("rg_limits_amount_positive", sql`${t.amount} > 0`),
    check("rg_limits_pending_check", sql`${t.pendingAmount} is null or (${t.pendingAt} is not null and ${t.pendingAmount} > ${t.amount})`),
  ],
);

/** Each reality check shown and its answer. */
export const rgRealityChecks = pgTable(
  "rg_reality_checks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    promptedAt: timestamp("prompted_at", { withTimezone: true }).notNull().defaultNow(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("rg_reality_checks_due_key").on(t.userId, t.dueAt),
    check("rg_reality_checks_answer_check", sql`${t.answer} is null or ${t.answer} in ('continue', 'signout')`),
  ],
);

/** Every responsible-play change: who (player, operator, system), what, before, after and why. */
export const rgAudit = pgTable(
  "rg_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    actor: text("actor").notNull(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rg_audit_user_idx").on(t.userId, t.id),
    check("rg_audit_actor_check", sql`${t.actor} in ('player', 'operator', 'system')`),
  ],
);

/**
 * Wrong passwords per account and client address (docs/decisions/022): the address that keeps guessing waits longer
 * and longer, while the owner signing in from elsewhere is not locked out.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index("login_failures_last_idx").on(t.lastAt)],
);

/** Each OTP SMS sent: the per-phone and site-wide limits count them (shared by every instance). */
export const otpSends = pgTable(
  "otp_sends",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text("phone").notNull(),
    address: text("address"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otp_sends_phone_idx").on(t.phone, t.sentAt), index("otp_sends_sent_idx").on(t.sentAt)],
);

/**
 * Per-address request counts of the rate-limited calls (sign-in, OTP, result feed …), each in a window
 * that starts at its first request, shared by every instance (docs/decisions/022): with several instances a limit
 * is not multiplied. Unlogged: a crash forgets the current windows' counts, nothing more.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Notices to a player about their money that the operator caused (docs/decisions/026): a result correction that took
 * winnings back or added some. Written in the correction's own transaction, one per player per source.
 */
export const playerNotices = pgTable(
  "player_notices",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    /** What caused it, e.g. `round-event:<id>` of the correction; with the player it is unique. */
    source: text("source").notNull(),
    roundId: bigint("round_id", { mode: "number" }).references(() => rounds.id),
    /** Round name and date, the old and new result, the amount (satang, + added / − taken back). */
    data: jsonb("data").notNull(),
    amount: bigint("amount", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("player_notices_source_idx").on(t.userId, t.source), index("player_notices_user_idx").on(t.userId, t.id)],
);

/**
 * Banner images the operator uploaded for the welcome banner (docs/decisions/027). The site content (site_config
 * `content`) names the one shown; an image is never changed, so its address can be cached for ever.
 */
export const siteImages = pgTable("site_images", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  uploadedBy: uuid("uploaded_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A forgot-password code sent to a player's registered phone (docs/decisions/029): one live code per account,
 * kept hashed, 5 attempts; used up by the password change (docs/decisions/029).
 */
export const passwordResets = pgTable("password_resets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  codeHash: text("code_hash").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
});

/**
 * How far a player has seen their wins (the win notice, docs/decisions/028): payouts into their credit account with a
 * ledger entry id above the mark are new. Read beside the ledger, so settlement writes nothing for it.
 */
export const winNoticeMarks = pgTable("win_notice_marks", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  /** The newest ledger entry of the player's credit account that was seen (0: none). */
  seenEntryId: bigint("seen_entry_id", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bank's own records of incoming transfers (ฝากออโต้, docs/decisions/045-automatic-deposits.md), from the signed
 * feed or a statement upload: stored once per receiving account and dedupe key, however often delivered, then
 * matched to a deposit request by its unique amount (or left waiting for the operator).
 */
export const bankRecords = pgTable(
  "bank_records",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteBankId: bigint("site_bank_id", { mode: "number" })
      .notNull()
      .references(() => siteBankAccounts.id),
    channel: text("channel", { enum: ["feed", "statement"] }).notNull(),
    bankRef: text("bank_ref"),
    /** `ref:<bank_ref>`, or `at:<time ISO UTC>|<satang>|<sender>` when the bank gives no reference (decision 045). */
    dedupeKey: text("dedupe_key").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    transferredAt: timestamp("transferred_at", { withTimezone: true }).notNull(),
    fromBank: text("from_bank"),
    fromAccount: text("from_account"),
    fromName: text("from_name"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    state: text("state", { enum: ["waiting", "matched", "returned"] })
      .notNull()
      .default("waiting"),
    /** Why it waits (a BankWaitReason of src/contract/bank.ts); null once decided. */
    reason: text("reason"),
    /** The deposit it credited: one record per pay record. */
    payRecordId: bigint("pay_record_id", { mode: "number" }).references(() => payRecords.id),
    matchedBy: text("matched_by", { enum: ["system", "operator"] }),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    decidedBy: uuid("decided_by"),
    /** The operator's reason for a match or a return. */
    note: text("note"),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bank_records_dedupe_key").on(t.siteBankId, t.dedupeKey),
    uniqueIndex("bank_records_pay_record_key").on(t.payRecordId),
    index("bank_records_state_idx").on(t.state, t.receivedAt),
    check("bank_records_amount_positive", sql`${t.amount} > 0`),
    check("bank_records_channel", sql`${t.channel} in ('feed', 'statement')`),
    check("bank_records_state", sql`${t.state} in ('waiting', 'matched', 'returned')`),
    check("bank_records_matched_by", sql`${t.matchedBy} in ('system', 'operator')`),
    // A matched record names its deposit; a waiting or returned one names none.
    check("bank_records_matched_link", sql`(${t.state} = 'matched') = (${t.payRecordId} is not null)`),
  ],
);
