import type { ApiError } from "@inkwell/shared";

/** How the client reaches the API: in-process on the server, fetch in the browser. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, body: Partial<ApiError>) {
    super(body.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = body.code ?? "unknown";
  }
}

export async function readJson<T>(response: Response): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as Partial<ApiError>;
  throw new ApiRequestError(response.status, body);
}

/** One page of a list: `limit` items from `offset`. */
export interface PageQuery {
  limit: number;
  offset: number;
}

export const userPath = (username: string, rest = "") =>
  `/api/v3/users/${encodeURIComponent(username)}${rest}`;

export const pageParams = ({ limit, offset }: PageQuery) =>
  new URLSearchParams({ limit: String(limit), offset: String(offset) });

/** An answer the settings forms read: {code: 467, error_code, message} when refused. */
export interface Refusal {
  code?: number | string;
  error_code?: string;
  message?: string;
  /** Where an image appeal stands, when one is refused (accounts-safety-messaging.md §7). */
  status?: string;
  /** What is wrong, field by field, when the input was refused (400). */
  fields?: Record<string, string>;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export async function outcome<T>(response: Response): Promise<Outcome<T>> {
  const body = (await response.json().catch(() => ({}))) as T & Refusal;
  return response.ok ? { ok: true, value: body } : { ok: false, refusal: body };
}

export const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

export const json = (method: "PUT" | "POST" | "PATCH" | "DELETE", body: unknown) => ({
  method,
  headers: { accept: "application/json", "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** A call that sends nothing and asks for JSON back (a refusal's reason included). */
export const noBody = (method: "GET" | "POST" | "PUT" | "DELETE") => ({
  method,
  headers: { accept: "application/json" },
});

/** How each call reads its answer: a value, an outcome to show, or null for a visitor. */
export function requests(fetchApi: ApiFetch) {
  return {
    fetchApi,
    get: async <T>(path: string) => readJson<T>(await fetchApi(path)),
    call: async <T>(path: string, init: RequestInit) => outcome<T>(await fetchApi(path, init)),
    orNullForVisitors: async <T>(path: string) => {
      const response = await fetchApi(path);
      return response.status === 401 ? null : readJson<T>(response);
    },
  };
}

export type Requests = ReturnType<typeof requests>;
