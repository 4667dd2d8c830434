import { Alert, Button, Card, PasswordInput, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { NewPasswordFields } from "../../components/new-password-fields";
import { PageTitle } from "../../components/page-title";
import { useSession } from "../../lib/session";
import { checkOldPassword } from "./api/check-old-password";
import { updatePassword } from "./api/update-password";

/** The old password is confirmed first (/api/check-oldPassword); only then is the new one set. */
export function ChangePasswordPage() {
  const { username, uuid } = useSession();
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: async () => {
      await checkOldPassword({ user: username ?? "", pass: oldPassword });
      return updatePassword({ uuid: uuid ?? "", pass: newPassword });
    },
    onSuccess: () => {
      setOldPassword("");
      setNewPassword("");
      setConfirm("");
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMismatch(newPassword !== confirm);
    if (newPassword === confirm) change.mutate();
  };
  return (
    <Stack>
      <PageTitle>เปลี่ยนรหัสผ่าน</PageTitle>
      <Card withBorder radius="lg">
        <form onSubmit={submit}>
          <Stack>
            <PasswordInput
              label="รหัสผ่านเดิม"
              autoComplete="current-password"
              value={oldPassword}
              onChange={(e) => setOldPassword(e.currentTarget.value)}
              required
            />
            <NewPasswordFields
              label="รหัสผ่านใหม่"
              password={newPassword}
              confirm={confirm}
              onPassword={setNewPassword}
              onConfirm={setConfirm}
            />
            {mismatch && <Alert color="red">รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน</Alert>}
            {change.error && <Alert color="red">{change.error.message}</Alert>}
            {change.isSuccess && <Alert color="teal">เปลี่ยนรหัสผ่านสำเร็จ อุปกรณ์อื่นที่เข้าสู่ระบบไว้จะต้องเข้าสู่ระบบใหม่</Alert>}
            <Button type="submit" loading={change.isPending}>
              บันทึกรหัสผ่านใหม่
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
