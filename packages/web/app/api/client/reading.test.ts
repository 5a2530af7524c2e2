import { describe, expect, it } from "vitest";
import { createApiClient } from "../client.ts";

describe("the reading calls", () => {
  it("send a vote and its undoing as keepalive requests, which outlive the page", async () => {
    const sent: Array<{ path: string; init: RequestInit | undefined }> = [];
    const api = createApiClient(async (path, init) => {
      sent.push({ path, init });
      return Response.json({ voted: init?.method === "POST", votes: 3 });
    });
    await api.vote(12, 34, true);
    await api.vote(12, 34, false);
    expect(sent.map(({ path, init }) => [path, init?.method, init?.keepalive])).toEqual([
      ["/api/v3/stories/12/parts/34/votes", "POST", true],
      ["/api/v3/stories/12/parts/34/votes", "DELETE", true],
    ]);
  });
});
