import { type ApiError, REFUSED } from "@inkwell/shared";
import type { Context } from "hono";
import type { HTTPException } from "hono/http-exception";

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

/** What a request body far larger than any call takes answers (413), unread. */
export const REQUEST_TOO_LARGE: ApiError = {
  code: "too_large",
  message: "The request is far larger than any call takes.",
};

/**
 * What Hono's own refusals say (its validators': a body that is not valid JSON, or not of
 * the type the call takes), in the {code, message} every other refusal has.
 */
export const frameworkRefusal = (error: HTTPException): ApiError => ({
  code: error.status === 415 ? "unsupported_media_type" : "bad_request",
  message: error.message || "The request could not be read.",
});

export const notFound = (what: string) => new HttpError(404, "not_found", `${what} was not found`);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, "bad_request", message, fields);

/**
 * A refused account or safety change as its clients read it (the settings modals, the
 * password forms, the mute calls): {code: 467, error_code, message} with a 400.
 */
export const refusal = (c: Context, error: HttpError) =>
  c.json({ code: REFUSED, error_code: error.code, message: error.message }, 400);
