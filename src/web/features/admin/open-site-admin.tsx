import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CLOSED_MESSAGE_MAX } from "../../../contract/site";
import { useSiteConfig } from "../../lib/site-config";
import { adminSetOpenSite, afterSetOpenSite } from "./api/admin-set-open-site";

/**
 * The operator opens or closes the site (decision 021): the message players read while it is closed and
 * a reason for the audit log, confirmed in a dialog that says what players lose and keep.
 */
export function OpenSiteAdmin() {
  const config = useSiteConfig();
  const queryClient = useQueryClient();
  const current = config.data?.siteconfig;
  // null: not edited, the message in force is shown.
  const [message, setMessage] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState<"close" | "open" | null>(null);
  const save = useMutation({
    mutationFn: (openSite: boolean) =>
      adminSetOpenSite({ openSite, ...(openSite ? {} : { closedMessage: message ?? current?.closedMessage ?? "" }), reason }),
    onSuccess: (r) => {
      afterSetOpenSite(queryClient, r);
      setMessage(null);
      setReason("");
    },
    onSettled: () => setConfirming(null),
  });

  if (!current) return config.error ? <Alert color="red">{config.error.message}</Alert> : <Text c="dimmed">กำลังโหลดสถานะเว็บไซต์…</Text>;
  const shownMessage = message ?? current.closedMessage;
  return (
    <Stack>
      <Card withBorder radius="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>สถานะเว็บไซต์</Text>
            <Badge size="lg" color={current.openSite ? "teal" : "red"} data-testid="site-status" data-open={String(current.openSite)}>
              {current.openSite ? "เปิดให้บริการ" : "ปิดปรับปรุง"}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            เมื่อปิด ผู้เล่นจะเห็นหน้าปิดปรับปรุงพร้อมข้อความด้านล่าง แทงหวย ยิงเลข เล่นเกม แจ้งฝากเงิน แลกแต้ม และสมัครสมาชิกไม่ได้ ส่วนการดูยอด การถอนเงิน
            และการยกเลิกโพยยังทำได้ ผู้ดูแลระบบใช้งานได้ตามปกติ
          </Text>
          <Textarea
            label="ข้อความถึงผู้เล่น"
            description={`แสดงในหน้าปิดปรับปรุง (ไม่เกิน ${CLOSED_MESSAGE_MAX} ตัวอักษร) ว่างไว้เพื่อใช้ข้อความมาตรฐาน`}
            name="closed-message"
            autosize
            minRows={2}
            maxLength={CLOSED_MESSAGE_MAX}
            value={shownMessage}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <TextInput
            label="เหตุผล (บันทึกในประวัติการทำรายการ)"
            name="site-reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            placeholder="เช่น อัปเดตระบบฐานข้อมูล"
          />
          {save.error && (
            <Alert color="red" data-testid="open-site-error">
              {save.error.message}
            </Alert>
          )}
          {save.data && !save.isPending && (
            <Alert color="teal" data-testid="open-site-saved">
              {save.data.message}
            </Alert>
          )}
          {current.openSite ? (
            <Button color="red" onClick={() => setConfirming("close")} data-testid="close-site">
              ปิดเว็บไซต์
            </Button>
          ) : (
            <Group grow>
              <Button variant="outline" color="red" onClick={() => setConfirming("close")} data-testid="update-closed-message">
                บันทึกข้อความใหม่
              </Button>
              <Button color="teal" onClick={() => setConfirming("open")} data-testid="open-site">
                เปิดเว็บไซต์
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        centered
        title={confirming === "open" ? "ยืนยันเปิดเว็บไซต์" : current.openSite ? "ยืนยันปิดเว็บไซต์" : "ยืนยันเปลี่ยนข้อความ"}
        data-testid="open-site-confirm"
      >
        <Stack>
          {confirming === "open" ? (
            <Text size="sm">ผู้เล่นจะกลับมาแทงหวย ยิงเลข เล่นเกม และฝากเงินได้ทันที</Text>
          ) : (
            <>
              <Text size="sm">ผู้เล่นจะเห็นหน้าปิดปรับปรุงพร้อมข้อความนี้ และทำรายการได้เพียงดูยอดและถอนเงิน</Text>
              <Card withBorder radius="md" bg="gray.0">
                <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {shownMessage.trim() || "(ข้อความมาตรฐานของเว็บไซต์)"}
                </Text>
              </Card>
            </>
          )}
          <Text size="sm" c="dimmed">
            เหตุผล: {reason.trim() || "—"}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              ยกเลิก
            </Button>
            <Button
              color={confirming === "open" ? "teal" : "red"}
              loading={save.isPending}
              onClick={() => save.mutate(confirming === "open")}
              data-testid="confirm-open-site"
            >
              {confirming === "open" ? "ยืนยันเปิดเว็บไซต์" : current.openSite ? "ยืนยันปิดเว็บไซต์" : "ยืนยันบันทึกข้อความ"}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
