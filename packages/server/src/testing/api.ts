import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type Api, createApi } from "../app.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { openTestDatabase } from "./database.ts";

/** The site's public origin in API tests: that of `app.request("/path")`. */
export const TEST_PUBLIC_URL = "http://localhost";

export interface TestApi {
  handle: DatabaseHandle;
  api: Api;
  /** Where this file's uploads go: a fresh folder, removed when the file ends. */
  mediaDir: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  /** A call as `who` (a visitor when null), with a JSON body when given. */
  send(method: string, path: string, who: Caller | null, body?: unknown): Promise<Response>;
}

/** Whoever makes a call: their session cookie is all a request needs. */
export interface Caller {
  cookie: string;
}

/** The answer's JSON body, once its status is the one expected (else the body says why). */
export async function jsonAnswer<T>(response: Response | Promise<Response>, status = 200) {
  const answer = await response;
  const body = await answer.text();
  expect(answer.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/** Per test file: a fresh database and the API over it, closed when the file ends. */
export function useTestApi(): TestApi {
  const context = {} as TestApi;
  beforeAll(async () => {
    context.handle = await openTestDatabase();
    context.mediaDir = await mkdtemp(join(tmpdir(), "inkwell-media-"));
    // Every request of a test file comes from one address: limits are tested on their own.
    // Emailed links are on the origin `app.request` calls default to, wherever a call says it goes.
    context.api = createApi(context.handle, {
      limits: accountLimiters(1000),
      mediaDir: context.mediaDir,
      publicUrl: TEST_PUBLIC_URL,
    });
    context.get = async (path, init) => context.api.request(path, init);
    context.send = async (method, path, who, body) => {
      const headers: Record<string, string> = {};
      if (who) headers.cookie = who.cookie;
      if (body !== undefined) headers["content-type"] = "application/json";
      return context.api.request(path, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    };
  });
  afterAll(async () => {
    await context.handle?.close();
    if (context.mediaDir) await rm(context.mediaDir, { recursive: true, force: true });
  });
  return context;
}
