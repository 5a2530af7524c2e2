import { afterAll, beforeAll } from "vitest";
import { type Api, createApi } from "../app.ts";
import type { DatabaseHandle } from "../db/connection.ts";
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
    context.api = createApi(context.handle);
    context.get = async (path, init) => context.api.request(path, init);
  });
  afterAll(async () => {
    await context.handle?.close();
  });
  return context;
}
