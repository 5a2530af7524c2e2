import { beforeAll, describe, expect, it } from "vitest";
import { useTestApi } from "../testing/api.ts";
import { createUser, sessionCookie } from "../testing/fixtures.ts";

const t = useTestApi();
let reader: { id: number; username: string };
let cookie: string;

const path = (username: string) => `/v5/users/${username}/privacy-settings/ccpa/`;
const put = (username: string, body: string, headers: Record<string, string> = {}) =>
  t.get(path(username), {
    method: "PUT",
    headers: { cookie, "content-type": "application/json", ...headers },
    body,
  });

beforeAll(async () => {
  reader = await createUser(t.handle.db, { username: "CaliforniaRae" });
  cookie = await sessionCookie(t.handle.db, reader.id);
});

describe("privacy opt-out", () => {
  it("starts opted in, then keeps an opt-out and a change of mind", async () => {
    const first = await t.get(path("californiarae"), { headers: { cookie } });
    expect(await first.json()).toEqual({ optout: false });
    expect(await (await put(reader.username, '{"optout":true}')).json()).toEqual({ optout: true });
    const kept = await t.get(path(reader.username), { headers: { cookie } });
    expect(await kept.json()).toEqual({ optout: true });
    expect(await (await put(reader.username, '{"optout":false}')).json()).toEqual({
      optout: false,
    });
  });

  it("refuses a bad body, changing nothing", async () => {
    await put(reader.username, '{"optout":true}');
    const refused = await put(reader.username, '{"optout":"yes"}');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "optout must be true or false",
    );
    const kept = await t.get(path(reader.username), { headers: { cookie } });
    expect(await kept.json()).toEqual({ optout: true });
  });

  it("is the user's own: 401 for visitors, 403 for someone else", async () => {
    expect((await t.get(path(reader.username))).status).toBe(401);
    const other = await createUser(t.handle.db);
    const otherCookie = await sessionCookie(t.handle.db, other.id);
    expect((await t.get(path(reader.username), { headers: { cookie: otherCookie } })).status).toBe(
      403,
    );
    const write = await t.get(path(reader.username), {
      method: "PUT",
      headers: { cookie: otherCookie, "content-type": "application/json" },
      body: '{"optout":false}',
    });
    expect(write.status).toBe(403);
    const kept = await t.get(path(reader.username), { headers: { cookie } });
    expect(await kept.json()).toEqual({ optout: true });
  });
});
