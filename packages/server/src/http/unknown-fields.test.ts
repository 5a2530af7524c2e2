import { describe, expect, it } from "vitest";
import { jsonAnswer, useTestApi } from "../testing/api.ts";
import { createStory, type Person, signedInUser } from "../testing/fixtures.ts";

const t = useTestApi();

/** A write call and a body it takes; the test adds a field it does not have. */
interface Call {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** Form-encoded, as a page or a beacon posts it, rather than JSON. */
  form?: boolean;
  /** The unknown field, when it is inside the body rather than at its top. */
  unknown?: string;
}

/** Every row of every table, to show a refused call stored nothing anywhere. */
async function everything() {
  const tables = await t.handle.db.introspection.getTables();
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    // Sessions note when they were last used, which any call does: not something it stored.
    if (name === "sessions") continue;
    rows[name] = await t.handle.db
      .selectFrom(name as "users")
      .selectAll()
      .execute();
  }
  return rows;
}

const formOf = (body: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)])).toString();

/** Each call with `surplus` added is refused naming it, and nothing is stored. */
async function expectRefused(who: Person, calls: Call[]) {
  const before = await everything();
  const answers: unknown[] = [];
  const refusals: unknown[] = [];
  for (const { method, path, body, form, unknown = "surplus" } of calls) {
    const sent = unknown === "surplus" ? { ...body, surplus: "x" } : body;
    const response = await t.get(path, {
      method,
      headers: {
        cookie: who.cookie,
        "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
      },
      body: form ? formOf(sent) : JSON.stringify(sent),
    });
    const message = `${unknown} is not a field of this call`;
    answers.push([method, path, response.status, await response.json()]);
    refusals.push([
      method,
      path,
      400,
      { code: "bad_request", message, fields: { [unknown]: message } },
    ]);
  }
  expect(answers).toEqual(refusals);
  expect(await everything()).toEqual(before);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("a field a write call does not have (decision 120 and its extension)", () => {
  it("is refused on a reader's calls, naming it, with nothing stored", async () => {
    const reader = await signedInUser(t.handle.db);
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id, { tags: ["sea"] });
    const [partId] = story.partIds;
    const list = await t.send("POST", "/api/v3/lists/", reader, { name: "Later" });
    const { id: listId } = (await list.json()) as { id: number };
    const me = `/api/v3/users/${reader.username}`;
    const settings = `/v5/users/${reader.username}/content-settings`;
    await expectRefused(reader, [
      {
        method: "POST",
        path: "/v5/comments",
        body: { resource: { namespace: "parts", resourceId: partId }, text: "Lovely" },
      },
      {
        method: "POST",
        path: "/v5/comments",
        body: {
          resource: { namespace: "parts", resourceId: partId, surplus: 1 },
          text: "Lovely",
        },
        unknown: "resource.surplus",
      },
      { method: "POST", path: `${me}/inbox/${writer.username}`, body: { body: "Hello" } },
      { method: "POST", path: `/api/v3/users/${writer.username}/messages`, body: { body: "Hi" } },
      { method: "POST", path: "/api/v3/lists/", body: { name: "Soon", stories: story.id } },
      { method: "PUT", path: `/api/v3/lists/${listId}`, body: { name: "Soon" } },
      { method: "POST", path: `/api/v3/lists/${listId}/stories`, body: { stories: story.id } },
      { method: "PUT", path: `/api/v3/lists/${listId}/stories`, body: { stories: [story.id] } },
      { method: "POST", path: `${me}/library`, body: { stories: story.id } },
      { method: "PUT", path: `${me}/library/${story.id}`, body: { archived: true } },
      { method: "POST", path: `${me}/following`, body: { users: writer.username }, form: true },
      { method: "DELETE", path: `${me}/following`, body: { users: writer.username } },
      { method: "PUT", path: `${settings}/include-mature`, body: { includeMature: true } },
      { method: "PUT", path: `${settings}/blocked-tags`, body: { blockedTags: ["sea"] } },
      { method: "POST", path: settings, body: { preferredTags: ["Fantasy"] } },
      {
        method: "PUT",
        path: `/v5/users/${reader.username}/privacy-settings/ccpa/`,
        body: { optout: true },
      },
      {
        method: "POST",
        path: "/apiv2/syncreadingposition",
        body: { story_id: story.id, part_id: partId, position: 0.5 },
        form: true,
      },
      {
        method: "POST",
        path: `/api/v3/story_parts/${partId}/reading-time`,
        body: { seconds: 30 },
        form: true,
      },
      { method: "POST", path: "/api/v3/users/me/recent-searches", body: { query: "sea" } },
      {
        method: "POST",
        path: "/v5/events",
        body: { name: "contest_form_view", storyId: story.id },
        form: true,
      },
      {
        method: "POST",
        path: "/v4/support/tickets/",
        body: {
          comment: "This copies my story.",
          subject: "Report",
          "requester[name]": "Mara",
          "requester[email]": "mara@example.com",
        },
        form: true,
      },
      {
        method: "PUT",
        path: `${me}/notification-settings`,
        body: { id: reader.id, alerts: true, alertssub: true, subscribe: true, alertssubmask: 0 },
      },
      { method: "POST", path: "/v5/password-strength/check", body: { password: "sea-storm-7" } },
      {
        method: "POST",
        path: "/v5/image_moderation/appeal",
        body: { image_url: "/media/cover.jpg", reason: "It is my own drawing." },
      },
    ]);
  });

  it("is refused on a writer's calls, naming it, with nothing stored", async () => {
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id, { parts: [{}, { draft: 1 }] });
    const [first, draft] = story.partIds;
    const admin = await signedInUser(t.handle.db, { is_sysadmin: 1 });
    const contest = { key: "awards", year: 2027, tag: "awards2027", closesAt: inDays(30) };
    await jsonAnswer(t.send("PUT", "/v5/contests/wattys", admin, { ...contest, minWords: 0 }));
    await expectRefused(writer, [
      { method: "POST", path: `/v4/works/${story.id}/parts`, body: { title: "Two" } },
      { method: "PUT", path: `/v4/works/${story.id}/parts`, body: { parts: [draft, first] } },
      {
        method: "POST",
        path: `/v4/parts/${draft}/schedule-publish`,
        body: { datetime: inDays(2) },
      },
      {
        method: "POST",
        path: "/apiv2/editstorytags",
        body: { request_type: "add", tag_value: "sea", story_id: story.id },
        form: true,
      },
      {
        method: "PUT",
        path: `/v4/works/${story.id}/sale`,
        body: { percent: 20, endsAt: inDays(7) },
      },
      { method: "POST", path: "/v5/stories", body: { story_id: story.id } },
      {
        method: "POST",
        path: `/v5/contests/wattys/story/${story.id}/submission`,
        body: { language: "English" },
      },
      { method: "POST", path: "/apiv2/updatestorycover", body: { id: story.id, image: "x" } },
      { method: "POST", path: `/v4/parts/${first}/images`, body: { image: "x" } },
      { method: "PATCH", path: `/api/v3/users/${writer.username}`, body: { name: "Mara" } },
    ]);
  });

  it("is refused on staff's calls, naming it, with nothing stored", async () => {
    const admin = await signedInUser(t.handle.db, { is_sysadmin: 1, is_ambassador: 1 });
    const writer = await signedInUser(t.handle.db);
    const story = await createStory(t.handle.db, writer.id);
    const staffStory = `/v5/admin/stories/${story.id}`;
    const profile = `/api/v3/users/${writer.username}/moderation`;
    await expectRefused(admin, [
      { method: "POST", path: `${profile}/close`, body: { reason: "spam" } },
      { method: "POST", path: `${profile}/timeout`, body: { reason: "Rude comments" } },
      { method: "PATCH", path: staffStory, body: { locked: true } },
      { method: "PUT", path: `${staffStory}/ad-exempt`, body: { exempt: true } },
      { method: "POST", path: `${staffStory}/notes`, body: { body: "Checked." } },
      { method: "PUT", path: `${staffStory}/sale`, body: { percent: 20, endsAt: inDays(7) } },
      { method: "POST", path: "/v4/support/reports/1/notes", body: { body: "Checked." } },
      { method: "POST", path: "/v4/support/reports/1/resolve", body: { outcome: "no_violation" } },
      { method: "POST", path: "/v5/image_moderation/flags", body: { image_url: "/media/a.jpg" } },
      {
        method: "POST",
        path: "/v5/image_moderation/appeals/1/decision",
        body: { decision: "upheld" },
      },
      {
        method: "POST",
        path: "/v5/promotions",
        body: {
          storyId: story.id,
          sponsorName: "Acme",
          startsAt: inDays(1),
          endsAt: inDays(8),
        },
      },
      { method: "PATCH", path: "/v5/promotions/1", body: { endsAt: inDays(8) } },
      {
        method: "PUT",
        path: "/v5/contests/wattys",
        body: { key: "awards", year: 2027, tag: "awards2027", closesAt: inDays(30), minWords: 0 },
      },
    ]);
  });
});
