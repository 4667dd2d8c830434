import type { FastifyInstance } from "fastify";
import { auth, betting, games, points, type RouteDef, wallet, yeekee } from "../../contract";
import type { SiteConfig } from "../../contract/site";
import { unavailable } from "../http/errors";
import { userOf } from "../http/register-route";

/**
 * How long an instance trusts its memory of the open/closed switch. The instance where the operator
 * flips it knows at once; the others within this time. It keeps the check off the database on the bet
 * path: one read per instance every few seconds, not one per bet.
 */
export const OPEN_SITE_CACHE_MS = 5_000;

export interface OpenSiteState {
  /** The setting: from memory when read within the last few seconds, else read once for every caller waiting. */
  current(): SiteConfig | Promise<SiteConfig>;
  /** This instance's own change, in force here at once. */
  remember(config: SiteConfig): void;
}

export function openSiteState(read: () => Promise<SiteConfig>, { cacheMs = OPEN_SITE_CACHE_MS, now = Date.now } = {}): OpenSiteState {
  let known: SiteConfig | null = null;
  let knownAt = -Infinity;
  let reading: Promise<SiteConfig> | null = null;
  // A read that started before remember() must not put the older value back.
  let generation = 0;
  return {
    current() {
      if (known && now() - knownAt < cacheMs) return known;
      if (!reading) {
        const started = { generation, at: now() };
        reading = read()
          .then((config) => {
            if (started.generation !== generation) return known ?? config;
            known = config;
            knownAt = started.at;
            return config;
          })
          .finally(() => {
            reading = null;
          });
      }
      return reading;
    },
    remember(config) {
      generation += 1;
      known = config;
      knownAt = now();
    },
  };
}

/**
 * What a closed site refuses (decision 021): anything that stakes money, brings new money in or opens an
 * account. Withdrawals, refunds (cancelling one's own slip or open game), responsible-play settings and
 * breaks, password changes and every read stay open: a closure never locks a player's money in or keeps
 * them from limiting their play. Operators are never refused.
 */
export const REFUSED_WHILE_CLOSED: ReadonlyArray<RouteDef> = [
  betting.postNumberDigit,
  yeekee.postNumberRecord,
  games.addHuakoiHilow,
  games.guessHuakoiHilow,
  wallet.gentAmount,
  wallet.addPaynow,
  points.redeemAllScore,
  auth.register,
  auth.checkPhoneNumber,
];

/**
 * Refuses the calls above with 503 and the operator's Thai message while the site is closed. It runs
 * after the route's own access check (so it knows an operator) and before the body is validated; the
 * switch comes from memory (OPEN_SITE_CACHE_MS), and the other routes pay one set lookup.
 */
export function refuseWhileClosed(app: FastifyInstance, state: OpenSiteState): void {
  const refused = new Set(REFUSED_WHILE_CLOSED.map((def) => `${def.method} ${def.path}`));
  app.addHook("preValidation", (request, _reply, done) => {
    if (!refused.has(`${request.method} ${request.routeOptions.url}`) || userOf(request)?.role === "admin") return done();
    const decide = (config: SiteConfig) => done(config.openSite ? undefined : unavailable(config.closedMessage));
    const config = state.current();
    if (config instanceof Promise) config.then(decide, done);
    else decide(config);
  });
}
