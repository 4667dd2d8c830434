import { Alert, Anchor, Button, Card, Image, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { NewPasswordFields } from "../../components/new-password-fields";
import { PATHS } from "../../lib/paths";
import { forgotPassword } from "./api/forgot-password";
import { resetPassword } from "./api/reset-password";
import { fieldText } from "../../lib/field-text";

/**
 * Forgot password (docs/decisions/029): a code by SMS to the phone the account was registered with, then the code
 * and a new password. The server answers the first step alike whether or not the phone is registered, so
 * the page says "if" too. Every device signs out when the password is set.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState("");
  const [codeAsked, setCodeAsked] = useState(false);
  const [otp, setOtp] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const ask = useMutation({
    mutationFn: () => forgotPassword({ phonenumber: phone }),
    onSuccess: () => setCodeAsked(true),
  });
  const reset = useMutation({
    mutationFn: () => resetPassword({ phonenumber: phone, otp, pass: password }),
    onSuccess: () => navigate(`${PATHS.signIn}?reset=1`, { replace: true }),
  });

  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate();
  };
  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (password !== confirm) return setFormError("รหัสผ่านทั้งสองช่องไม่ตรงกัน");
    reset.mutate();
  };

  return (
    <div className="auth-page">
      <Card w="100%" maw={420} padding="lg" radius="lg" shadow="lg">
        <Stack>
          <Stack align="center" gap={4}>
            <Image src="/images/logo.webp" w={56} h={56} alt="โลโก้" />
            <Title order={2}>ลืมรหัสผ่าน</Title>
            <Text c="dimmed" size="sm" ta="center">
              รับรหัส OTP ทาง SMS ที่เบอร์โทรศัพท์ที่ใช้สมัครสมาชิก แล้วตั้งรหัสผ่านใหม่
            </Text>
          </Stack>
          {!codeAsked ? (
            <form onSubmit={submitPhone}>
              <Stack>
                <TextInput
                  label="เบอร์โทรศัพท์ที่ใช้สมัครสมาชิก"
                  name="phonenumber"
                  inputMode="numeric"
                  autoComplete="tel"
                  placeholder="08xxxxxxxx"
                  value={phone}
                  onChange={(e) => setPhone(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "").slice(0, 10)))}
                  required
                />
                {ask.error && (
                  <Alert color="red" data-testid="forgot-error">
                    {ask.error.message}
                  </Alert>
                )}
                <Button type="submit" size="md" loading={ask.isPending}>
                  ขอรหัส OTP
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={submitReset}>
              <Stack>
                <Alert color="teal" data-testid="forgot-sent">
                  {ask.data?.message ?? "ส่งรหัส OTP แล้ว"} ({phone})
                </Alert>
                <TextInput
                  label="รหัส OTP 6 หลัก"
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={otp}
                  onChange={(e) => setOtp(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "").slice(0, 6)))}
                  required
                />
                <NewPasswordFields
                  label="รหัสผ่านใหม่"
                  password={password}
                  confirm={confirm}
                  onPassword={setPassword}
                  onConfirm={setConfirm}
                />
                {(formError || reset.error) && (
                  <Alert color="red" data-testid="reset-error">
                    {formError ?? reset.error?.message}
                  </Alert>
                )}
                <Button type="submit" size="md" loading={reset.isPending}>
                  ตั้งรหัสผ่านใหม่
                </Button>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setCodeAsked(false);
                    setOtp("");
                    ask.reset();
                    reset.reset();
                  }}
                >
                  เปลี่ยนเบอร์ / ขอรหัสใหม่
                </Anchor>
              </Stack>
            </form>
          )}
          <Text ta="center" size="sm">
            นึกรหัสผ่านออกแล้ว?{" "}
            <Anchor component={Link} to={PATHS.signIn}>
              เข้าสู่ระบบ
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </div>
  );
}
