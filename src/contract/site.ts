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
  openSite: z.boolean(),
  siteName: z.string(),
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
