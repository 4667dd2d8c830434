import { z } from "zod";
import { BANK_CODES, type BankCode, FIRST_BANKS } from "../../domain/banks";
import { writeAudit } from "../admin/audit";
import type { Db, Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";
import { badRequest } from "../http/errors";
import type { AuthUser } from "../http/register-route";
import * as repo from "./repository";

// The banks players may choose when they register (docs/decisions/052): kept in site_config under `banks`.
// A bank the operator turns off is refused to new registrations only: players registered with it keep
// withdrawing to it and depositing from it.

const StoredBanks = z.object({ enabled: z.array(z.enum(BANK_CODES)) });
const DEFAULT_BANKS = { enabled: [...FIRST_BANKS] };

export const seedBankList = (db: Executor) => seedSiteConfigKey(db, "banks", DEFAULT_BANKS);

/** The banks players may choose, in the list's order. */
export async function enabledBanks(db: Executor): Promise<BankCode[]> {
  const stored = await readSiteConfig(db, "banks", StoredBanks, DEFAULT_BANKS);
  const on = new Set(stored.enabled);
  return BANK_CODES.filter((c) => on.has(c));
}

/** Refuses a registration with a bank the operator has not turned on. */
export async function refuseDisabledBank(db: Executor, code: BankCode): Promise<void> {
  if (!(await enabledBanks(db)).includes(code)) throw badRequest("เว็บยังไม่รับธนาคารนี้ กรุณาเลือกธนาคารอื่นจากรายการ");
}

/** The operator's choice, saved whole under the row's lock and audited with what it replaced. */
export async function setEnabledBanks(db: Db, admin: AuthUser, enabled: BankCode[]): Promise<BankCode[]> {
  return db.transaction(async (tx) => {
    await seedBankList(tx);
    await repo.lockSiteConfigRow(tx, "banks");
    const before = await enabledBanks(tx);
    const on = new Set(enabled);
    const after = BANK_CODES.filter((c) => on.has(c));
    await writeSiteConfig(tx, "banks", { enabled: after });
    await writeAudit(tx, {
      actorId: admin.uuid,
      action: "site.banks",
      target: "site_config:banks",
      before: { enabled: before },
      after: { enabled: after },
    });
    return after;
  });
}
