import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { controlCharacterIssue } from "../../contract/common";
import type { RouteDef } from "../../contract/route";
import { compressAnswer } from "./compress-answer";
import { badRequest, forbidden, tooManyRequests, unauthorized } from "./errors";
import { localLimit } from "./local-limit";
import { SessionEnded } from "./session-ended";

export interface AuthUser {
  uuid: string;
  username: string;
  userType: string;
  role: "player" | "admin";
  sessionId: string;
  /** Token expiry, epoch seconds. */
  exp: number;
  /** The request this user is making (its log id): money movements log it with their ledger transaction. */
  requestId?: string;
  /**
   * Admins: this session may use the back office (it passed the second factor, or the site's configuration
   * does not require one). An admin without it has no admin powers anywhere.
   */
  backOffice?: boolean;
}

/** An admin call from a session that has not passed the second factor (docs/decisions/024). */
export const SECOND_FACTOR_NEEDED =
  "หลังบ้านต้องยืนยันตัวตนสองขั้นตอน กรุณาตั้งค่าแอปยืนยันตัวตน (รหัส 6 หลัก) ที่แท็บ ยืนยันสองขั้นตอน ในหน้าหลังบ้าน แล้วเข้าสู่ระบบด้วยรหัสนั้น";

export type Authenticate = (bearer: string) => Promise<AuthUser>;

type Body<R extends RouteDef> = R["body"] extends z.ZodType ? z.output<R["body"]> : undefined;
type Params<R extends RouteDef> = NonNullable<R["params"]> extends z.ZodType ? z.output<NonNullable<R["params"]>> : undefined;
type User<R extends RouteDef> = R["access"] extends "public" ? AuthUser | null : AuthUser;

