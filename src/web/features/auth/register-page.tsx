import { Alert, Anchor, Button, Card, Group, Image, Stack, Stepper, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { BANKS, type BankCode } from "../../../domain/banks";
import { maskDigits } from "../../../domain/digit-mask";
import { auth } from "../../../contract";
import { useBankList } from "../../lib/bank-list";
import { useSession } from "../../lib/session";
import { PATHS } from "../../lib/paths";
import { fieldText } from "../../lib/field-text";
import { loadZod } from "../../lib/zod-on-demand";
import { BankSelect } from "../../components/bank-select";
import { NewPasswordFields } from "../../components/new-password-fields";
import { checkPhoneNumber } from "./api/check-phonenumber";
import { checkOtpCall } from "./api/check-otp";
import { checkUsernameBankno } from "./api/check-username-bankno";
import { referrerQuery } from "./api/get-user-info-by-id";
import { loginCall } from "./api/login";
import { registerCall } from "./api/register";

type AccountField = "username" | "password" | "confirm" | "bankname" | "bankno" | "bankaccounts";

/**
 * Every field's problem at once (the contract's own rules, as the server applies them), so a player fixes
 * them all in one go instead of meeting them one submit at a time.
 */
function accountErrors(values: {
  username: string;
  password: string;
  confirm: string;
  bank: BankCode | null;
  bankNo: string;
  holder: string;
}): Partial<Record<AccountField, string>> {
  const errors: Partial<Record<AccountField, string>> = {};
  const parsed = auth.RegisterBody.safeParse({
    username: values.username.replace(/\s/g, ""),
    password: values.password,
    phonenumber: "0800000000",
    bankaccounts: values.holder,
    bankno: values.bankNo,
    bankname: values.bank ?? "",
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field in FIELD_OF && !errors[FIELD_OF[field]!]) errors[FIELD_OF[field]!] = issue.message;
    }
  }
  if (!values.bank) errors.bankname = "กรุณาเลือกธนาคาร";
  if (!errors.password && values.password !== values.confirm) errors.confirm = "รหัสผ่านทั้งสองช่องไม่ตรงกัน";
  return errors;
}

const FIELD_OF: Record<string, AccountField> = {
  username: "username",
  password: "password",
  bankname: "bankname",
  bankno: "bankno",
  bankaccounts: "bankaccounts",
};

/** Accounts of up to 11 digits show the 3-1-1-4-1 mask of spec §5; longer ones (GSB, BAAC) stay plain. */
function bankNoForDisplay(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 15);
  return digits.length <= 11 ? maskDigits(digits) : digits;
}

