import type { FastifyInstance } from "fastify";
import { auth } from "../../contract";
import { type Authenticate, routesOf } from "../http/register-route";
import { SessionEnded } from "../http/session-ended";
import type { AuthService } from "./service";

export function authRoutes(app: FastifyInstance, authenticate: Authenticate, service: AuthService, limitPerMinute: number) {
  const r = routesOf(app, authenticate);
  const limited = { rateLimitPerMinute: limitPerMinute };
  r(auth.register, ({ body, request }) => service.register(body, request.ip), limited);
  r(auth.login, ({ body, request }) => service.login(body.username, body.password, request.ip), limited);
  r(auth.forgotPassword, ({ body, request }) => service.forgotPassword(body.phonenumber, request.ip, request.log), limited);
  r(auth.resetPassword, ({ body, request }) => service.resetPassword(body.phonenumber, body.otp, body.pass, request.ip), limited);
  r(auth.loginSecondFactor, ({ body, request }) => service.loginSecondFactor(body.challenge, body.code, request.ip), limited);
  r(auth.adminTotpStatus, ({ user }) => service.secondFactor.status(user));
  // The authenticator app lists the code under the site's host name and the admin's username.
  r(auth.adminTotpEnrol, ({ user, request }) => service.secondFactor.startEnrolment(user, request.hostname), limited);
  r(auth.adminTotpConfirm, ({ body, user }) => service.secondFactor.confirmEnrolment(user, body.code), limited);
  r(auth.adminTotpRecoveryCodes, ({ body, user }) => service.secondFactor.renewRecoveryCodes(user, body.code), limited);
  r(auth.adminBanPlayer, ({ body, user }) => service.setBan(user, body));
  r(auth.checkPhoneNumber, ({ body, request }) => service.requestOtp(body.phonenumber, request.ip), limited);
  r(auth.checkOtp, ({ body, request }) => service.verifyOtp(body.phonenumber, body.otp, request.ip), limited);
  r(auth.checkUsernameBankno, ({ body }) => service.checkUsernameBankno(body.username, body.bankno), limited);
  r(auth.getUserInfoById, ({ body }) => service.referrerName(body.id), limited);
  r(auth.getUsername, ({ body, user }) => service.username(user, body.uuid));
  r(auth.getBankInfo, ({ body, user }) => service.bankInfo(user, body.username));
  r(auth.renewToken, ({ user, reply }) =>
    service.renew(user).catch((e: unknown) => {
      // Past the session's lifetime: the sign-in page says so (docs/decisions/029).
      if (e instanceof SessionEnded) reply.header(...e.challenge);
      throw e;
    }),
  );
  r(auth.logout, ({ user }) => service.logout(user));
  r(auth.checkOldPassword, ({ body, user }) => service.checkOldPassword(user, body.user, body.pass), limited);
  r(auth.updatePassword, ({ body, user }) => service.updatePassword(user, body.uuid, body.pass));
}
