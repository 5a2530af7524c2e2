import { SUPPORT_USERNAME } from "@inkwell/shared";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { plainViewer, type Viewer } from "../viewer.ts";

/**
 * The support account, made the first time something speaks for support. It is not made by
 * a migration because a database with a user in it counts as used and would not be seeded;
 * it has no password and no email, so nobody can sign in as it, and its name is reserved.
 */
export async function supportAccount(db: Kysely<Database>, now = Date.now()): Promise<Viewer> {
  await db
    .insertInto("users")
    .values({
      username: SUPPORT_USERNAME,
      username_lower: SUPPORT_USERNAME.toLowerCase(),
      name: "Inkwell Support",
      is_staff: 1,
      is_verified: 1,
      email_verified: 1,
      created_at: now,
    })
    .onConflict((oc) => oc.column("username_lower").doNothing())
    .execute();
  const row = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username_lower", "=", SUPPORT_USERNAME.toLowerCase())
    .executeTakeFirstOrThrow();
  return plainViewer(row, { isStaff: true });
}
