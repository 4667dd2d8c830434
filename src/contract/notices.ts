import { z } from "zod";
import { ResultStatus, WholeNumber } from "./common";
import { WinningNumbers } from "./lottery";
import { route } from "./route";
import { schema } from "./schema";

/**
 * A notice to a player about their money that the operator caused: a result correction (docs/decisions/026) that
 * took winnings back (amount < 0) or added some (amount > 0). Win notices are shown elsewhere.
 */
export const Notice = schema(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(["result.correction"]),
    activityid: z.number().int().nullable(),
    /** Lottery name, round number and draw date (Thai) of the corrected round. */
    name: z.string(),
    round_no: z.number().int(),
    date_th: z.string(),
    before: WinningNumbers,
    after: WinningNumbers,
    /** Baht: + added to the credit, − taken back. */
    amount: z.number(),
    reason: z.string(),
    read: z.boolean(),
    /** dd/mm/yyyy hh:mm:ss Buddhist era. */
    date_time: z.string(),
  }),
);
export type Notice = z.infer<typeof Notice>;

export const myNotices = route({
  method: "POST",
  path: "/api/my-notices",
  access: "player",
  summary: "แจ้งเตือนของฉัน (เช่น การแก้ผลรางวัลที่เปลี่ยนยอดเงินรางวัล) และจำนวนที่ยังไม่อ่าน",
  body: () => z.object({}).nullish(),
  response: () => z.object({ status: ResultStatus, notices: z.array(Notice), unread: z.number().int() }),
});

export const readNotice = route({
  method: "POST",
  path: "/api/read-notice",
  access: "player",
  summary: "ทำเครื่องหมายว่าอ่านแจ้งเตือนแล้ว (id ของแจ้งเตือน หรือ all: true ทั้งหมด)",
  body: () =>
    z
      .object({ id: WholeNumber("รหัสแจ้งเตือนไม่ถูกต้อง", { coerce: true }).optional(), all: z.boolean().optional() })
      .refine((b) => b.id !== undefined || b.all === true, "กรุณาระบุแจ้งเตือนที่อ่านแล้ว"),
  response: () => z.object({ status: ResultStatus, unread: z.number().int() }),
});
