import type { ApiError } from "@inkwell/shared";

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

export const notFound = (what: string) => new HttpError(404, "not_found", `${what} was not found`);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, "bad_request", message, fields);
