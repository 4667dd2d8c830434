import { PasswordInput } from "@mantine/core";

/**
 * A password being chosen and its confirmation, as registering, resetting and changing one all ask for
 * them: the rule said under the first, `new-password` autocomplete on both so a password manager offers
 * to make one.
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors = {},
}: {
  label: "รหัสผ่าน" | "รหัสผ่านใหม่";
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** What is wrong with each, shown under it. */
  errors?: { password?: string; confirm?: string };
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description="อย่างน้อย 8 ตัวอักษร"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors.password}
        required
      />
      <PasswordInput
        label={`ยืนยัน${label}`}
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.currentTarget.value)}
        error={errors.confirm}
        required
      />
    </>
  );
}