export interface HandlerContext<R extends RouteDef> {
  body: Body<R>;
  params: Params<R>;
  user: User<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A signed-in call's limit is counted per player, so players behind one carrier address (NAT) do not share
 * it; the address still has a ceiling of this many times the player's limit (docs/decisions/048).
 */
export const ADDRESS_CEILING_FACTOR = 10;

export interface RouteOptions {
  /**
   * Requests per minute: per client address on a public call (sign-in, OTP); per player on a signed-in call,
   * with a ceiling per address of ADDRESS_CEILING_FACTOR times it.
   */
  rateLimitPerMinute?: number;
  /**
   * A signed-in call's limit counted in this instance's memory, by the route itself, instead of the plugin's shared
   * store (a call too frequent for a database write each, or for the plugin's work on each request; docs/decisions/072).
   */
  localRateLimit?: boolean;
  /** Bytes; the app's default (1 MiB) otherwise. */
  bodyLimit?: number;
  /**
   * A machine's call (a bank relay, docs/decisions/045): a refused body is also said in English, naming the field,
   * for whoever sets the relay up.
   */
  englishRefusals?: boolean;
  /** A large answer (a list): sent compressed to a browser that accepts it (compress-answer.ts, docs/decisions/067). */
  compress?: boolean;
}

const authenticated = new WeakMap<FastifyRequest, AuthUser>();

const MINUTE_MS = 60_000;

/** A refused call's answer: 429, and when its window ends. */
function tooSoon(reply: FastifyReply, seconds: number): never {
  reply.header("retry-after", String(seconds));
  throw tooManyRequests();
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

/**
 * Registers one call from its contract definition: the schema validates the body and shapes the
 * response, and the access level is enforced here, before any handler runs.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  authenticate: Authenticate,
  def: R,
  handler: (ctx: HandlerContext<R>) => Promise<z.input<R["response"]>>,
  options: RouteOptions = {},
): void {
  const config: Record<string, unknown> = { errorField: def.errorField };
  if (options.englishRefusals) config.englishRefusals = true;
  const signedIn = def.access !== "public";
  let addressCeiling: ReturnType<FastifyInstance["createRateLimit"]> | null = null;
  if (options.localRateLimit && !signedIn) throw new Error(`${def.path}: a limit in memory is counted per player, for signed-in calls`);
  // Counted here, in memory: the address's ceiling and the player's limit (docs/decisions/072).
  const local =
    options.rateLimitPerMinute && options.localRateLimit
      ? {
          address: localLimit(options.rateLimitPerMinute * ADDRESS_CEILING_FACTOR, MINUTE_MS),
          player: localLimit(options.rateLimitPerMinute, MINUTE_MS),
        }
      : null;
  if (options.rateLimitPerMinute && !local) {
    config.rateLimit = {
      max: options.rateLimitPerMinute,
      timeWindow: "1 minute",
      // The plugin's check runs after this route's onRequest below, so the player is known: the uuid of the
      // verified token and checked session, not anything the client says.
      ...(signedIn ? { keyGenerator: (request: FastifyRequest) => `player ${authenticated.get(request)?.uuid ?? request.ip}` } : {}),
    };
    if (signedIn) {
      addressCeiling = app.createRateLimit({
        max: options.rateLimitPerMinute * ADDRESS_CEILING_FACTOR,
        timeWindow: "1 minute",
        countsAs: `${def.method} ${def.path} address`,
      } as Parameters<FastifyInstance["createRateLimit"]>[0]);
    }
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    config,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.compress ? { onSend: compressAnswer } : {}),
    schema: {
      summary: def.summary,
      ...(def.body ? { body: def.body } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { 200: def.response },
      ...(def.access === "public" ? {} : { security: [{ bearerAuth: [] }] }),
      // The public API document (/api/docs) describes what players and visitors call; the back office's
      // calls are not advertised to anyone who asks (their contract is src/contract/).
      ...(def.access === "admin" ? { hide: true } : {}),
    },
    // Access is decided before the body is even parsed: no token is 401 and a player on an admin
    // call is 403, whatever the body holds.
    onRequest:
      def.access === "public"
        ? undefined
        : async (request, reply) => {
            // Before the token is even looked at: a flood from one address is cut off whoever it claims to be.
            if (addressCeiling) {
              const ceiling = await addressCeiling(request);
              if (!ceiling.isAllowed && ceiling.isExceeded) tooSoon(reply, ceiling.ttlInSeconds);
            } else if (local) {
              const wait = local.address(request.ip);
              if (wait) tooSoon(reply, wait);
            }
            const token = bearerOf(request);
            if (!token) throw unauthorized("กรุณาเข้าสู่ระบบ");
            const user = await authenticate(token).catch((e: unknown) => {
              // Why the session is over, for the sign-in page (docs/decisions/029).
              if (e instanceof SessionEnded) reply.header(...e.challenge);
              throw e;
            });
            if (def.access === "admin" && user.role !== "admin") throw forbidden("เฉพาะผู้ดูแลระบบเท่านั้น");
            // The back office needs the second factor; only the calls that enrol it are open before.
            if (def.access === "admin" && !user.backOffice && !def.beforeSecondFactor) throw forbidden(SECOND_FACTOR_NEEDED);
            // A copy per request: the session cache shares one user object between requests. An admin
            // session without the second factor acts as a plain user on player calls (no one else's slips).
            const role = user.role === "admin" && !user.backOffice && def.access !== "admin" ? "player" : user.role;
            const wait = local?.player(user.uuid);
            if (wait) tooSoon(reply, wait);
            authenticated.set(request, { ...user, role, requestId: request.id });
          },
    // Before any schema, for every route: a control character anywhere in the body or the path is a
    // Thai 400 (NUL reached PostgreSQL as a 500), and no route can forget it.
    preValidation: async (request) => {
      const issue = controlCharacterIssue(request.body) ?? controlCharacterIssue(request.params);
      if (issue) throw badRequest(issue);
    },
    handler: async (request, reply) => {
      const user = authenticated.get(request) ?? null;
      return handler({ body: request.body as Body<R>, params: request.params as Params<R>, user: user as User<R>, request, reply });
    },
  });
}

/** Binds registerRoute to one app and authenticator, for an area's route table. */
export function routesOf(app: FastifyInstance, authenticate: Authenticate) {
  return <R extends RouteDef>(def: R, handler: (ctx: HandlerContext<R>) => Promise<z.input<R["response"]>>, options?: RouteOptions) =>
    registerRoute(app, authenticate, def, handler, options);
}

/** A player's call names its own uuid: another player's gets 403 (compared without regard to case). */
export function assertOwnUuid(user: AuthUser, uuid: string | undefined): void {
  if (uuid !== undefined && uuid.toLowerCase() !== user.uuid.toLowerCase()) throw forbidden();
}

/** The signed-in user of a request on a player or admin route (after its access check), null elsewhere. */
export function userOf(request: FastifyRequest): AuthUser | null {
  return authenticated.get(request) ?? null;
}
