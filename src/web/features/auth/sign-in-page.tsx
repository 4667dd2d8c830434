import { Alert, Anchor, Button, Card, Image, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { auth } from "../../../contract";
import { PATHS } from "../../app/paths";
import { StaffMessage } from "../../components/contact-staff";
import { callApi } from "../../lib/api";
import { COOKIE, getCookie } from "../../lib/cookies";
import { useSession } from "../../lib/session";
import { SecondFactorStep } from "./second-factor-step";

export function SignInPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  /** An admin with a second factor gave the right password: the code comes next (issue 17). */
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: () => callApi(auth.login, { username, password }, "Login failed"),
    onSuccess: (result) => {
      if ("totp_required" in result) {
        setChallenge(result.challenge);
        return;
      }
      signIn(result);
      navigate(PATHS.home, { replace: true });
    },
  });

  if (getCookie(COOKIE.jwt)) return <Navigate to={PATHS.home} replace />;

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
              navigate(PATHS.home, { replace: true });
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
              <Image src="/images/logo.svg" w={72} h={72} alt="โลโก้" />
              <Title order={2}>เข้าสู่ระบบ</Title>
              <Text c="dimmed" size="sm">
                แทงหวยออนไลน์ ครบทุกหวย จ่ายจริง
              </Text>
            </Stack>
            {params.get("registered") && !login.error && <Alert color="teal">สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ</Alert>}
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
            <TextInput label="ชื่อผู้ใช้" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} required />
            <PasswordInput label="รหัสผ่าน" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
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
