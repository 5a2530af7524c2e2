import { afterAll, beforeAll } from "vitest";
import { type Api, createApi } from "../app.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { accountLimiters } from "../http/rate-limit.ts";
import { openTestDatabase } from "./database.ts";

export interface TestApi {
  handle: DatabaseHandle;
  api: Api;
  get(path: string, init?: RequestInit): Promise<Response>;
}

/** Per test file: a fresh database and the API over it, closed when the file ends. */
export function useTestApi(): TestApi {
  const context = {} as TestApi;
  beforeAll(async () => {
    context.handle = await openTestDatabase();
    // Every request of a test file comes from one address: limits are tested on their own.
    context.api = createApi(context.handle, { limits: accountLimiters(1000) });
    context.get = async (path, init) => context.api.request(path, init);
  });
  afterAll(async () => {
    await context.handle?.close();
  });
  return context;
}
