import { auth, betting, games, referral, wallet, yeekee } from "../../contract";
import type { RouteDef } from "../../contract/route";

/**
 * Specification §8's fallback messages, per call: `failed` when the server refuses without a message of
 * its own (a proxy's error page, say), `unreachable` when no answer comes at all. The server's message is
 * always preferred. `callApi` applies them to every call of these routes, so no page can leave one out.
 */
export const SPEC_FALLBACKS: ReadonlyMap<RouteDef, { failed: string; unreachable?: string }> = new Map<RouteDef, { failed: string; unreachable?: string }>([
  [auth.register, { failed: "Registration failed" }],
  [auth.login, { failed: "Login failed", unreachable: "Login error" }],
  [auth.checkUsernameBankno, { failed: "Error checking username/bankno" }],
  [yeekee.postNumberRecord, { failed: "Error posting number record" }],
  [betting.postNumberDigit, { failed: "Error posting number digit" }],
  [betting.cancelSlip, { failed: "Error cancelling post number" }],
  [wallet.addWithdrawal, { failed: "Failed to add withdrawal" }],
  [referral.addWithdrawalAf, { failed: "Failed to add AF withdrawal" }],
  [games.addHuakoiHilow, { failed: "Error adding game" }],
  [games.guessHuakoiHilow, { failed: "Error guessing game" }],
]);
