import { Button, Card, CopyButton, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { qrPngOf } from "./qr-png";

const LINE_SHARE = "https://social-plugins.line.me/lineit/share?url=";

/** The player's referral link: copy it, share it on LINE, or let a friend scan it. */
export function InviteCard({ link }: { link: string }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (!link) return;
    let current = true;
    qrPngOf(link, 180)
      .then((url) => current && setQr(url))
      .catch((e: unknown) => console.error("referral QR", e));
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <Card withBorder radius="lg">
      <Stack gap="xs">
        <Text fw={600}>ชวนเพื่อนมาเล่น</Text>
        <Text size="sm" c="dimmed">
          เพื่อนที่สมัครผ่านลิงก์หรือ QR นี้จะอยู่ในสายงานของคุณ และคุณจะได้ค่าคอมจากยอดแทงของเพื่อน
        </Text>
        <TextInput value={link} readOnly data-testid="referral-link" aria-label="ลิงก์แนะนำเพื่อน" onFocus={(e) => e.currentTarget.select()} />
        <Group grow gap="xs">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? "teal" : "red"} data-testid="copy-referral-link">
                {copied ? "คัดลอกแล้ว" : "คัดลอกลิงก์"}
              </Button>
            )}
          </CopyButton>
          <Button
            component="a"
            href={LINE_SHARE + encodeURIComponent(link)}
            target="_blank"
            rel="noopener noreferrer"
            color="#06C755"
            data-testid="line-share"
          >
            แชร์ทาง LINE
          </Button>
        </Group>
        {qr && (
          <Stack align="center" gap={2}>
            <Image src={qr} w={180} h={180} alt="QR ลิงก์แนะนำเพื่อน" data-testid="referral-qr" style={{ imageRendering: "pixelated" }} />
            <Text size="xs" c="dimmed">
              ให้เพื่อนสแกนด้วยกล้องมือถือเพื่อเปิดหน้าสมัคร
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
