/**
 * Signed-in readers for the /v5/home bench: sessions for a spread of the bench catalogue's
 * users, each given genres and reading positions through the API as a reader would (their
 * feeds differ), and the sessions removed afterwards. The genres and positions stay: each
 * run sets them to the same values again.
 */
import { GENRES } from "@inkwell/shared";
import { createSession, SESSION_COOKIE } from "../packages/server/src/accounts/sessions.ts";
import { openDatabase } from "../packages/server/src/db/connection.ts";

export interface Reader {
  userId: number;
  cookie: string;
}

/** Every this-many-th user of the catalogue becomes a bench reader. */
const SPREAD = 40;

export async function prepareReaders(
  base: string,
  sqlitePath: string,
  count: number,
  hotStories: number[],
  hotParts: number[],
): Promise<{ readers: Reader[]; close: () => Promise<void> }> {
  const handle = openDatabase({ sqlitePath });
  const users = await handle.db
    .selectFrom("users")
    .select(["id", "username"])
    .where((eb) => eb(eb.fn("mod", [eb.ref("id"), eb.lit(SPREAD)]), "=", 0))
    .orderBy("id")
    .limit(count)
    .execute();
  const readers: Reader[] = [];
  for (const [index, user] of users.entries()) {
    const { token } = await createSession(handle.db, user.id);
    const cookie = `${SESSION_COOKIE}=${token}`;
    readers.push({ userId: user.id, cookie });
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((response) => {
        if (!response.ok) throw new Error(`POST ${path} answered ${response.status}`);
      });
    const genres = [0, 1].map((k) => GENRES[(index * 3 + k * 5) % GENRES.length]?.tag ?? "romance");
    await post(`/v5/users/${encodeURIComponent(user.username)}/content-settings`, {
      preferredTags: genres,
    });
    for (let k = 0; k < 3; k++) {
      const at = (index * 7 + k * 11) % hotStories.length;
      await post("/apiv2/syncreadingposition", {
        story_id: hotStories[at],
        part_id: hotParts[at],
        position: 0.3,
      });
    }
  }
  const close = async () => {
    await handle.db
      .deleteFrom("sessions")
      .where(
        "user_id",
        "in",
        readers.map((reader) => reader.userId),
      )
      .execute();
    await handle.close();
  };
  return { readers, close };
}
