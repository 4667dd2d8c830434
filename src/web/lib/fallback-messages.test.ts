import { describe, expect, it } from "vitest";
import * as contract from "../../contract";
import type { RouteDef } from "../../contract/route";
import { callKey, SPEC_FALLBACKS } from "./fallback-messages";

/** Every route the contract defines, read from its modules. */
function contractRoutes(): RouteDef[] {
  const routes: RouteDef[] = [];
  for (const mod of Object.values(contract)) {
    if (!mod || typeof mod !== "object") continue;
    for (const v of Object.values(mod as Record<string, unknown>)) {
      if (v && typeof v === "object" && "method" in v && "path" in v && "response" in v) routes.push(v as RouteDef);
    }
  }
  return routes;
}

describe("fallback messages keyed by call", () => {
  it("every key names a route of the contract", () => {
    const known = new Set(contractRoutes().map(callKey));
    for (const key of SPEC_FALLBACKS.keys()) expect(known, key).toContain(key);
  });

  it("a contract route finds its fallback", () => {
    expect(SPEC_FALLBACKS.get(contract.auth.login)).toEqual({ failed: "Login failed", unreachable: "Login error" });
    expect(SPEC_FALLBACKS.get(contract.games.guessHuakoiHilow)?.failed).toBe("Error guessing game");
    expect(SPEC_FALLBACKS.get(contract.auth.getCredit)).toBeUndefined();
  });
});