/** Registration (spec §2): phone checked by OTP first, then the account and the bank account. */
export function RegisterPage() {
  const { uuid: referrerId } = useParams();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [phone, setPhone] = useState("");
  const [otp, setOtp] = useState("");
  const [otpSent, setOtpSent] = useState(false);
  const [otpToken, setOtpToken] = useState<string | undefined>();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [bank, setBank] = useState<BankCode | null>(null);
  const [bankNo, setBankNo] = useState("");
  const [holder, setHolder] = useState("");
  /** Set once the player has tried to submit: from then on each field says what is still wrong as it is fixed. */
  const [tried, setTried] = useState(false);
  const { signIn } = useSession();

  const bankList = useBankList();
  const referrer = useQuery({
    ...referrerQuery(referrerId),
    enabled: !!referrerId,
    retry: false,
  });

  const sendOtp = useMutation({
    mutationFn: () => checkPhoneNumber({ phonenumber: phone }),
    onSuccess: (r) => {
      if (r.sendotpstatus) setOtpSent(true);
    },
  });
  const checkOtp = useMutation({
    mutationFn: () => checkOtpCall({ phonenumber: phone, otp }),
    onSuccess: (r) => {
      if (r.otpstatus) {
        setOtpToken(r.otptoken);
        setStep(1);
      }
    },
  });
  const register = useMutation({
    mutationFn: async () => {
      // Spec §5: whitespace out of the username, non-word characters out of the bank number.
      const cleanUsername = username.replace(/\s/g, "");
      const cleanBankNo = bankNo.replace(/[\W_]/g, "");
      const check = await checkUsernameBankno({ username: cleanUsername, bankno: cleanBankNo });
      if (check.status === "Failure") throw new Error(check.message ?? "Error checking username/bankno");
      const body = {
        username: cleanUsername,
        password,
        phonenumber: phone,
        bankaccounts: holder,
        bankno: cleanBankNo,
        bankname: bank!,
        uuidmother: referrerId ?? null,
        otptoken: otpToken,
      };
      return registerCall(body);
    },
    // Registered: signed in at once with the same username and password, and home.
    onSuccess: async () => {
      const signedIn = await loginCall({ username: username.replace(/\s/g, ""), password }).catch(() => null);
      if (signedIn && !("totp_required" in signedIn)) {
        signIn(signedIn);
        void navigate(PATHS.home, { replace: true });
      } else void navigate(`${PATHS.signIn}?registered=1`, { replace: true });
    },
  });

  const phoneResultMessage = sendOtp.data && !sendOtp.data.sendotpstatus ? sendOtp.data.message : null;
  const otpResultMessage = checkOtp.data && !checkOtp.data.otpstatus ? checkOtp.data.message : null;

  // `tried` is set once zod is there (docs/decisions/059), so the messages under the fields are the contract's own.
  const errors = tried ? accountErrors({ username, password, confirm, bank, bankNo, holder }) : {};
  const submitAccount = (e: FormEvent) => {
    e.preventDefault();
    void loadZod().then(() => {
      setTried(true);
      if (Object.keys(accountErrors({ username, password, confirm, bank, bankNo, holder })).length > 0) return;
      register.mutate();
    }, reportError);
  };
  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    if (otpSent) checkOtp.mutate();
    else sendOtp.mutate();
  };

  return (
    <div className="auth-page">
      <Card w="100%" maw={460} padding="lg" radius="lg" shadow="lg">
        <Stack>
          <Group gap="sm">
            <Image src="/images/logo.webp" w={50} h={50} alt="โลโก้" />
            <Title order={2}>สมัครสมาชิก</Title>
          </Group>
          {referrerId && (
            <Alert color={referrer.isError ? "red" : "yellow"} data-testid="referrer">
              {referrer.isError ? "ลิงก์แนะนำไม่ถูกต้อง" : referrer.data ? `ผู้แนะนำ: ${referrer.data.username}` : "กำลังโหลดผู้แนะนำ…"}
            </Alert>
          )}
          <Stepper active={step} size="sm">
            <Stepper.Step label="ยืนยันเบอร์โทร">
              <form onSubmit={submitPhone}>
                <Stack mt="sm">
                  <TextInput
                    label="เบอร์โทรศัพท์มือถือ"
                    name="phonenumber"
                    inputMode="numeric"
                    value={phone}
                    onChange={(e) => setPhone(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "").slice(0, 10)))}
                    disabled={otpSent}
                    placeholder="08xxxxxxxx"
                    enterKeyHint="send"
                  />
                  {(sendOtp.error || phoneResultMessage) && <Alert color="red">{sendOtp.error?.message ?? phoneResultMessage}</Alert>}
                  {!otpSent ? (
                    <Button type="submit" loading={sendOtp.isPending}>
                      ขอรหัส OTP
                    </Button>
                  ) : (
                    <>
                      <Text size="sm" c="dimmed">
                        ส่งรหัส OTP ไปที่ {phone} แล้ว
                      </Text>
                      <TextInput
                        label="รหัส OTP 6 หลัก"
                        name="otp"
                        inputMode="numeric"
                        value={otp}
                        onChange={(e) => setOtp(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "").slice(0, 6)))}
                        enterKeyHint="done"
                        autoComplete="one-time-code"
                      />
                      {(checkOtp.error || otpResultMessage) && <Alert color="red">{checkOtp.error?.message ?? otpResultMessage}</Alert>}
                      <Button type="submit" loading={checkOtp.isPending}>
                        ยืนยัน OTP
                      </Button>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => {
                          setOtpSent(false);
                          setOtp("");
                          sendOtp.reset();
                        }}
                      >
                        เปลี่ยนเบอร์ / ขอรหัสใหม่
                      </Anchor>
                    </>
                  )}
                </Stack>
              </form>
            </Stepper.Step>
            <Stepper.Step label="ข้อมูลบัญชี">
              <form onSubmit={submitAccount} noValidate>
                <Stack mt="sm">
                  <TextInput
                    label="ชื่อผู้ใช้"
                    description="ภาษาอังกฤษหรือตัวเลข 4-20 ตัว"
                    name="username"
                    autoComplete="username"
                    value={username}
                    onChange={(e) => setUsername(e.currentTarget.value)}
                    error={errors.username}
                    required
                  />
                  <NewPasswordFields
                    label="รหัสผ่าน"
                    password={password}
                    confirm={confirm}
                    onPassword={setPassword}
                    onConfirm={setConfirm}
                    errors={errors}
                  />
                  <BankSelect value={bank} onChange={setBank} codes={bankList.data ?? []} error={errors.bankname} />
                  <TextInput
                    label={bank && BANKS[bank].kind === "wallet" ? "เบอร์วอลเล็ท (เบอร์มือถือที่ผูกไว้)" : "เลขบัญชีธนาคาร"}
                    name="bankno"
                    inputMode="numeric"
                    value={bankNo}
                    onChange={(e) => setBankNo(fieldText(e.currentTarget, bankNoForDisplay(e.currentTarget.value)))}
                    error={errors.bankno}
                    required
                  />
                  <TextInput
                    label="ชื่อบัญชี (ตรงกับสมุดบัญชี)"
                    name="bankaccounts"
                    value={holder}
                    onChange={(e) => setHolder(e.currentTarget.value)}
                    error={errors.bankaccounts}
                    enterKeyHint="done"
                    required
                  />
                  {register.error && (
                    <Alert color="red" data-testid="register-error">
                      {register.error.message}
                    </Alert>
                  )}
                  <Button type="submit" size="md" loading={register.isPending}>
                    สมัครสมาชิก
                  </Button>
                </Stack>
              </form>
            </Stepper.Step>
          </Stepper>
          <Text ta="center" size="sm">
            มีบัญชีแล้ว?{" "}
            <Anchor component={Link} to={PATHS.signIn}>
              เข้าสู่ระบบ
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </div>
  );
}
