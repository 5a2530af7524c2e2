import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import type { Viewer } from "../viewer.ts";

export interface CcpaSetting {
  optout: boolean;
}

/** Privacy settings are the user's own: {username} must be the signed-in user. */
function assertSelf(viewer: Viewer, username: string): void {
  if (viewer.username.toLowerCase() !== username.toLowerCase()) {
    throw new HttpError(403, "forbidden", "You can only see and change your own privacy settings.");
  }
}

export async function getCcpa(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
): Promise<CcpaSetting> {
  assertSelf(viewer, username);
  const row = await db
    .selectFrom("users")
    .select("ccpa_optout")
    .where("id", "=", viewer.id)
    .executeTakeFirstOrThrow();
  return { optout: row.ccpa_optout === 1 };
}

export async function setCcpa(
  db: Kysely<Database>,
  viewer: Viewer,
  username: string,
  optout: boolean,
): Promise<CcpaSetting> {
  assertSelf(viewer, username);
  await db
    .updateTable("users")
    .set({ ccpa_optout: optout ? 1 : 0 })
    .where("id", "=", viewer.id)
    .execute();
  return { optout };
}
