import type { FastifyInstance } from "fastify";
import { auth } from "../../contract";
import { type Authenticate, routesOf } from "../http/register-route";
import { SessionEnded } from "../http/session-ended";
import { type AuthService, PHONE_VERIFIED_FOR_SECONDS } from "./service";
import { otpCheckView, otpRequestView, secondFactorStatusView, signedInView, signInView, takenView } from "./views";

/** Where /check-otp keeps the verified phone's proof in the browser: only /register reads it. */
const OTP_PROOF_COOKIE = "otp_proof";
const OTP_PROOF_PATH = "/register";

const done = (message: string) => () => ({ status: "Success" as const, message });

export function authRoutes(app: FastifyInstance, authenticate: Authenticate, service: AuthService, limitPerMinute: number) {
  const r = routesOf(app, authenticate);
  const limited = { rateLimitPerMinute: limitPerMinute };
  r(
    auth.register,
    async ({ body, request, reply }) => {
      const uuid = await service.register(body, body.otptoken ?? request.cookies[OTP_PROOF_COOKIE]);
      reply.clearCookie(OTP_PROOF_COOKIE, { path: OTP_PROOF_PATH });
      return { status: "Success" as const, message: "สมัครสมาชิกสำเร็จ", uuid };
    },
    limited,
  );
  r(auth.login, async ({ body, request }) => signInView(await service.login(body.username, body.password, request.ip)), limited);
  r(
    auth.forgotPassword,
    ({ body, request }) =>
      service.forgotPassword(body.phonenumber, request.ip, request.log).then(done("หากเบอร์นี้ลงทะเบียนไว้ จะได้รับรหัส OTP ทาง SMS ภายในไม่กี่นาที")),
    limited,
  );
  r(
    auth.resetPassword,
    ({ body, request }) =>
      service.resetPassword(body.phonenumber, body.otp, body.pass, request.ip).then(done("ตั้งรหัสผ่านใหม่แล้ว กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่")),
    limited,
  );
  r(
    auth.loginSecondFactor,
    async ({ body, request }) => signedInView(await service.loginSecondFactor(body.challenge, body.code, request.ip)),
    limited,
  );
  r(auth.adminTotpStatus, async ({ user }) => secondFactorStatusView(await service.secondFactor.status(user)));
  // The authenticator app lists the code under the site's host name and the admin's username.
  r(
    auth.adminTotpEnrol,
    async ({ user, request }) => {
      const enrolment = await service.secondFactor.startEnrolment(user, request.hostname);
      return {
        status: "Success" as const,
        message: "สแกน QR ด้วยแอปยืนยันตัวตน แล้วกรอกรหัส 6 หลักที่แอปแสดงเพื่อยืนยัน",
        otpauth_uri: enrolment.otpauthUri,
        secret: enrolment.secret,
      };
    },
    limited,
  );
  r(
    auth.adminTotpConfirm,
    async ({ body, user }) => ({
      status: "Success" as const,
      message: "เปิดใช้การยืนยันตัวตนสองขั้นตอนแล้ว กรุณาเก็บรหัสกู้คืนไว้ในที่ปลอดภัย แต่ละรหัสใช้ได้ครั้งเดียว",
      recovery_codes: await service.secondFactor.confirmEnrolment(user, body.code),
    }),
    limited,
  );
  r(
    auth.adminTotpRecoveryCodes,
    async ({ body, user }) => ({
      status: "Success" as const,
      message: "สร้างรหัสกู้คืนชุดใหม่แล้ว รหัสชุดเดิมใช้ไม่ได้อีก",
      recovery_codes: await service.secondFactor.renewRecoveryCodes(user, body.code),
    }),
    limited,
  );
  r(auth.adminBanPlayer, ({ body, user }) =>
    service.setBan(user, body).then(done(body.banned ? "ระงับบัญชีผู้เล่นแล้ว ผู้เล่นถูกออกจากระบบทุกเครื่อง" : "ยกเลิกการระงับบัญชีแล้ว")),
  );
  r(auth.checkPhoneNumber, async ({ body, request }) => otpRequestView(await service.requestOtp(body.phonenumber, request.ip)), limited);
  r(
    auth.checkOtp,
    async ({ body, request, reply }) => {
      const checked = await service.verifyOtp(body.phonenumber, body.otp, request.ip);
      // The browser that checked the code keeps its proof, for a client that does not send otptoken back
      // (the specification's): HttpOnly so no script reads it, sent only to /register (docs/decisions/047).
      if (checked.outcome === "verified") {
        reply.setCookie(OTP_PROOF_COOKIE, checked.otptoken, {
          path: OTP_PROOF_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure: request.protocol === "https",
          maxAge: PHONE_VERIFIED_FOR_SECONDS,
        });
      }
      return otpCheckView(checked);
    },
    limited,
  );
  r(auth.checkUsernameBankno, async ({ body }) => takenView(await service.takenOf(body.username, body.bankno)), limited);
  r(auth.getUserInfoById, async ({ body }) => ({ status: "Success" as const, username: await service.referrerName(body.id) }), limited);
  r(auth.getUsername, async ({ body, user }) => {
    const own = await service.own(user, body.uuid);
    return { status: "Success" as const, username: own.username, userType: own.userType };
  });
  r(auth.getBankInfo, async ({ body, user }) => {
    const bank = await service.bankInfo(user, body.username);
    return { status: "Success" as const, bankname: bank.bankCode, bankno: bank.bankNo, bankaccounts: bank.bankAccountName };
  });
  r(auth.renewToken, ({ user, reply }) =>
    service.renew(user).then(
      (t) => ({ status: "Success" as const, jwt: t.jwt, s: t.secondsLeft }),
      (e: unknown) => {
        // Past the session's lifetime: the sign-in page says so (docs/decisions/029).
        if (e instanceof SessionEnded) reply.header(...e.challenge);
        throw e;
      },
    ),
  );
  r(auth.logout, ({ user }) => service.logout(user).then(done("ออกจากระบบแล้ว")));
  r(auth.checkOldPassword, ({ body, user }) => service.checkOldPassword(user, body.user, body.pass).then(done("รหัสผ่านเดิมถูกต้อง")), limited);
  r(auth.updatePassword, ({ body, user }) => service.updatePassword(user, body.uuid, body.pass).then(done("เปลี่ยนรหัสผ่านสำเร็จ")));
}
