import { type ApiError, REFUSED } from "@inkwell/shared";
import type { Context } from "hono";

/** An error a client caused or should know about; routes turn it into {code, message}. */
export class HttpError extends Error {
  readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 429 | 503;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(
    status: HttpError["status"],
    code: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  toJSON(): ApiError {
    return { code: this.code, message: this.message, ...(this.fields && { fields: this.fields }) };
  }
}

/** What a request that failed on the server's side answers (500), besides a log line. */
export const INTERNAL_ERROR: ApiError = {
  code: "internal",
  message: "Something went wrong. Please try again.",
};

export const notFound = (what: string) => new HttpError(404, "not_found", `${what} was not found`);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, "bad_request", message, fields);

/**
 * A refused account or safety change as its clients read it (the settings modals, the
 * password forms, the mute calls): {code: 467, error_code, message} with a 400.
 */
export const refusal = (c: Context, error: HttpError) =>
  c.json({ code: REFUSED, error_code: error.code, message: error.message }, 400);
