import type { FastifyInstance } from "fastify";
import { auth } from "../../contract";
import { type Authenticate, registerRoute } from "../http/register-route";
import type { AuthService } from "./service";

export function authRoutes(app: FastifyInstance, authenticate: Authenticate, service: AuthService, limitPerMinute: number) {
  const limited = { rateLimitPerMinute: limitPerMinute };
  registerRoute(app, authenticate, auth.register, ({ body, request }) => service.register(body, request.ip), limited);
  registerRoute(app, authenticate, auth.login, ({ body }) => service.login(body.username, body.password), limited);
  registerRoute(app, authenticate, auth.checkPhoneNumber, ({ body }) => service.requestOtp(body.phonenumber), limited);
  registerRoute(app, authenticate, auth.checkOtp, ({ body, request }) => service.verifyOtp(body.phonenumber, body.otp, request.ip), limited);
  registerRoute(app, authenticate, auth.checkUsernameBankno, ({ body }) => service.checkUsernameBankno(body.username, body.bankno), limited);
  registerRoute(app, authenticate, auth.getUserInfoById, ({ body }) => service.referrerName(body.id), limited);
  registerRoute(app, authenticate, auth.getUsername, ({ body, user }) => service.username(user, body.uuid));
  registerRoute(app, authenticate, auth.getCredit, ({ body, user }) => service.credit(user, body?.uuid));
  registerRoute(app, authenticate, auth.getBankInfo, ({ body, user }) => service.bankInfo(user, body.username));
  registerRoute(app, authenticate, auth.renewToken, ({ user }) => service.renew(user));
  registerRoute(app, authenticate, auth.logout, ({ user }) => service.logout(user));
  registerRoute(app, authenticate, auth.checkOldPassword, ({ body, user }) => service.checkOldPassword(user, body.user, body.pass), limited);
  registerRoute(app, authenticate, auth.updatePassword, ({ body, user }) => service.updatePassword(user, body.uuid, body.pass));
}
