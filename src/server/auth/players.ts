import type { Executor } from "../db/client";
import * as repo from "./repository";

// The auth area's entry point for the other areas (docs/decisions/040): who a user is, and ending their
// sessions inside another area's transaction. The others never read auth's tables through its repository.

export type User = repo.UserRow;

/** A user (player or operator) by id, in the caller's transaction when it passes one. */
export function userById(db: Executor, id: string): Promise<User | undefined> {
  return repo.findUserById(db, id);
}

/**
 * Ends one session in the caller's transaction. The caller then tells the auth service
 * (`forgetSessions`) after the commit, so no check in flight accepts it.
 */
export function endSession(tx: Executor, sessionId: string): Promise<void> {
  return repo.revokeSession(tx, sessionId);
}

/** Ends every session of a user in the caller's transaction; the ids, for `forgetSessions` after the commit. */
export function endAllSessions(tx: Executor, userId: string): Promise<string[]> {
  return repo.revokeAllSessions(tx, userId);
}
