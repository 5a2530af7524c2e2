import { describe, expect, it } from "vitest";
import { forgetCatalogue } from "../home/catalogue.ts";
import { useTestApi } from "../testing/api.ts";
import { createStory, mailedReader, type Person } from "../testing/fixtures.ts";
import { sendNewsletter } from "./newsletter.ts";

// A file of its own: the letter picks from the whole catalogue, which here is only this test's.
const t = useTestApi();
const BASE = "https://inkwell.test";

/** A reader with a verified address who asked for the newsletter, unless told otherwise. */
const person = (overrides: Parameters<typeof mailedReader>[2] = {}): Promise<Person> =>
  mailedReader(t.handle.db, "lettered", { notify_subscribe: 1, ...overrides });

async function ok(response: Response) {
  expect(response.status, await response.text()).toBe(200);
}

/** The titles each newsletter sent to `who` names, a list for each letter. */
async function lettersTo(who: Person): Promise<string[][]> {
  const letters = await t.handle.db
    .selectFrom("outbox")
    .select("text_body")
    .where("to_address", "=", `${who.username}@example.com`)
    .orderBy("id")
    .execute();
  return letters.map((letter) =>
    [...letter.text_body.matchAll(/^- (.+), by /gm)].map((line) => line[1] ?? ""),
  );
}

describe("the monthly newsletter", () => {
  it("leaves out for each reader what their story lists would, and skips a reader left with nothing", async () => {
    const writer = await person({ notify_subscribe: 0 });
    const other = await person({ notify_subscribe: 0 });
    await createStory(t.handle.db, writer.id, {
      title: "Harbour Lights",
      read_count: 900,
      tags: ["shipwrecks"],
    });
    // Six stories for the five places of "Most read": one hidden makes way for the sixth.
    const pines = ["Under the Pines", "Pines II", "Pines III", "Pines IV", "Pines V"];
    for (const [index, title] of pines.entries()) {
      await createStory(t.handle.db, other.id, { title, read_count: 800 - index });
    }
    forgetCatalogue(t.handle.db);
    const [blockedByWriter, blockingWriter, muting, blockingTag, everything, nothingLeft] =
      await Promise.all([person(), person(), person(), person(), person(), person()]);
    const mute = (who: Person, whom: Person) =>
      t.send("POST", `/apiv2/ignoreuser?action=ignore_user&id=${whom.username}`, who);
    const block = (who: Person, whom: Person) =>
      t.send("POST", `/v4/users/${whom.username}/blocks`, who);
    await ok(await block(writer, blockedByWriter));
    await ok(await block(blockingWriter, writer));
    await ok(await mute(muting, writer));
    const tags = `/v5/users/${blockingTag.username}/content-settings/blocked-tags`;
    await ok(await t.send("PUT", tags, blockingTag, { blockedTags: ["Shipwrecks"] }));
    await ok(await mute(nothingLeft, other));
    await ok(await block(writer, nothingLeft));

    const sent = await sendNewsletter(t.handle.db, BASE);
    expect(await lettersTo(everything)).toEqual([["Harbour Lights", ...pines.slice(0, 4)]]);
    for (const reader of [blockedByWriter, blockingWriter, muting, blockingTag]) {
      expect([reader.username, await lettersTo(reader)]).toEqual([reader.username, [pines]]);
    }
    expect(await lettersTo(nothingLeft)).toEqual([]);
    // Six readers asked for it; one had nothing left to read in it.
    expect(sent).toBe(5);
  });
});
