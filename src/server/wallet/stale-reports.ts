import type { Executor } from "../db/client";
import { releaseStaleReservations } from "./repository";

// The wallet's step in the ticker (jobs/ticker.ts), its entry point for it (docs/decisions/040).

/** A transfer report unreviewed this long gives its unique amount back. */
export const STALE_REPORT_HOURS = 24;

/** Frees the unique amounts of transfer reports left unreviewed for STALE_REPORT_HOURS; answers how many. */
export const releaseStaleReports = (db: Executor): Promise<number> => releaseStaleReservations(db, STALE_REPORT_HOURS);
