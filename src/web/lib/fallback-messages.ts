import type { RouteDef } from "../../contract/route";

export interface SpecFallback {
  failed: string;
  unreachable?: string;
}

/**
 * Specification §8's fallback messages, per call ("METHOD path" of its contract route): `failed` when the
 * server refuses without a message of its own (a proxy's error page, say), `unreachable` when no answer
 * comes at all. The server's message is always preferred. `callApi` applies them to every call of these
 * routes, so no page can leave one out. Keyed by the call's method and path rather than by its contract
 * object, so the first page a visitor loads does not carry six contract modules for ten messages
 * (docs/decisions/025); fallback-messages.test.ts checks every key names a contract route.
 */
const BY_CALL = new Map<string, SpecFallback>([
  ["POST /register", { failed: "Registration failed" }],
  ["POST /login", { failed: "Login failed", unreachable: "Login error" }],
  ["POST /check-username-bankno", { failed: "Error checking username/bankno" }],
  ["POST /api/post-numberrecord-mockdata", { failed: "Error posting number record" }],
  ["POST /api/post-numberdigit-mockdata", { failed: "Error posting number digit" }],
  ["POST /api/cancel-allpostnumber-mockdata", { failed: "Error cancelling post number" }],
  ["POST /api/add-withdrawal", { failed: "Failed to add withdrawal" }],
  ["POST /api/add-withdrawal-af", { failed: "Failed to add AF withdrawal" }],
  ["POST /api/add-huakoi-hilow", { failed: "Error adding game" }],
  ["POST /api/guess-huakoi-hilow", { failed: "Error guessing game" }],
]);

export const callKey = (route: Pick<RouteDef, "method" | "path">) => `${route.method} ${route.path}`;

/** The fallbacks, read by a call's contract route. */
export const SPEC_FALLBACKS = {
  get: (route: Pick<RouteDef, "method" | "path">): SpecFallback | undefined => BY_CALL.get(callKey(route)),
  keys: () => BY_CALL.keys(),
  values: () => BY_CALL.values(),
};
