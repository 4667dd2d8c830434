import { hash } from "@node-rs/argon2";
import { randomInt } from "node:crypto";
import { writeAudit } from "../admin/audit";
import type { Executor } from "../db/client";
import * as repo from "./repository";
import { ARGON2 } from "./service";

/**
 * First start only: creates the admin account. A generated password is returned so the caller can
 * print it once; it is stored nowhere but as its hash.
 */
export async function ensureAdmin(
  db: Executor,
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; username: string; generatedPassword?: string }> {
  if (await repo.anyAdminExists(db)) return { created: false, username };
  const chosen = password ?? randomPassword();
  const admin = await repo.insertAdmin(db, { username: username.toLowerCase(), passwordHash: await hash(chosen, ARGON2) });
  await writeAudit(db, { actorId: null, action: "admin.seed", target: admin.id, after: { username: admin.username } });
  return password ? { created: true, username: admin.username } : { created: true, username: admin.username, generatedPassword: chosen };
}

function randomPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  return Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]).join("");
}
