import { Alert, Badge, Button, Card, CopyButton, Group, Image, List, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import { auth } from "../../../contract";
import type { ResponseOf } from "../../../contract/route";
import { formatThaiDateTime } from "../../../domain/thai-date";
import { adminTotpConfirm } from "./api/admin-totp-confirm";
import { adminTotpEnrol } from "./api/admin-totp-enrol";
import { adminTotpRecoveryCodes } from "./api/admin-totp-recovery-codes";
import { rereadSecondFactorStatus, secondFactorStatusQuery } from "./api/admin-totp-status";
import { fieldText } from "../../lib/field-text";

/**
 * The signed-in admin's second factor: enrolled or not, and whether this session passed it. Read again
 * only when told (after an enrolment's recovery codes are put away), never behind the admin's back:
 * a refresh must not swap the page while the recovery codes are on screen.
 */
export function useSecondFactorStatus(enabled: boolean) {
  return useQuery({
    ...secondFactorStatusQuery,
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** A 6-digit code input, big enough to type on a phone. */
function CodeInput({
  value,
  onChange,
  name,
  label = "รหัส 6 หลักจากแอป",
}: {
  value: string;
  onChange: (v: string) => void;
  name: string;
  label?: string;
}) {
  return (
    <TextInput
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      size="lg"
      styles={{ input: { letterSpacing: "0.4em", textAlign: "center", fontVariantNumeric: "tabular-nums" } }}
      value={value}
      onChange={(e) => onChange(fieldText(e.currentTarget, e.currentTarget.value.replace(/\D/g, "")))}
      required
    />
  );
}

/** The recovery codes, shown once: to copy or write down before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card withBorder radius="lg" data-testid="recovery-codes">
      <Stack gap="sm">
        <Text fw={600}>รหัสกู้คืน (แสดงครั้งเดียว)</Text>
        <Text size="sm" c="dimmed">
          ใช้เข้าสู่ระบบแทนรหัส 6 หลักเมื่อไม่มีโทรศัพท์ แต่ละรหัสใช้ได้ครั้งเดียว เก็บไว้ในที่ปลอดภัยที่ไม่ใช่โทรศัพท์เครื่องเดียวกัน
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {codes.map((c) => (
            <Text key={c} ff="monospace" size="sm" style={{ whiteSpace: "nowrap" }} data-testid="recovery-code">
              {c}
            </Text>
          ))}
        </SimpleGrid>
        <CopyButton value={codes.join("\n")}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? "teal" : "blue"} onClick={copy} data-testid="copy-recovery-codes">
              {copied ? "คัดลอกแล้ว" : "คัดลอกรหัสทั้งหมด"}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone} data-testid="recovery-codes-saved">
          เก็บรหัสกู้คืนแล้ว
        </Button>
      </Stack>
    </Card>
  );
}

/** Enrolment: a new secret as a QR (and as text), confirmed by the app's first code. */
function Enrolment({ replacing, onConfirmed }: { replacing: boolean; onConfirmed: (codes: string[]) => void }) {
  const [code, setCode] = useState("");
  const [qr, setQr] = useState<string | null>(null);
  const start = useMutation({ mutationFn: () => adminTotpEnrol({}) });
  const confirm = useMutation({
    mutationFn: () => adminTotpConfirm({ code }),
    onSuccess: (r) => onConfirmed(r.recovery_codes),
    onError: () => setCode(""),
  });
  const uri = start.data?.otpauth_uri;
  useEffect(() => {
    if (!uri) return;
    let current = true;
    QRCode.toDataURL(uri, { margin: 1, width: 220 })
      .then((url) => current && setQr(url))
      .catch((e: unknown) => console.error("second factor QR", e));
    return () => {
      current = false;
    };
  }, [uri]);

  if (!start.data) {
    return (
      <Stack gap="sm">
        <List size="sm" spacing={4}>
          <List.Item>ติดตั้งแอปยืนยันตัวตนในโทรศัพท์ เช่น Google Authenticator หรือ Microsoft Authenticator</List.Item>
          <List.Item>กดปุ่มด้านล่าง แล้วสแกน QR ด้วยแอป</List.Item>
          <List.Item>กรอกรหัส 6 หลักที่แอปแสดงเพื่อยืนยัน แล้วเก็บรหัสกู้คืนไว้</List.Item>
        </List>
        {start.error && <Alert color="red">{start.error.message}</Alert>}
        <Button size="md" onClick={() => start.mutate()} loading={start.isPending} data-testid="start-enrolment">
          {replacing ? "เปลี่ยนแอปยืนยันตัวตน (สร้าง QR ใหม่)" : "เริ่มตั้งค่า"}
        </Button>
      </Stack>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm" data-testid="enrolment">
        <Text size="sm">{start.data.message}</Text>
        <Group justify="center">{qr ? <Image src={qr} w={220} h={220} alt="QR สำหรับแอปยืนยันตัวตน" data-testid="totp-qr" /> : null}</Group>
        <Text size="sm" c="dimmed">
          สแกนไม่ได้? กรอกรหัสลับนี้ในแอปแทน (ชนิด ตามเวลา)
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text ff="monospace" size="sm" style={{ wordBreak: "break-all", flex: 1 }} data-testid="totp-secret">
            {start.data.secret.match(/.{1,4}/g)!.join(" ")}
          </Text>
          <CopyButton value={start.data.secret}>
            {({ copied, copy }) => (
              <Button variant="light" size="sm" color={copied ? "teal" : "blue"} onClick={copy}>
                {copied ? "คัดลอกแล้ว" : "คัดลอก"}
              </Button>
            )}
          </CopyButton>
        </Group>
        {confirm.error && (
          <Alert color="red" data-testid="confirm-error">
            {confirm.error.message}
          </Alert>
        )}
        <CodeInput name="confirm-code" value={code} onChange={setCode} />
        <Button type="submit" size="md" loading={confirm.isPending} data-testid="confirm-enrolment">
          ยืนยันและเปิดใช้
        </Button>
      </Stack>
    </form>
  );
}

/** New recovery codes for a current code of the app (the old ones stop working). */
function RenewRecoveryCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const [code, setCode] = useState("");
  const renew = useMutation({
    mutationFn: () => adminTotpRecoveryCodes({ code }),
    onSuccess: (r) => onRenewed(r.recovery_codes),
    onError: () => setCode(""),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    renew.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          สร้างรหัสกู้คืนชุดใหม่เมื่อใช้ไปมากหรือสงสัยว่ารั่วไหล (ชุดเดิมจะใช้ไม่ได้อีก) กรอกรหัส 6 หลักจากแอปเพื่อยืนยัน
        </Text>
        {renew.error && <Alert color="red">{renew.error.message}</Alert>}
        <CodeInput name="renew-code" value={code} onChange={setCode} />
        <Button type="submit" variant="light" loading={renew.isPending}>
          สร้างรหัสกู้คืนชุดใหม่
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The back office's second factor tab (docs/decisions/024): enrol an authenticator app, see the recovery codes left,
 * make new ones, or move to another phone.
 */
export function SecondFactorSettings({ status }: { status: ResponseOf<typeof auth.adminTotpStatus> }) {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [replacing, setReplacing] = useState(false);
  const done = () => {
    setCodes(null);
    setReplacing(false);
    // The back office opens once this session has passed the second factor.
    void rereadSecondFactorStatus(queryClient);
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={done} />;
  return (
    <Stack data-testid="second-factor-settings">
      <Group gap="xs">
        <Text fw={600}>ยืนยันตัวตนสองขั้นตอน</Text>
        {status.enrolled ? (
          <Badge color="teal" data-testid="second-factor-on">
            เปิดใช้แล้ว
          </Badge>
        ) : (
          <Badge color="gray">ยังไม่ได้ตั้งค่า</Badge>
        )}
      </Group>
      {status.enrolled && (
        <Text size="sm" c="dimmed">
          ตั้งค่าเมื่อ {status.confirmed_at ? formatThaiDateTime(status.confirmed_at) : "-"} · รหัสกู้คืนเหลือ {status.recovery_codes_left} รหัส
        </Text>
      )}
      {status.enrolled && status.recovery_codes_left <= 3 && <Alert color="orange">รหัสกู้คืนเหลือน้อย กรุณาสร้างชุดใหม่</Alert>}
      {!status.enrolled || replacing ? (
        <Enrolment replacing={status.enrolled} onConfirmed={setCodes} />
      ) : status.session_verified ? (
        <Stack gap="md">
          <RenewRecoveryCodes onRenewed={setCodes} />
          <Button variant="subtle" onClick={() => setReplacing(true)}>
            เปลี่ยนโทรศัพท์หรือแอปยืนยันตัวตน
          </Button>
        </Stack>
      ) : (
        <Alert color="orange">การเข้าสู่ระบบครั้งนี้ยังไม่ได้ยืนยันด้วยรหัส 6 หลัก กรุณาออกจากระบบแล้วเข้าสู่ระบบใหม่ด้วยรหัสจากแอป</Alert>
      )}
    </Stack>
  );
}
