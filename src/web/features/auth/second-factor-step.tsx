import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { auth } from "../../../contract";
import { loginSecondFactor } from "./api/login-totp";
import { fieldText } from "../../lib/field-text";

/**
 * The second step of an admin's sign-in: the 6-digit code of the authenticator app, or one of the
 * recovery codes when the phone is not at hand. The server counts wrong codes like wrong passwords.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (result: z.output<typeof auth.SignedIn>) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const verify = useMutation({
    mutationFn: () => loginSecondFactor({ challenge, code: code.trim() }),
    onSuccess: onSignedIn,
    onError: () => setCode(""),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };

  return (
    <form onSubmit={submit} data-testid="second-factor-step">
      <Stack>
        <Stack align="center" gap={4}>
          <Title order={2}>ยืนยันตัวตน</Title>
          <Text c="dimmed" size="sm" ta="center">
            {recovery ? "กรอกรหัสกู้คืนหนึ่งรหัสที่เก็บไว้ตอนตั้งค่า (แต่ละรหัสใช้ได้ครั้งเดียว)" : "เปิดแอปยืนยันตัวตนในโทรศัพท์ แล้วกรอกรหัส 6 หลักที่แสดงอยู่"}
          </Text>
        </Stack>
        {verify.error && (
          <Alert color="red" data-testid="second-factor-error">
            {verify.error.message}
          </Alert>
        )}
        {recovery ? (
          <TextInput
            key="recovery"
            label="รหัสกู้คืน"
            name="recovery-code"
            placeholder="xxxx-xxxx-xxxx-xxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            size="md"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
            autoFocus
          />
        ) : (
          <TextInput
            key="totp"
            label="รหัส 6 หลัก"
            name="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            size="lg"
            styles={{ input: { letterSpacing: "0.4em", textAlign: "center", fontVariantNumeric: "tabular-nums" } }}
            value={code}
            onChange={(e) => setCode(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "")))}
            required
            autoFocus
          />
        )}
        <Button type="submit" size="md" loading={verify.isPending}>
          ยืนยันและเข้าสู่ระบบ
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          mih={44}
          onClick={() => {
            setRecovery((r) => !r);
            setCode("");
            verify.reset();
          }}
        >
          {recovery ? "ใช้รหัส 6 หลักจากแอปแทน" : "ไม่มีโทรศัพท์อยู่ใกล้ตัว? ใช้รหัสกู้คืน"}
        </Anchor>
        <Anchor component="button" type="button" size="sm" ta="center" c="dimmed" mih={44} onClick={onBack}>
          กลับไปกรอกชื่อผู้ใช้และรหัสผ่าน
        </Anchor>
      </Stack>
    </form>
  );
}
