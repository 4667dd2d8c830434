import { z } from "zod";
import { BankCode } from "./auth";
import { EmptyBody, ResultStatus } from "./common";
import { route } from "./route";
import { schema } from "./schema";

export const getTimeNow = route({
  method: "POST",
  path: "/get-timenow",
  access: "public",
  summary: "เวลาของเซิร์ฟเวอร์ (ใช้ปรับนาฬิกานับถอยหลัง)",
  body: () => EmptyBody,
  response: () =>
    z.object({
      status: ResultStatus,
      /** ISO 8601 instant. */
      timenow: z.string(),
      /** Epoch milliseconds. */
      timestamp: z.number().int(),
    }),
});

export const SiteConfig = schema(() =>
  z.object({
    /** false while the operator has closed the site for maintenance (decision 021). */
    openSite: z.boolean(),
    siteName: z.string(),
    /** What players read on the maintenance page and in every refusal while the site is closed. */
    closedMessage: z.string(),
  }),
);
export type SiteConfig = z.infer<typeof SiteConfig>;

export const readOpenSiteConfig = route({
  method: "GET",
  path: "/read-openSite-config",
  access: "public",
  summary: "สถานะเปิด/ปิดเว็บไซต์",
  body: undefined,
  response: () => z.object({ status: ResultStatus, siteconfig: SiteConfig }),
});

/** The operator's words to players while the site is closed. */
export const CLOSED_MESSAGE_MAX = 300;

export const adminSetOpenSite = route({
  method: "POST",
  path: "/api/admin/set-open-site",
  access: "admin",
  summary: "เปิดหรือปิดเว็บไซต์ (ปิดปรับปรุง) พร้อมข้อความถึงผู้เล่นและเหตุผลที่บันทึกไว้",
  body: () =>
    z.object({
      openSite: z.boolean({ error: "กรุณาระบุว่าจะเปิดหรือปิดเว็บไซต์" }),
      /** Shown to players while closed; empty or absent when closing gives the site's standard message. */
      closedMessage: z
        .string({ error: "ข้อความถึงผู้เล่นต้องเป็นข้อความ" })
        .trim()
        .max(CLOSED_MESSAGE_MAX, `ข้อความถึงผู้เล่นยาวได้ไม่เกิน ${CLOSED_MESSAGE_MAX} ตัวอักษร`)
        .optional(),
      reason: z.string({ error: "กรุณาระบุเหตุผล" }).trim().min(3, "กรุณาระบุเหตุผลอย่างน้อย 3 ตัวอักษร").max(300, "เหตุผลยาวเกินไป"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), siteconfig: SiteConfig }),
});

// ---- site content the operator edits (docs/decisions/027) ----

export const SiteContent = schema(() =>
  z.object({
    /** One line shown scrolling (a marquee) on the home page; empty: none. */
    announcement: z.string(),
    /** The site's LINE id (e.g. @lotto) and the link that opens it (https://line.me/…); empty: none. */
    lineId: z.string(),
    lineUrl: z.string(),
    /** The phone number players may call; empty: none. */
    phone: z.string(),
    /** Where the welcome banner's image is (the site's own address); null: the standard banner. */
    bannerUrl: z.string().nullable(),
  }),
);
export type SiteContent = z.infer<typeof SiteContent>;

export const readSiteContent = route({
  method: "GET",
  path: "/read-site-content",
  access: "public",
  summary: "ประกาศ แบนเนอร์ และช่องทางติดต่อเจ้าหน้าที่ของเว็บ",
  body: undefined,
  response: () => z.object({ status: ResultStatus, content: SiteContent }),
});

export const ANNOUNCEMENT_MAX = 200;
export const BANNER_MAX_BYTES = 1024 * 1024;

/** A banner image as a data URL: PNG, JPEG or WEBP up to 1 MB (the server checks the bytes are that type). */
export const BannerImage = schema(() =>
  z
    .string({ error: "แบนเนอร์ต้องเป็นรูปภาพ" })
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, "แบนเนอร์ต้องเป็นรูปภาพ PNG, JPEG หรือ WEBP")
    .refine((s) => (s.length - s.indexOf(",") - 1) * 0.75 <= BANNER_MAX_BYTES, "ไฟล์แบนเนอร์ต้องมีขนาดไม่เกิน 1 MB"),
);

export const adminSetSiteContent = route({
  method: "POST",
  path: "/api/admin/site-content",
  access: "admin",
  summary: "แก้ไขประกาศ (ตัวอักษรวิ่งหน้าแรก) ช่องทางติดต่อ และรูปแบนเนอร์",
  body: () =>
    z.object({
      announcement: z
        .string({ error: "ประกาศต้องเป็นข้อความ" })
        .trim()
        .max(ANNOUNCEMENT_MAX, `ประกาศยาวได้ไม่เกิน ${ANNOUNCEMENT_MAX} ตัวอักษร`)
        .refine((s) => !/[<>]/.test(s), "ประกาศต้องไม่มีเครื่องหมาย < หรือ >"),
      lineId: z
        .string({ error: "LINE ID ต้องเป็นข้อความ" })
        .trim()
        .regex(/^(@?[A-Za-z0-9._-]{2,30})?$/, "LINE ID ต้องเป็นตัวอักษรภาษาอังกฤษ ตัวเลข . _ - (ขึ้นต้นด้วย @ ได้) 2-30 ตัว"),
      lineUrl: z
        .string({ error: "ลิงก์ LINE ต้องเป็นข้อความ" })
        .trim()
        .regex(
          /^(https:\/\/(line\.me|lin\.ee)\/[A-Za-z0-9._~%@/?=&+-]{1,200})?$/,
          "ลิงก์ LINE ต้องขึ้นต้นด้วย https://line.me/ หรือ https://lin.ee/",
        ),
      phone: z
        .string({ error: "เบอร์โทรต้องเป็นข้อความ" })
        .transform((s) => s.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(/^(0\d{8,9})?$/, "เบอร์โทรต้องเป็นตัวเลข 9-10 หลัก ขึ้นต้นด้วย 0")),
      /** A new banner image; null goes back to the standard banner; absent keeps the current one. */
      banner: BannerImage.nullish(),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), content: SiteContent }),
});

// ---- the banks players may choose (docs/decisions/052) ----

export const readBankList = route({
  method: "GET",
  path: "/read-bank-list",
  access: "public",
  summary: "ธนาคารและวอลเล็ทที่ผู้เล่นเลือกได้ (สมัครสมาชิก ฝาก และถอน)",
  body: undefined,
  response: () => z.object({ status: ResultStatus, enabled: z.array(BankCode) }),
});

export const adminSetBankList = route({
  method: "POST",
  path: "/api/admin/set-bank-list",
  access: "admin",
  summary: "เลือกธนาคารและวอลเล็ทที่ผู้เล่นเลือกได้เมื่อสมัครสมาชิก",
  body: () =>
    z.object({
      enabled: z
        .array(BankCode, { error: "กรุณาเลือกธนาคารจากรายการ" })
        .min(1, "ต้องเปิดให้เลือกได้อย่างน้อย 1 ธนาคาร")
        .refine((codes) => new Set(codes).size === codes.length, "เลือกธนาคารซ้ำกัน"),
    }),
  response: () => z.object({ status: ResultStatus, message: z.string(), enabled: z.array(BankCode) }),
});
