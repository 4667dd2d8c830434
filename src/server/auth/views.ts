import type { z } from "zod";
import type { auth } from "../../contract";
import type { SecondFactorStatus } from "./second-factor";
import { type OtpCheck, type OtpRequest, type SecondFactorChallenge, type SignedIn, TAKEN } from "./service";

// The wire replies of sign-in, registration and the second factor (the specification's names), built
// here at the edge from what the service decided (docs/decisions/040).

export function signInView(r: SignedIn | SecondFactorChallenge): z.input<typeof auth.login.response> {
  if (r.kind === "second-factor") {
    return { status: "Success", message: "กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตน", totp_required: true, challenge: r.challenge };
  }
  return signedInView(r);
}

export function signedInView(r: SignedIn): z.input<typeof auth.loginSecondFactor.response> {
  return {
    status: "Success",
    jwt: r.jwt,
    username: r.user.username,
    uuid: r.user.id,
    userType: r.user.userType,
    s: r.ttlSeconds,
    role: r.user.role,
  };
}

export function otpRequestView(r: OtpRequest): z.input<typeof auth.checkPhoneNumber.response> {
  if (r === "phone-taken") return { status: "Failure", message: TAKEN.phone, noneduplicatestatus: false, sendotpstatus: false };
  if (r === "not-sent")
    return { status: "Error", message: "ส่งรหัส OTP ไม่สำเร็จ กรุณาลองใหม่", noneduplicatestatus: true, sendotpstatus: false };
  return { status: "Success", message: "ส่งรหัส OTP แล้ว", noneduplicatestatus: true, sendotpstatus: true };
}

export function otpCheckView(r: OtpCheck): z.input<typeof auth.checkOtp.response> {
  if (r.outcome === "used-up") return { status: "Failure", message: "รหัส OTP หมดอายุหรือใส่ผิดเกินกำหนด กรุณาขอรหัสใหม่", otpstatus: false };
  if (r.outcome === "wrong") return { status: "Failure", message: "รหัส OTP ไม่ถูกต้อง", otpstatus: false };
  return { status: "Success", message: "ยืนยันเบอร์โทรศัพท์แล้ว", otpstatus: true, otptoken: r.otptoken };
}

export function takenView(taken: "username" | "bankNo" | null): z.input<typeof auth.checkUsernameBankno.response> {
  return taken ? { status: "Failure", message: TAKEN[taken] } : { status: "Success", message: "ใช้ได้" };
}

export function secondFactorStatusView(s: SecondFactorStatus): z.input<typeof auth.adminTotpStatus.response> {
  return {
    status: "Success",
    enrolled: s.enrolled,
    required: s.required,
    session_verified: s.sessionVerified,
    confirmed_at: s.confirmedAt?.toISOString() ?? null,
    recovery_codes_left: s.recoveryCodesLeft,
  };
}
