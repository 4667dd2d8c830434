import { Alert, Anchor, Button, Card, Image, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { PATHS } from "../../lib/paths";
import { StaffMessage } from "../../components/contact-staff";
import { COOKIE, getCookie } from "../../lib/cookies";
import { safeReturnPath, type SignInReason } from "../../lib/return-path";
import { useSession } from "../../lib/session";
import { SecondFactorStep } from "./second-factor-step";
import { loginCall } from "./api/login";

/** Why the player is here, when a session ended (docs/decisions/029): the server's reason, in Thai. */
const SESSION_ENDED: Record<SignInReason, string> = {
  expired: "หมดเวลาการเข้าสู่ระบบแล้ว เพื่อความปลอดภัย กรุณาเข้าสู่ระบบใหม่",
  revoked: "การเข้าสู่ระบบนี้ถูกยกเลิกแล้ว (ออกจากระบบ เปลี่ยนหรือตั้งรหัสผ่านใหม่จากอุปกรณ์อื่น หรือบัญชีถูกพัก) กรุณาเข้าสู่ระบบใหม่",
  invalid: "ข้อมูลการเข้าสู่ระบบในเครื่องนี้ไม่ถูกต้อง กรุณาเข้าสู่ระบบใหม่",
  ended: "การเข้าสู่ระบบสิ้นสุดแล้ว กรุณาเข้าสู่ระบบใหม่",
};

export function SignInPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ended = params.get("ended");
  const endedMessage = ended && ended in SESSION_ENDED ? SESSION_ENDED[ended as SignInReason] : null;
  /** Where the player was (a path of this site only, never an address elsewhere), else home. */
  const returnTo = safeReturnPath(params.get("next"), location.origin) ?? PATHS.home;
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  /** An admin with a second factor gave the right password: the code comes next (docs/decisions/024). */
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: () => loginCall({ username, password }),
    onSuccess: (result) => {
      if ("totp_required" in result) {
        setChallenge(result.challenge);
        return;
      }
      signIn(result);
      // Not returned: react-query would keep the sign-in pending until the next page has loaded.
      void navigate(returnTo, { replace: true });
    },
  });

  if (getCookie(COOKIE.jwt)) return <Navigate to={returnTo} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate();
  };

  if (challenge) {
    return (
      <div className="auth-page">
        <Card w="100%" maw={420} padding="lg" radius="lg" shadow="lg">
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={(result) => {
              signIn(result);
              void navigate(returnTo, { replace: true });
            }}
            onBack={() => {
              setChallenge(null);
              setPassword("");
              login.reset();
            }}
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <Card w="100%" maw={420} padding="lg" radius="lg" shadow="lg">
        <form onSubmit={submit}>
          <Stack>
            <Stack align="center" gap={4}>
              <Image src="/images/logo.webp" w={72} h={72} alt="โลโก้" />
              <Title order={2}>เข้าสู่ระบบ</Title>
              <Text c="dimmed" size="sm">
                แทงหวยออนไลน์ ครบทุกหวย จ่ายจริง
              </Text>
            </Stack>
            {params.get("registered") && !login.error && <Alert color="teal">สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ</Alert>}
            {params.get("reset") && !login.error && (
              <Alert color="teal" data-testid="signin-reset">
                ตั้งรหัสผ่านใหม่แล้ว ทุกอุปกรณ์ออกจากระบบ กรุณาเข้าสู่ระบบด้วยรหัสผ่านใหม่
              </Alert>
            )}
            {endedMessage && !login.error && (
              <Alert color="orange" data-testid="signin-ended" data-reason={ended}>
                {endedMessage}
              </Alert>
            )}
            {params.get("break") && !login.error && (
              <Alert color="orange" data-testid="signin-break">
                เริ่มพักการเล่นแล้ว ทุกอุปกรณ์ออกจากระบบ ระหว่างพักเข้าสู่ระบบได้เพื่อดูยอดและถอนเงินเท่านั้น
              </Alert>
            )}
            {login.error && (
              <Alert color="red" data-testid="signin-error">
                <StaffMessage>{login.error.message}</StaffMessage>
              </Alert>
            )}
            <TextInput
              label="ชื่อผู้ใช้หรือเบอร์โทรศัพท์"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
            />
            <PasswordInput
              label="รหัสผ่าน"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Anchor component={Link} to={PATHS.forgotPassword} size="sm" ta="right" mt={-8} data-testid="forgot-password-link">
              ลืมรหัสผ่าน?
            </Anchor>
            <Button type="submit" size="md" loading={login.isPending}>
              เข้าสู่ระบบ
            </Button>
            <Text ta="center" size="sm">
              ยังไม่มีบัญชี?{" "}
              <Anchor component={Link} to={PATHS.register}>
                สมัครสมาชิก
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Card>
    </div>
  );
}
