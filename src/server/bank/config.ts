import { BankSettings } from "../../contract/bank";
import type { Executor } from "../db/client";
import { readSiteConfig, seedSiteConfigKey, writeSiteConfig } from "../db/site-config";

/** Automatic deposits on by default, up to 50,000 baht, with five minutes either way for a bank's clock (decision 045). */
export const DEFAULT_BANK_SETTINGS: BankSettings = { autoApprove: true, autoMax: 50_000, clockToleranceMinutes: 5 };

export const seedBankSettings = (db: Executor) => seedSiteConfigKey(db, "bank", DEFAULT_BANK_SETTINGS);

export const readBankSettings = (db: Executor): Promise<BankSettings> => readSiteConfig(db, "bank", BankSettings, DEFAULT_BANK_SETTINGS);

export const writeBankSettings = (db: Executor, settings: BankSettings): Promise<void> => writeSiteConfig(db, "bank", settings);
