import type { RefusalReason } from "../../contract/common";

/**
 * A call refused or failed, with the Thai message to show. Its own file so that pages can tell a refusal
 * apart without importing the API client, which only the per-call files under features/<feature>/api/ use (docs/decisions/041).
 */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    /** The refusal the server named (contract ErrorResponse.reason), if any. */
    readonly reason?: RefusalReason,
  ) {
    super(message);
  }
}
