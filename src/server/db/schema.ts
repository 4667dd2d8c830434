import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
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
    role: text("role", { enum: ["player", "admin"] }).notNull().default("player"),
    state: text("state", { enum: ["active", "banned"] }).notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username),
    uniqueIndex("users_phone_key").on(t.phone),
    uniqueIndex("users_bank_account_key").on(t.bankCode, t.bankNo),
    index("users_referrer_idx").on(t.referrerId),
    check("users_role_check", sql`${t.role} in ('player', 'admin')`),
    check("users_player_has_bank", sql`${t.role} = 'admin' or (${t.phone} is not null and ${t.bankNo} is not null and ${t.bankCode} is not null)`),
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
});

/**
 * A player's money account. The ledger (wallet area) is the only writer of `balance`;
 * the CHECK is the last line of defence against an overdraft.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid("owner_id").references(() => users.id),
    kind: text("kind").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_owner_kind_key").on(t.ownerId, t.kind),
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
  (t) => [index("audit_log_at_idx").on(t.at)],
);
