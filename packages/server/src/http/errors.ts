import { type ApiError, REFUSED } from "@inkwell/shared";
import type { Context } from "hono";
import type { HTTPException } from "hono/http-exception";

/** An error a client caused or should know about; routes turn it into {code, message}. */
export class HttpError extends Error {
  readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 415 | 429 | 503;
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

/** What a body that is not JSON, though it says it is, is refused with (400). */
export const MALFORMED_JSON = "The request body is not valid JSON.";

/** What a body of a type the call does not read is refused with (415): a JSON-only call's… */
export const UNSUPPORTED_BODY = "Send the body as JSON, with Content-Type: application/json.";
/** …a call that reads forms too… */
export const UNSUPPORTED_FIELDS =
  "Send the body as JSON (Content-Type: application/json) or as a form.";
/** …and a page, which reads forms only. */
export const UNSUPPORTED_FORM =
  "Send the form as application/x-www-form-urlencoded or multipart/form-data.";

/**
 * What Hono's own refusals say (its validators': a body that is not valid JSON, or not of
 * the type the call takes), in the {code, message} every other refusal has and in the
 * words readFields uses for the same faults, not Hono's ("Unsupported Media Type").
 */
export const frameworkRefusal = (error: HTTPException): ApiError =>
  error.status === 415
    ? { code: "unsupported_media_type", message: UNSUPPORTED_BODY }
    : {
        code: "bad_request",
        message:
          error.message === "Malformed JSON in request body"
            ? MALFORMED_JSON
            : error.message || "The request could not be read.",
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
