import { Alert, Button, Card, FileInput, Group, Image, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ANNOUNCEMENT_MAX, BANNER_MAX_BYTES, type SiteContent } from "../../../contract/site";
import { useSiteContent } from "../../lib/site-content";
import { adminSetSiteContent, afterSetSiteContent } from "./api/admin-site-content";

const BANNER_TYPES = ["image/png", "image/jpeg", "image/webp"];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The back office's เนื้อหาเว็บ tab: the announcement line that scrolls on the home page, the contact
 * channels shown wherever a message says "ติดต่อเจ้าหน้าที่", and the welcome banner's image, uploaded from
 * the operator's phone or computer (decision 027). Every save is audited by the server.
 */
export function SiteContentAdmin() {
  const content = useSiteContent();
  if (!content.data) return content.error ? <Alert color="red">{content.error.message}</Alert> : <Text c="dimmed">กำลังโหลด…</Text>;
  return <SiteContentForm current={content.data} />;
}

function SiteContentForm({ current }: { current: SiteContent }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    announcement: current.announcement,
    lineId: current.lineId,
    lineUrl: current.lineUrl,
    phone: current.phone,
  });
  // undefined: keep the banner; null: back to the standard one; a data URL: the new image.
  const [banner, setBanner] = useState<string | null | undefined>(undefined);
  const [fileError, setFileError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => adminSetSiteContent({ ...form, ...(banner === undefined ? {} : { banner }) }),
    onSuccess: (r) => {
      afterSetSiteContent(queryClient, r);
      setBanner(undefined);
    },
  });
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });

  const pickBanner = async (file: File | null) => {
    setFileError(null);
    if (!file) return setBanner(undefined);
    if (!BANNER_TYPES.includes(file.type)) return setFileError("แบนเนอร์ต้องเป็นรูปภาพ PNG, JPEG หรือ WEBP");
    if (file.size > BANNER_MAX_BYTES) return setFileError("ไฟล์แบนเนอร์ต้องมีขนาดไม่เกิน 1 MB");
    setBanner(await readAsDataUrl(file));
  };
  const shownBanner = banner === undefined ? (current.bannerUrl ?? "/images/banner.svg") : (banner ?? "/images/banner.svg");

  return (
    <Stack>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Textarea
            label="ประกาศ (ตัวอักษรวิ่งหน้าแรก)"
            description={`ไม่เกิน ${ANNOUNCEMENT_MAX} ตัวอักษร ว่างไว้เพื่อไม่แสดงประกาศ`}
            name="announcement"
            autosize
            minRows={2}
            maxLength={ANNOUNCEMENT_MAX}
            value={form.announcement}
            onChange={set("announcement")}
          />
          <Text fw={600} size="sm">
            ช่องทางติดต่อเจ้าหน้าที่
          </Text>
          <Text size="xs" c="dimmed">
            แสดงต่อท้ายทุกข้อความที่บอกผู้เล่นให้ "ติดต่อเจ้าหน้าที่" เช่น บัญชีถูกระงับ หรือยังไม่เปิดรับฝากเงิน
          </Text>
          <TextInput label="LINE ID" name="line-id" placeholder="@lotto" value={form.lineId} onChange={set("lineId")} />
          <TextInput
            label="ลิงก์ LINE"
            name="line-url"
            placeholder="https://line.me/R/ti/p/@lotto"
            value={form.lineUrl}
            onChange={set("lineUrl")}
          />
          <TextInput
            label="เบอร์โทร"
            name="contact-phone"
            placeholder="0812345678"
            inputMode="tel"
            value={form.phone}
            onChange={set("phone")}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            แบนเนอร์ต้อนรับ (แสดงครั้งแรกหลังเข้าสู่ระบบ)
          </Text>
          <Image
            src={shownBanner}
            alt="แบนเนอร์"
            radius="md"
            style={{ aspectRatio: "500 / 200", objectFit: "cover" }}
            data-testid="banner-preview"
          />
          <FileInput
            label="อัปโหลดรูปใหม่"
            description="PNG, JPEG หรือ WEBP ไม่เกิน 1 MB ขนาดที่แนะนำ 1000 × 400 พิกเซล (สัดส่วน 5:2)"
            name="banner-file"
            accept={BANNER_TYPES.join(",")}
            clearable
            onChange={(f) => void pickBanner(f)}
            placeholder="เลือกรูป"
          />
          {fileError && <Alert color="red">{fileError}</Alert>}
          {(current.bannerUrl || banner) && (
            <Button variant="subtle" color="gray" onClick={() => setBanner(null)}>
              ใช้แบนเนอร์มาตรฐาน
            </Button>
          )}
        </Stack>
      </Card>
      {save.error && (
        <Alert color="red" data-testid="site-content-error">
          {save.error.message}
        </Alert>
      )}
      {save.isSuccess && !save.isPending && (
        <Alert color="teal" data-testid="site-content-saved">
          {save.data.message}
        </Alert>
      )}
      <Group grow>
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="site-content-save">
          บันทึก
        </Button>
      </Group>
    </Stack>
  );
}
