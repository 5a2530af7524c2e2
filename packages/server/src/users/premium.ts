import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MaybeViewer } from "../viewer.ts";

/** Whether this viewer is a Premium member (a visitor never is). */
export async function isPremium(db: Kysely<Database>, viewer: MaybeViewer): Promise<boolean> {
  if (!viewer) return false;
  const row = await db
    .selectFrom("users")
    .select("is_premium")
    .where("id", "=", viewer.id)
    .executeTakeFirst();
  return row?.is_premium === 1;
}
