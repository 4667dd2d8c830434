import { SESSION_END_HEADER, type SessionEndReason } from "../../contract/auth";
import { ApiError } from "./errors";

/**
 * A 401 for a token whose session is over, saying why (docs/decisions/029): the browser's sign-in page tells the
 * player in Thai. The reason travels in the standard WWW-Authenticate challenge (RFC 6750), so the JSON
 * body stays the contract's error shape.
 */
export class SessionEnded extends ApiError {
  constructor(
    readonly why: SessionEndReason,
    message: string,
  ) {
    super(401, message);
  }

  get challenge(): [string, string] {
    return [SESSION_END_HEADER, `Bearer error="invalid_token", error_description="${this.why}"`];
  }
}
