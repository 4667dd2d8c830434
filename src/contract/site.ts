import { z } from "zod";
import { EmptyBody, ResultStatus } from "./common";
import { route } from "./route";

export const getTimeNow = route({
  method: "POST",
  path: "/get-timenow",
  access: "public",
  summary: "เวลาของเซิร์ฟเวอร์ (ใช้ปรับนาฬิกานับถอยหลัง)",
  body: EmptyBody,
  response: z.object({
    status: ResultStatus,
    /** ISO 8601 instant. */
    timenow: z.string(),
    /** Epoch milliseconds. */
    timestamp: z.number().int(),
  }),
});

export const SiteConfig = z.object({
  /** false while the operator has closed the site for maintenance (decision 021). */
  openSite: z.boolean(),
  siteName: z.string(),
  /** What players read on the maintenance page and in every refusal while the site is closed. */
  closedMessage: z.string(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const readOpenSiteConfig = route({
  method: "GET",
  path: "/read-openSite-config",
  access: "public",
  summary: "สถานะเปิด/ปิดเว็บไซต์",
  body: undefined,
  response: z.object({ status: ResultStatus, siteconfig: SiteConfig }),
});

/** The operator's words to players while the site is closed. */
export const CLOSED_MESSAGE_MAX = 300;

export const adminSetOpenSite = route({
  method: "POST",
  path: "/api/admin/set-open-site",
  access: "admin",
  summary: "เปิดหรือปิดเว็บไซต์ (ปิดปรับปรุง) พร้อมข้อความถึงผู้เล่นและเหตุผลที่บันทึกไว้",
  body: z.object({
    openSite: z.boolean({ error: "กรุณาระบุว่าจะเปิดหรือปิดเว็บไซต์" }),
    /** Shown to players while closed; empty or absent when closing gives the site's standard message. */
    closedMessage: z
      .string({ error: "ข้อความถึงผู้เล่นต้องเป็นข้อความ" })
      .trim()
      .max(CLOSED_MESSAGE_MAX, `ข้อความถึงผู้เล่นยาวได้ไม่เกิน ${CLOSED_MESSAGE_MAX} ตัวอักษร`)
      .optional(),
    reason: z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"),
  }),
  response: z.object({ status: ResultStatus, message: z.string(), siteconfig: SiteConfig }),
});
