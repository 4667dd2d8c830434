import type { RefusalReason } from "../../contract/common";

/**
 * An error a caller can act on: an HTTP status, the response `status` word and a Thai message.
 * Thrown by services; the error handler turns it into the JSON body of DESIGN.md §4.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly status: "Error" | "Failure" = "Error",
    /** A refusal of the bet path the page may act on, sent as `reason`. */
    readonly reason?: RefusalReason,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "กรุณาเข้าสู่ระบบใหม่") => new ApiError(401, message);
export const forbidden = (message = "ไม่มีสิทธิ์เข้าถึงข้อมูลนี้") => new ApiError(403, message);
export const notFound = (message = "ไม่พบข้อมูล") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const tooManyRequests = (message = "ทำรายการบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่") => new ApiError(429, message);
/** The site is closed for maintenance (or a part of it is away): the Thai message says why and until when. */
export const unavailable = (message: string) => new ApiError(503, message);
